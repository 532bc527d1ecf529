/// What `stagehand validate` found: for the bundle, and for each effect in it.
struct ValidationReport: Codable {
    struct Crash: Codable {
        var signal: Int32?
        var name: String
        /// The last step the child announced before it died or hung.
        var during: String
    }

    struct EffectResult: Codable {
        var name: String
        var kind: String
        var transitions: Int
        var problems: [String]
        var ok: Bool { problems.isEmpty }
    }

    var bundle: String
    var problems: [String] = []
    var effects: [EffectResult] = []
    var crash: Crash?

    var ok: Bool { crash == nil && problems.isEmpty && !effects.isEmpty && effects.allSatisfy(\.ok) }

    var text: String {
        var lines: [String] = []
        if let crash {
            lines.append("error: \(bundle): \(crash.name) during \(crash.during)")
        }
        for p in problems { lines.append("error: \(bundle): \(p)") }
        for e in effects {
            lines.append("\(e.ok ? "ok" : "FAILED")  \(e.name) (\(e.kind)): \(e.transitions) transition\(e.transitions == 1 ? "" : "s")")
            for p in e.problems { lines.append("    \(p)") }
        }
        if effects.isEmpty && crash == nil && problems.isEmpty { lines.append("error: \(bundle): the bundle declares no effect") }
        lines.append(ok ? "\(bundle): valid" : "\(bundle): invalid")
        return lines.joined(separator: "\n")
    }
}
