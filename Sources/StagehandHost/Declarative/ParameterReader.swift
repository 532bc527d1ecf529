import StagehandCore

/// Reads the `parameters` array: Catalog.md's parameter objects (name, type, default,
/// min, max) with a `description`; bounds only for numbers, the default within them.
enum ParameterReader {
    static let maximumCount = 64
    static let maximumChoices = 32
    static let types = ParameterType.allCases.map(\.rawValue)

    static func read(_ node: DocumentNode) throws(DeclarativeError) -> [ParameterDeclaration] {
        var declarations: [ParameterDeclaration] = []
        for element in try node.elements(what: "the parameters", limit: maximumCount) {
            let members = try element.members(allowed: ["name", "type", "default", "min", "max", "choices", "description"], what: "a parameter")
            guard let nameNode = members["name"] else { throw element.error("a parameter needs \"name\"") }
            let name = try nameNode.string(what: "a parameter name")
            guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_",
                  name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" || $0 == "-") }),
                  name.count <= 64 else {
                throw nameNode.error("\"\(name)\" is not a parameter name: a letter or _, then letters, digits, _ or -, at most 64")
            }
            guard !declarations.contains(where: { $0.name == name }) else { throw nameNode.error("parameter \(name) is declared twice") }
            guard let typeNode = members["type"] else { throw element.error("parameter \(name) needs \"type\" (\(types.joined(separator: ", ")))") }
            let type = ParameterType(rawValue: try typeNode.choice(types, what: "a parameter type"))!
            guard let defaultNode = members["default"] else { throw element.error("parameter \(name) needs \"default\"") }
            let defaultValue = try value(defaultNode, type: type)
            var minimum: ParameterValue?, maximum: ParameterValue?
            for (key, bound) in [("min", members["min"]), ("max", members["max"])] {
                guard let bound else { continue }
                guard type.isNumeric else { throw bound.error("a \(type.rawValue) parameter has no bounds") }
                if key == "min" { minimum = try value(bound, type: type) } else { maximum = try value(bound, type: type) }
            }
            var choices: [String]?
            if let choicesNode = members["choices"] {
                guard type == .string else { throw choicesNode.error("a \(type.rawValue) parameter has no choices (bounds are for numbers, choices for strings)") }
                var list: [String] = []
                for element in try choicesNode.elements(what: "the choices", limit: maximumChoices) {
                    let choice = try element.string(what: "a choice")
                    guard !choice.isEmpty, !choice.utf8.contains(0) else { throw element.error("a choice is a non-empty string") }
                    guard !list.contains(choice) else { throw element.error("\"\(choice)\" is listed twice") }
                    list.append(choice)
                }
                guard !list.isEmpty else { throw choicesNode.error("no choices: list at least one, or leave \"choices\" out") }
                choices = list
            }
            var declaration = ParameterDeclaration(name: name, type: type, defaultValue: defaultValue, minimum: minimum, maximum: maximum,
                                                   choices: choices)
            if let minimum, let maximum, minimum.compare(to: maximum) == .descending {
                throw element.error("parameter \(name): min \(minimum) is above max \(maximum)")
            }
            guard declaration.contains(defaultValue) else {
                throw defaultNode.error("the default \(defaultValue) of \(name) is out of its bounds: expected \(declaration.boundsText)")
            }
            if let text = members["description"] { declaration.description = try text.string(what: "a description") }
            declarations.append(declaration)
        }
        return declarations
    }

    static func value(_ node: DocumentNode, type: ParameterType) throws(DeclarativeError) -> ParameterValue {
        let parsed: ParameterValue?
        switch (type, node.value) {
        case (.double, .number(let text)): parsed = Double(text).flatMap { $0.isFinite ? .double($0) : nil }
        case (.float, .number(let text)): parsed = Float(text).flatMap { $0.isFinite ? .float($0) : nil }
        case (.int32, .number(let text)): parsed = Int32(text).map { .int32($0) }
        case (.int64, .number(let text)): parsed = Int64(text).map { .int64($0) }
        case (.uint32, .number(let text)): parsed = UInt32(text).map { .uint32($0) }
        case (.bool, .bool(let flag)): parsed = .bool(flag)
        case (.string, .string(let text)): parsed = text.utf8.contains(0) ? nil : .string(text)
        default: parsed = nil
        }
        guard let parsed else { throw node.error("expected \(type.expectation), found \(node.value.summary)") }
        return parsed
    }
}

extension ParameterValue {
    /// A number's value as a double (0 for a bool or a string).
    var numericValue: Double {
        switch self {
        case .double(let value): return value
        case .float(let value): return Double(value)
        case .int32(let value): return Double(value)
        case .int64(let value): return Double(value)
        case .uint32(let value): return Double(value)
        case .bool(let flag): return flag ? 1 : 0
        case .string: return 0
        }
    }
}
