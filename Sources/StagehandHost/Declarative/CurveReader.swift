import StagehandABI

/// Reads a curve: a CSS easing string, a named preset, or `{"spring": {…}}` in exactly
/// one of the three spring forms.
enum CurveReader {
    static let presets: [String: CurveSpec] = [
        "linear": .named(SH_CURVE_LINEAR.rawValue),
        "ease": .bezier(0.25, 0.1, 0.25, 1),
        "ease-in": .named(SH_CURVE_EASE_IN.rawValue),
        "ease-out": .named(SH_CURVE_EASE_OUT.rawValue),
        "ease-in-out": .named(SH_CURVE_EASE_IN_OUT.rawValue),
        // Material's (and Hero's) curves.
        "standard": .bezier(0.4, 0, 0.2, 1),
        "deceleration": .bezier(0, 0, 0.2, 1),
        "acceleration": .bezier(0.4, 0, 1, 1),
        "sharp": .bezier(0.4, 0, 0.6, 1),
        "emphasized-decelerate": .bezier(0.05, 0.7, 0.1, 1),
        "emphasized-accelerate": .bezier(0.3, 0, 0.8, 0.15),
    ]

    /// SwiftUI's presets, as bounce values of the duration-and-bounce form.
    static let springPresets: [String: Double] = ["smooth": 0, "snappy": 0.15, "bouncy": 0.3]

    static let springForms: [(name: String, keys: [String])] = [
        ("UIKit's damping form", ["dampingRatio", "velocity"]),
        ("SwiftUI's duration-and-bounce form", ["bounce"]),
        ("the physical form", ["mass", "stiffness", "damping", "velocity"]),
    ]

    /// Most stops a `linear(…)` or steps a `steps(…)` may have.
    static let maximumStops = 100

    static func read(_ node: DocumentNode, expressions: ExpressionReader) throws(DeclarativeError) -> CurveSpec {
        switch node.value {
        case .string(let text):
            return try readString(text, node)
        case .object:
            let members = try node.members(allowed: ["spring"], what: "a curve object")
            guard let spring = members["spring"] else { throw node.error("a curve object needs \"spring\"") }
            return try readSpring(spring, expressions: expressions)
        default:
            throw node.error("expected a curve: a CSS easing such as \"ease-in-out\" or \"cubic-bezier(0.4, 0, 0.2, 1)\", a preset (\(presets.keys.sorted().joined(separator: ", "))), or {\"spring\": {...}}; found \(node.value.summary)")
        }
    }

