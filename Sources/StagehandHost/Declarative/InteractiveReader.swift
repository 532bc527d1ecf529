import StagehandABI
import StagehandCore

/// Reads the `interactive` block: the rules of the gesture, and for an effect that both
/// pops and dismisses, each operation's (the block's keys, with its `pop` or `dismiss`
/// object's keys over them).
enum InteractiveReader {
    /// The keys an operation's object may change: everything but the recognizer.
    static let ruleKeys = ["direction", "distance", "in", "threshold", "flickVelocity", "projection",
                           "minTouches", "maxTouches", "replacesSystemPop", "waitsForSystemPop", "startsAtZero", "systemCancel",
                           "beginOnlyIfMostlyAlong", "beginOnlyMoving", "updateOnRelease", "completionSpeed", "completionCurve"]
    static let keys = ["gesture", "edges"] + ruleKeys + ["pop", "dismiss"]
    static let edgeBits: [String: UInt32] = ["top": UInt32(SH_EDGE_TOP), "left": UInt32(SH_EDGE_LEFT),
                                             "bottom": UInt32(SH_EDGE_BOTTOM), "right": UInt32(SH_EDGE_RIGHT)]

    static func read(_ node: DocumentNode, kind: EffectKind, expressions: ExpressionReader) throws(DeclarativeError) -> Interaction {
        guard kind.plays(.pop) || kind.plays(.dismiss) || kind == .interaction else {
            throw node.error("a \(kind.rawValue) effect has no pop or dismissal for a gesture to drive")
        }
        let members = try node.members(allowed: keys, what: "the interactive block")
        guard let gestureNode = members["gesture"] else { throw node.error("\"gesture\" is missing: pan, edgePan or pinch") }
        let gesture = InteractiveSpec.Gesture(rawValue: try gestureNode.choice(["pan", "edgePan", "pinch"], what: "a gesture"))!
        var edges: UInt32 = 0
        if let edgesNode = members["edges"] {
            guard gesture == .edgePan else { throw edgesNode.error("edges are for an edgePan gesture") }
            for element in try edgesNode.elements(what: "the edges", limit: 4) {
                edges |= edgeBits[try element.choice(["left", "right", "top", "bottom"], what: "an edge")]!
            }
        } else if gesture == .edgePan {
            edges = UInt32(SH_EDGE_LEFT)
        }
        func rules(dismissing: Bool, overrides key: String) throws(DeclarativeError) -> InteractiveSpec {
            var merged = members
            if let override = members[key] {
                for (name, value) in try override.members(allowed: ruleKeys, what: "the \(key) rules (the interactive block's keys but gesture and edges)") {
                    merged[name] = value
                }
            }
            var spec = try readRules(merged, gesture: gesture, dismissing: dismissing, expressions: expressions)
            spec.edges = edges
            return spec
        }
        var interaction = Interaction()
        if kind == .interaction {
            for key in ["pop", "dismiss"] where members[key] != nil {
                throw members[key]!.error("an interaction effect drives one operation, chosen by its direction: it has no \(key) rules")
            }
            let spec = try rules(dismissing: false, overrides: "pop")
            if spec.direction == .down { interaction.dismissing = spec } else { interaction.popping = spec }
            return interaction
        }
        if kind.plays(.pop) {
            interaction.popping = try rules(dismissing: false, overrides: "pop")
        } else if let pop = members["pop"] {
            throw pop.error("a \(kind.rawValue) effect does not pop: it has no pop rules")
        }
        if kind.plays(.dismiss) {
            interaction.dismissing = try rules(dismissing: true, overrides: "dismiss")
        } else if let dismiss = members["dismiss"] {
            throw dismiss.error("a \(kind.rawValue) effect does not dismiss: it has no dismiss rules")
        }
        return interaction
    }

