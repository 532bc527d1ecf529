/// Reads the part of an effect entry that the catalog and the manifests share: `name`,
/// `kind`, `interactive`, `factory`, `parameters`, `description` and the optional
/// `family` and `source` (see Documentation/Catalog.md). One reader for both keeps the two schemas from drifting.
enum DeclarationReader {
    static let effectFields = ["name", "kind", "interactive", "factory", "parameters", "description", "family", "source"]
    static let parameterFields = ["name", "type", "default", "min", "max", "choices", "description"]

    static let effectNameRule = "an effect name (letters, digits, '.', '_' and '-', starting with a letter or a digit)"
    static let parameterNameRule = "a parameter name (letters, digits, '_' and '-', starting with a letter or '_')"
    static let factoryRule = "a C symbol name (letters, digits and '_', not starting with a digit)"

    /// The shared fields of one effect entry; `nil` if any of them has a problem (each
    /// problem is recorded in `fields.reader`).
    static func effect(_ fields: SchemaReader.Fields) -> EffectDeclaration? {
        let reader = fields.reader
        let before = reader.problemCount
        let name = fields.string("name", expected: effectNameRule, isValid: isEffectName)
        let kind = fields.choice("kind", EffectKind.self)
        let interactive = fields.bool("interactive")
        let factory = fields.string("factory", expected: factoryRule, isValid: isCSymbol)
        let parameters = fields.array("parameters", expected: "an array of parameters (may be empty)")
            .map { readParameters($0, at: fields.path.appending("parameters"), reader: reader) }
        let description = fields.string("description")
        let family = fields.string("family", required: false, expected: "a non-empty string naming the effect's group, such as \"iOS 7 recipes\"",
                                   isValid: { !$0.isEmpty })
        let source = fields.string("source", required: false, expected: "a non-empty string naming the library or recipe the effect re-creates, such as \"Hero\"",
                                   isValid: { !$0.isEmpty })
        guard reader.problemCount == before, let name, let kind, let interactive, let factory, let parameters, let description else {
            return nil
        }
        return EffectDeclaration(name: name, kind: kind, interactive: interactive, factory: factory,
                                 parameters: parameters, description: description, family: family, source: source)
    }

