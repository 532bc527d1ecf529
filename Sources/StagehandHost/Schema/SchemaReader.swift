/// Reads a parsed JSON document against a schema and keeps one issue per problem.
///
/// Catalog and manifest parsers walk their documents with it; each problem becomes one
/// issue naming the JSON path of the field and what was expected there. A `problem`
/// makes the enclosing entry invalid; a `note` (an unknown field, most likely a typo or
/// a field from a newer schema) is reported but does not.
final class SchemaReader {
    struct Issue {
        var path: JSONPath
        var message: String
        var invalidates: Bool
    }

    private(set) var issues: [Issue] = []
    /// How many invalidating problems were found so far: an entry is valid when the
    /// count did not grow while reading it.
    private(set) var problemCount = 0

    func problem(_ path: JSONPath, _ message: String) {
        issues.append(Issue(path: path, message: message, invalidates: true))
        problemCount += 1
    }

    func note(_ path: JSONPath, _ message: String) {
        issues.append(Issue(path: path, message: message, invalidates: false))
    }

    /// The fields of `value`, or `nil` (and a problem) when it is not an object. Unknown
    /// keys are noted with the list of known ones; a key written twice is a problem,
    /// because JSON readers disagree on which one counts.
    func object(_ value: JSONValue, at path: JSONPath, expected: String = "an object", fields known: [String]) -> Fields? {
        guard case .object(let members) = value else {
            problem(path, "expected \(expected), found \(value.summary)")
            return nil
        }
        var byKey: [String: JSONValue] = [:]
        for member in members {
            let memberPath = path.appending(member.key)
            if byKey[member.key] != nil {
                problem(memberPath, JSONValue.duplicateKeyProblem)
                continue
            }
            byKey[member.key] = member.value
            if !known.contains(member.key) {
                note(memberPath, "unknown field, ignored (known fields: \(known.joined(separator: ", ")))")
            }
        }
        return Fields(reader: self, path: path, members: byKey)
    }

    /// The fields of one JSON object, read by key with the problems recorded.
    struct Fields {
        let reader: SchemaReader
        let path: JSONPath
        let members: [String: JSONValue]

        /// The raw value of `key`. A missing (or, for an optional field, `null`) value is
        /// `nil`; a missing required field is a problem that says what was expected.
        func value(_ key: String, required: Bool = true, expected: @autoclosure () -> String) -> JSONValue? {
            switch members[key] {
            case nil:
                if required { reader.problem(path.appending(key), "missing: expected \(expected())") }
                return nil
            case .null? where !required:
                return nil
            case let value?:
                return value
            }
        }

        func string(_ key: String, required: Bool = true, expected: String = "a string", isValid: (String) -> Bool = { _ in true }) -> String? {
            guard let value = value(key, required: required, expected: expected) else { return nil }
            guard case .string(let text) = value, isValid(text) else {
                reader.problem(path.appending(key), "expected \(expected), found \(value.summary)")
                return nil
            }
            return text
        }

        func bool(_ key: String) -> Bool? {
            let expected = "a boolean (true or false)"
            guard let value = value(key, expected: expected) else { return nil }
            guard case .bool(let flag) = value else {
                reader.problem(path.appending(key), "expected \(expected), found \(value.summary)")
                return nil
            }
            return flag
        }

        func integer(_ key: String, expected: String = "an integer") -> Int64? {
            guard let value = value(key, expected: expected) else { return nil }
            guard case .number(let text) = value, let number = Int64(text) else {
                reader.problem(path.appending(key), "expected \(expected), found \(value.summary)")
                return nil
            }
            return number
        }

        func array(_ key: String, expected: String) -> [JSONValue]? {
            guard let value = value(key, expected: expected) else { return nil }
            guard case .array(let elements) = value else {
                reader.problem(path.appending(key), "expected \(expected), found \(value.summary)")
                return nil
            }
            return elements
        }

        func object(_ key: String, expected: String, fields known: [String]) -> Fields? {
            guard let value = value(key, expected: expected) else { return nil }
            return reader.object(value, at: path.appending(key), expected: expected, fields: known)
        }

        /// One of a closed set of names, such as a kind or a parameter type.
        func choice<Choice: CaseIterable & RawRepresentable>(_ key: String, _: Choice.Type) -> Choice? where Choice.RawValue == String {
            let expected = "one of " + Choice.allCases.map(\.rawValue).joined(separator: ", ")
            guard let value = value(key, expected: expected) else { return nil }
            guard case .string(let text) = value, let choice = Choice(rawValue: text) else {
                reader.problem(path.appending(key), "expected \(expected), found \(value.summary)")
                return nil
            }
            return choice
        }
    }
}
