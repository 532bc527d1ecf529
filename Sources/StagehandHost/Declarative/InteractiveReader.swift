import StagehandABI
import StagehandCore

/// Reads the `interactive` block.
enum InteractiveReader {
    static let keys = ["gesture", "edges", "direction", "distance", "in", "threshold", "flickVelocity", "projection",
                       "minTouches", "maxTouches", "replacesSystemPop", "waitsForSystemPop", "startsAtZero", "systemCancel",
                       "beginOnlyIfMostlyAlong", "completionSpeed", "completionCurve"]
    static let edgeBits: [String: UInt32] = ["top": UInt32(SH_EDGE_TOP), "left": UInt32(SH_EDGE_LEFT),
                                             "bottom": UInt32(SH_EDGE_BOTTOM), "right": UInt32(SH_EDGE_RIGHT)]

    static func read(_ node: DocumentNode, kind: EffectKind, expressions: ExpressionReader) throws(DeclarativeError) -> InteractiveSpec {
        guard kind.plays(.pop) || kind.plays(.dismiss) || kind == .interaction else {
            throw node.error("a \(kind.rawValue) effect has no pop or dismissal for a gesture to drive")
        }
        let members = try node.members(allowed: keys, what: "the interactive block")
        guard let gestureNode = members["gesture"] else { throw node.error("\"gesture\" is missing: pan, edgePan or pinch") }
        let gesture = InteractiveSpec.Gesture(rawValue: try gestureNode.choice(["pan", "edgePan", "pinch"], what: "a gesture"))!
        let dismissing = kind.plays(.dismiss) && !kind.plays(.pop)
        let defaultDirection: InteractiveSpec.Direction = gesture == .pinch ? .in : (dismissing ? .down : .right)
        var spec = InteractiveSpec(gesture: gesture, direction: defaultDirection)
        if let edges = members["edges"] {
            guard gesture == .edgePan else { throw edges.error("edges are for an edgePan gesture") }
            for element in try edges.elements(what: "the edges", limit: 4) {
                spec.edges |= edgeBits[try element.choice(["left", "right", "top", "bottom"], what: "an edge")]!
            }
        } else if gesture == .edgePan {
            spec.edges = UInt32(SH_EDGE_LEFT)
        }
        if let direction = members["direction"] {
            let choices = gesture == .pinch ? ["in", "out"] : ["right", "left", "down", "up"]
            spec.direction = InteractiveSpec.Direction(rawValue: try direction.choice(choices, what: "a direction for a \(gesture.rawValue)"))!
        }
        if let distance = members["distance"] {
            guard gesture != .pinch else { throw distance.error("a pinch's progress is its scale: it has no distance") }
            let axis: ExpressionReader.Axis = spec.direction == .right || spec.direction == .left ? .x : .y
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
                            ("startsAtZero", \InteractiveSpec.startsAtZero), ("beginOnlyIfMostlyAlong", \InteractiveSpec.beginOnlyIfMostlyAlong)] {
            if let flag = members[key] { spec[keyPath: path] = try flag.bool(what: key) }
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