    private static func readString(_ text: String, _ node: DocumentNode) throws(DeclarativeError) -> CurveSpec {
        let trimmed = text.trimmingCharacters(in: " ")
        if let preset = presets[trimmed] { return preset }
        if springPresets[trimmed] != nil {
            throw node.error("\"\(trimmed)\" is a spring: write {\"spring\": \"\(trimmed)\"}")
        }
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else {
            let close = NameSuggestions.closest(to: trimmed, among: Array(presets.keys) + ["cubic-bezier", "steps", "linear"], limit: 1)
            let hint = close.first.map { "; did you mean \($0)?" } ?? ""
            throw node.error("unknown curve \"\(text)\": expected \(presets.keys.sorted().joined(separator: ", ")), cubic-bezier(x1, y1, x2, y2), steps(n, position) or linear(...)\(hint)")
        }
        let function = String(trimmed[..<open]).trimmingCharacters(in: " ")
        let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        let arguments = inside.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: " ") }
        guard arguments.count <= maximumStops else { throw node.error("\(function)(…) with \(arguments.count) arguments: at most \(maximumStops) are allowed") }
        switch function {
        case "cubic-bezier":
            let numbers = arguments.compactMap { Double($0) }.filter(\.isFinite)
            guard arguments.count == 4, numbers.count == 4 else {
                throw node.error("cubic-bezier needs four numbers: cubic-bezier(x1, y1, x2, y2)")
            }
            guard (0...1).contains(numbers[0]), (0...1).contains(numbers[2]) else {
                throw node.error("cubic-bezier: x1 and x2 must lie between 0 and 1 (CSS's rule: time only moves forward)")
            }
            return .bezier(numbers[0], numbers[1], numbers[2], numbers[3])
        case "steps":
            guard (1...2).contains(arguments.count), let count = Int(arguments[0]), count >= 1, count <= maximumStops else {
                throw node.error("steps needs a whole number of steps from 1 to \(maximumStops), and optionally a position: steps(4, jump-end)")
            }
            let position = arguments.count == 2 ? arguments[1] : "jump-end"
            let positions = ["jump-start", "jump-end", "jump-none", "jump-both", "start", "end"]
            guard positions.contains(position) else {
                throw node.error("steps: unknown position \"\(position)\": expected \(positions.joined(separator: ", "))")
            }
            if position == "jump-none", count < 2 { throw node.error("steps(…, jump-none) needs at least 2 steps") }
            return .steps(count, position == "start" ? "jump-start" : (position == "end" ? "jump-end" : position))
        case "linear":
            return .piecewise(try piecewiseStops(arguments, node))
        default:
            throw node.error("unknown easing function \(function)(…): expected cubic-bezier, steps or linear")
        }
    }

    /// CSS `linear()`: each stop an output and up to two input percentages; inputs left
    /// out are spread evenly between their neighbours, and never go backwards.
    private static func piecewiseStops(_ arguments: [String], _ node: DocumentNode) throws(DeclarativeError) -> [CurveSpec.PiecewiseStop] {
        var outputs: [Double] = []
        var inputs: [Double?] = []
        for argument in arguments {
            let parts = argument.split(separator: " ").map(String.init)
            guard let first = parts.first, let output = Double(first), output.isFinite, parts.count <= 3 else {
                throw node.error("linear(…): each stop is an output and up to two input percentages, as in linear(0, 0.25 75%, 1); \"\(argument)\" is not")
            }
            var positions: [Double] = []
            for part in parts.dropFirst() {
                guard part.hasSuffix("%"), let percent = Double(part.dropLast()), percent.isFinite else {
                    throw node.error("linear(…): \"\(part)\" is not a percentage")
                }
                positions.append(percent / 100)
            }
            if positions.isEmpty {
                outputs.append(output); inputs.append(nil)
            } else {
                for position in positions { outputs.append(output); inputs.append(position) }
            }
        }
        guard outputs.count >= 2 else { throw node.error("linear(…) needs at least two stops") }
        if inputs[0] == nil { inputs[0] = 0 }
        if inputs[inputs.count - 1] == nil { inputs[inputs.count - 1] = max(1, inputs.compactMap { $0 }.max() ?? 1) }
        // Never backwards.
        var largest = 0.0
        for index in inputs.indices {
            if let input = inputs[index] { largest = max(largest, input); inputs[index] = largest }
        }
        // Spread the missing ones.
        var index = 0
        while index < inputs.count {
            if inputs[index] == nil {
                let before = inputs[index - 1]!
                var after = index
                while inputs[after] == nil { after += 1 }
                let span = Double(after - index + 1)
                for k in index..<after { inputs[k] = before + (inputs[after]! - before) * Double(k - index + 1) / span }
                index = after
            }
            index += 1
        }
        guard inputs.first == 0, inputs.last == 1 else {
            throw node.error("linear(…): the stops must run from 0% to 100% of the time")
        }
        return zip(inputs, outputs).map { CurveSpec.PiecewiseStop(input: $0!, output: $1) }
    }

    private static func readSpring(_ node: DocumentNode, expressions: ExpressionReader) throws(DeclarativeError) -> CurveSpec {
        if case .string(let name) = node.value {
            guard let bounce = springPresets[name] else {
                throw node.error("unknown spring preset \"\(name)\": expected \(springPresets.keys.sorted().joined(separator: ", ")) or an object")
            }
            return .springBounce(bounce: .number(bounce))
        }
        let allKeys = ["dampingRatio", "velocity", "bounce", "mass", "stiffness", "damping"]
        let members = try node.members(allowed: allKeys, what: "a spring")
        let used = springForms.filter { form in members.keys.contains { $0 != "velocity" && form.keys.contains($0) } }
        if used.count > 1 {
            let keys = members.keys.filter { $0 != "velocity" }.sorted().joined(separator: ", ")
            throw node.error("\(keys) mix \(used.map(\.name).joined(separator: " and ")): a spring is given in one form only (two forms would silently override each other)")
        }
        func value(_ key: String, _ fallback: Double?) throws(DeclarativeError) -> ValueExpression {
            guard let child = members[key] else {
                guard let fallback else { throw node.error("this spring form needs \"\(key)\"") }
                return .number(fallback)
            }
            return try expressions.read(child, what: key, axis: .none)
        }
        switch used.first?.name {
        case springForms[1].name:
            if members["velocity"] != nil { throw node.error("SwiftUI's duration-and-bounce form has no velocity") }
            return .springBounce(bounce: try value("bounce", nil))
        case springForms[2].name:
            return .springPhysical(mass: try value("mass", 1), stiffness: try value("stiffness", nil),
                                   damping: try value("damping", nil), velocity: try value("velocity", 0))
        default:
            return .springDamping(ratio: try value("dampingRatio", nil), velocity: try value("velocity", 0))
        }
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