    private static func readParameters(_ elements: [JSONValue], at path: JSONPath, reader: SchemaReader) -> [ParameterDeclaration] {
        var parameters: [ParameterDeclaration] = []
        var firstIndexByName: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index)
            guard let parameter = readParameter(element, at: elementPath, reader: reader) else { continue }
            if let first = firstIndexByName[parameter.name] {
                reader.problem(elementPath.appending("name"), "parameter \(parameter.name) is already declared at \(path.appending(first))")
                continue
            }
            firstIndexByName[parameter.name] = index
            parameters.append(parameter)
        }
        return parameters
    }

    private static func readParameter(_ value: JSONValue, at path: JSONPath, reader: SchemaReader) -> ParameterDeclaration? {
        guard let fields = reader.object(value, at: path, expected: "a parameter object {\"name\", \"type\", \"default\", \"min\"?, \"max\"?, \"choices\"?, \"description\"?}", fields: parameterFields) else {
            return nil
        }
        let before = reader.problemCount
        let name = fields.string("name", expected: parameterNameRule, isValid: isParameterName)
        guard let type = fields.choice("type", ParameterType.self) else {
            // Without a type, the default and the bounds cannot be checked.
            _ = fields.value("default", expected: "the default value")
            return nil
        }
        let defaultValue = fields.value("default", expected: type.expectation)
            .flatMap { parameterValue(from: $0, as: type, at: path.appending("default"), reader: reader) }
        let minimum = bound("min", of: type, in: fields)
        let maximum = bound("max", of: type, in: fields)
        let choices = readChoices(of: type, in: fields)
        let description = fields.string("description", required: false)
        if let minimum, let maximum, maximum.compare(to: minimum) == .ascending {
            reader.problem(path.appending("max"), "max \(maximum) is less than min \(minimum)")
        }
        guard reader.problemCount == before, let name, let defaultValue else { return nil }
        let parameter = ParameterDeclaration(name: name, type: type, defaultValue: defaultValue, minimum: minimum, maximum: maximum,
                                             choices: choices, description: description)
        if !parameter.contains(defaultValue) {
            let rule = choices == nil ? "a value \(parameter.boundsText) (min and max)" : "\(parameter.boundsText) (choices)"
            reader.problem(path.appending("default"), "default \(defaultValue) is out of bounds: expected \(rule)")
            return nil
        }
        return parameter
    }

    /// `choices`: the only values a string parameter takes, a non-empty array of distinct
    /// strings (each without NUL); not for other types.
    private static func readChoices(of type: ParameterType, in fields: SchemaReader.Fields) -> [String]? {
        let expected = "a non-empty array of distinct strings, the only values the parameter takes"
        guard let value = fields.value("choices", required: false, expected: expected) else { return nil }
        let path = fields.path.appending("choices")
        guard type == .string else {
            fields.reader.problem(path, "\(type.named) parameter has no choices (only a string parameter has): remove choices")
            return nil
        }
        guard case .array(let elements) = value, !elements.isEmpty else {
            fields.reader.problem(path, "expected \(expected), found \(value.summary)")
            return nil
        }
        var choices: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element, !text.utf8.contains(0) else {
                fields.reader.problem(path.appending(index), "expected a string without NUL, found \(element.summary)")
                return nil
            }
            if let first = choices.firstIndex(of: text) {
                fields.reader.problem(path.appending(index), "\(JSONValue.string(text).summary) is already at \(path.appending(first))")
                return nil
            }
            choices.append(text)
        }
        return choices
    }

    private static func bound(_ key: String, of type: ParameterType, in fields: SchemaReader.Fields) -> ParameterValue? {
        guard let value = fields.value(key, required: false, expected: type.expectation) else { return nil }
        guard type.isNumeric else {
            fields.reader.problem(fields.path.appending(key), "\(type.named) parameter has no bounds: remove \(key)")
            return nil
        }
        return parameterValue(from: value, as: type, at: fields.path.appending(key), reader: fields.reader)
    }

    /// A JSON value as a parameter value of `type`, exactly: no rounding of integers, no
    /// numbers for booleans, no infinities.
    static func parameterValue(from json: JSONValue, as type: ParameterType, at path: JSONPath, reader: SchemaReader) -> ParameterValue? {
        let converted: ParameterValue?
        switch (type, json) {
        case (.double, .number(let text)):
            converted = Double(text).flatMap { $0.isFinite ? .double($0) : nil }
        case (.float, .number(let text)):
            converted = Float(text).flatMap { $0.isFinite ? .float($0) : nil }
        case (.int32, .number(let text)):
            converted = Int32(text).map { .int32($0) }
        case (.int64, .number(let text)):
            converted = Int64(text).map { .int64($0) }
        case (.uint32, .number(let text)):
            converted = UInt32(text).map { .uint32($0) }
        case (.bool, .bool(let flag)):
            converted = .bool(flag)
        case (.string, .string(let text)):
            converted = text.utf8.contains(0) ? nil : .string(text)
        default:
            converted = nil
        }
        if converted == nil {
            var found = json.summary
            if case .string = json, type == .string { found = "a string containing a NUL character" }
            reader.problem(path, "expected \(type.expectation), found \(found)")
        }
        return converted
    }

    static func isEffectName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isASCIILetterOrDigit(first) else { return false }
        return text.unicodeScalars.allSatisfy { isASCIILetterOrDigit($0) || $0 == "." || $0 == "_" || $0 == "-" }
    }

    static func isParameterName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (isASCIILetterOrDigit(first) && !("0"..."9").contains(first)) else {
            return false
        }
        return text.unicodeScalars.allSatisfy { isASCIILetterOrDigit($0) || $0 == "_" || $0 == "-" }
    }

    static func isCSymbol(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (isASCIILetterOrDigit(first) && !("0"..."9").contains(first)) else {
            return false
        }
        return text.unicodeScalars.allSatisfy { isASCIILetterOrDigit($0) || $0 == "_" }
    }

    private static func isASCIILetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
