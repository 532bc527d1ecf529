import StagehandCore

/// Turns `--param name=value` texts into the arguments of a factory call: the declared
/// defaults, with each override parsed as its parameter's type and checked against its
/// bounds (or choices). Every refusal names the parameter, the type expected and the
/// bounds or the choices.
enum ParameterOverrides {
    /// `literals` names the overrides written as a JSON number or boolean rather than a
    /// string (a scenario's `"gesture": 7`): a string parameter refuses them, as a number
    /// parameter refuses `true`.
    static func arguments(for parameters: [ParameterDeclaration], overrides: [String: String],
                          literals: Set<String> = [], effect: String) throws(Diagnostic) -> [ParameterValue] {
        try arguments(for: parameters, given: overrides.mapValues(ParameterArgument.text), literals: literals, effect: effect)
    }

    /// The arguments from values given typed, as text, or both (a coordinator's).
    static func arguments(for parameters: [ParameterDeclaration], given: [String: ParameterArgument],
                          literals: Set<String> = [], effect: String) throws(Diagnostic) -> [ParameterValue] {
        let names = Set(parameters.map(\.name))
        for name in given.keys.sorted() where !names.contains(name) {
            let known = parameters.isEmpty ? "it has no parameters" : "its parameters: " + parameters.map(\.name).joined(separator: ", ")
            let close = NameSuggestions.closest(to: name, among: parameters.map(\.name))
            let hint = close.first.map { "; did you mean \($0)?" } ?? ""
            throw Diagnostic(.error, .unknownParameter, "effect \(effect) has no parameter \(name) (\(known))\(hint)")
        }
        var arguments: [ParameterValue] = []
        for parameter in parameters {
            switch given[parameter.name] {
            case .text(let text)?:
                if parameter.type == .string, literals.contains(parameter.name) {
                    let what = text == "true" || text == "false" ? "the boolean" : "the number"
                    let choices = parameter.choicesText.map { " (\($0))" } ?? ""
                    throw Diagnostic(.error, .parameterWrongType, "parameter \(parameter.name) of effect \(effect): expected a string\(choices), got \(what) \(text); write it in quotes")
                }
                arguments.append(try value(parsing: text, for: parameter, effect: effect))
            case .value(let typed)?:
                arguments.append(try value(typed, for: parameter, effect: effect))
            case nil:
                arguments.append(parameter.defaultValue)
            }
        }
        return arguments
    }

    /// One value given typed: a number for any numeric type (whole, and within the
    /// type's range, for an integer type), a boolean for a bool, a string for a string;
    /// then the bounds or choices, as for a value given as text.
    static func value(_ given: EffectParameterValue, for parameter: ParameterDeclaration, effect: String) throws(Diagnostic) -> ParameterValue {
        let converted: ParameterValue?
        switch (parameter.type, given) {
        case (.double, .number(let n)): converted = n.isFinite ? .double(n) : nil
        case (.float, .number(let n)): converted = n.isFinite && abs(n) <= Double(Float.greatestFiniteMagnitude) ? .float(Float(n)) : nil
        case (.int32, .number(let n)): converted = Int32(exactly: n).map { .int32($0) }
        case (.int64, .number(let n)): converted = Int64(exactly: n).map { .int64($0) }
        case (.uint32, .number(let n)): converted = UInt32(exactly: n).map { .uint32($0) }
        case (.bool, .boolean(let b)): converted = .bool(b)
        case (.string, .string(let text)): converted = text.utf8.contains(0) ? nil : .string(text)
        default: converted = nil
        }
        guard let value = converted else {
            let bounds = parameter.boundsText.isEmpty ? "" : " \(parameter.boundsText)"
            throw Diagnostic(.error, .parameterWrongType, "parameter \(parameter.name) of effect \(effect): expected \(parameter.type.expectation)\(bounds), got \(given.named)")
        }
        try check(value, given: given.description, for: parameter, effect: effect)
        return value
    }

    /// One value from its text: numbers as Swift parses them (`0.5`, `-3`, `1e-3`),
    /// booleans as `true` or `false`, strings as they are.
    static func value(parsing text: String, for parameter: ParameterDeclaration, effect: String) throws(Diagnostic) -> ParameterValue {
        let trimmed = text.trimmingASCIIWhitespace()
        let parsed: ParameterValue?
        switch parameter.type {
        case .double: parsed = Double(trimmed).flatMap { $0.isFinite ? .double($0) : nil }
        case .float: parsed = Float(trimmed).flatMap { $0.isFinite ? .float($0) : nil }
        case .int32: parsed = Int32(trimmed).map { .int32($0) }
        case .int64: parsed = Int64(trimmed).map { .int64($0) }
        case .uint32: parsed = UInt32(trimmed).map { .uint32($0) }
        case .bool: parsed = trimmed == "true" ? .bool(true) : (trimmed == "false" ? .bool(false) : nil)
        case .string: parsed = text.utf8.contains(0) ? nil : .string(text)
        }
        let bounds = parameter.boundsText.isEmpty ? "" : " \(parameter.boundsText)"
        guard let value = parsed else {
            throw Diagnostic(.error, .parameterWrongType, "parameter \(parameter.name) of effect \(effect): expected \(parameter.type.expectation)\(bounds), got \"\(text)\"")
        }
        try check(value, given: "\"\(text)\"", for: parameter, effect: effect)
        return value
    }

    /// Refuses a value of the right type outside the parameter's bounds or choices;
    /// `given` is how the value was written, for the message.
    private static func check(_ value: ParameterValue, given: String, for parameter: ParameterDeclaration, effect: String) throws(Diagnostic) {
        guard parameter.contains(value) else {
            if let choices = parameter.choicesText {
                throw Diagnostic(.error, .parameterOutOfBounds, "parameter \(parameter.name) of effect \(effect): expected \(choices), got \(given)")
            }
            let bounds = parameter.boundsText.isEmpty ? "" : " \(parameter.boundsText)"
            throw Diagnostic(.error, .parameterOutOfBounds, "parameter \(parameter.name) of effect \(effect): \(value) is out of bounds: expected \(parameter.type.named)\(bounds)")
        }
    }
}

private extension String {
    func trimmingASCIIWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[first...last])
    }
}
