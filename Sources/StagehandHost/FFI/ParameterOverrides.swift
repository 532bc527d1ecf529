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
        let names = Set(parameters.map(\.name))
        for name in overrides.keys.sorted() where !names.contains(name) {
            let known = parameters.isEmpty ? "it has no parameters" : "its parameters: " + parameters.map(\.name).joined(separator: ", ")
            let close = NameSuggestions.closest(to: name, among: parameters.map(\.name))
            let hint = close.first.map { "; did you mean \($0)?" } ?? ""
            throw Diagnostic(.error, .unknownParameter, "effect \(effect) has no parameter \(name) (\(known))\(hint)")
        }
        var arguments: [ParameterValue] = []
        for parameter in parameters {
            if let text = overrides[parameter.name] {
                if parameter.type == .string, literals.contains(parameter.name) {
                    let what = text == "true" || text == "false" ? "the boolean" : "the number"
                    let choices = parameter.choicesText.map { " (\($0))" } ?? ""
                    throw Diagnostic(.error, .parameterWrongType, "parameter \(parameter.name) of effect \(effect): expected a string\(choices), got \(what) \(text); write it in quotes")
                }
                arguments.append(try value(parsing: text, for: parameter, effect: effect))
            } else {
                arguments.append(parameter.defaultValue)
            }
        }
        return arguments
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
        guard parameter.contains(value) else {
            if let choices = parameter.choicesText {
                throw Diagnostic(.error, .parameterOutOfBounds, "parameter \(parameter.name) of effect \(effect): expected \(choices), got \"\(text)\"")
            }
            throw Diagnostic(.error, .parameterOutOfBounds, "parameter \(parameter.name) of effect \(effect): \(value) is out of bounds: expected \(parameter.type.named)\(bounds)")
        }
        return value
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