    private static func direction(_ node: DocumentNode, gesture: InteractiveSpec.Gesture, what: String) throws(DeclarativeError) -> InteractiveSpec.Direction {
        let choices = gesture == .pinch ? ["in", "out"] : ["right", "left", "down", "up", "horizontal", "vertical"]
        return InteractiveSpec.Direction(rawValue: try node.choice(choices, what: what))!
    }

    private static func readRules(_ members: [String: DocumentNode], gesture: InteractiveSpec.Gesture, dismissing: Bool,
                                  expressions: ExpressionReader) throws(DeclarativeError) -> InteractiveSpec {
        let defaultDirection: InteractiveSpec.Direction = gesture == .pinch ? .in : (dismissing ? .down : .right)
        var spec = InteractiveSpec(gesture: gesture, direction: defaultDirection)
        if let direction = members["direction"] {
            spec.direction = try Self.direction(direction, gesture: gesture, what: "a direction for a \(gesture.rawValue)")
        }
        if let distance = members["distance"] {
            guard gesture != .pinch else { throw distance.error("a pinch's progress is its scale: it has no distance") }
            let axis: ExpressionReader.Axis = spec.direction.isHorizontal ? .x : .y
            spec.distance = try expressions.read(distance, what: "a distance", axis: axis)
        }
        if let space = members["in"] {
            spec.space = InteractiveSpec.Space(rawValue: try space.choice(["view", "window"], what: "where travel is measured"))!
        }
        if let threshold = members["threshold"] { spec.threshold = try expressions.read(threshold, what: "a threshold", axis: .none) }
        if let flick = members["flickVelocity"] { spec.flickVelocity = try expressions.read(flick, what: "a velocity in points per second", axis: .none) }
        if let projection = members["projection"] { spec.projection = try expressions.read(projection, what: "a time in seconds", axis: .none) }
        for (key, path) in [("minTouches", \InteractiveSpec.minimumTouches), ("maxTouches", \InteractiveSpec.maximumTouches)] {
            guard let touches = members[key] else { continue }
            let count = try touches.number(what: "a number of touches")
            guard count == count.rounded(), (1...10).contains(count) else { throw touches.error("expected a whole number of touches from 1 to 10") }
            spec[keyPath: path] = Int(count)
        }
        for (key, path) in [("replacesSystemPop", \InteractiveSpec.replacesSystemPop), ("waitsForSystemPop", \InteractiveSpec.waitsForSystemPop),
                            ("startsAtZero", \InteractiveSpec.startsAtZero), ("beginOnlyIfMostlyAlong", \InteractiveSpec.beginOnlyIfMostlyAlong),
                            ("updateOnRelease", \InteractiveSpec.updatesOnRelease)] {
            if let flag = members[key] { spec[keyPath: path] = try flag.bool(what: key) }
        }
        if let moving = members["beginOnlyMoving"] {
            guard gesture != .pinch else { throw moving.error("a pinch has no direction of movement: beginOnlyMoving is for a pan") }
            let way = InteractiveSpec.Direction(rawValue: try moving.choice(["right", "left", "down", "up"], what: "a way the finger moves"))!
            spec.beginOnlyMoving = way
        }
        if let cancel = members["systemCancel"] {
            spec.systemCancel = InteractiveSpec.SystemCancel(rawValue: try cancel.choice(["cancel", "release"], what: "what a system cancel means"))!
        }
        if let speed = members["completionSpeed"] {
            if case .string("remaining") = speed.value {
                spec.completionSpeed = .remaining
            } else {
                spec.completionSpeed = .fixed(try expressions.read(speed, what: "a completion speed (or \"remaining\")", axis: .none))
            }
        }
        if let curve = members["completionCurve"] {
            let names = ["ease-in-out": SH_CURVE_EASE_IN_OUT, "ease-in": SH_CURVE_EASE_IN, "ease-out": SH_CURVE_EASE_OUT, "linear": SH_CURVE_LINEAR]
            spec.completionCurve = names[try curve.choice(names.keys.sorted(), what: "a completion curve (the ABI carries the four named curves)")]!.rawValue
        }
        return spec
    }
}
