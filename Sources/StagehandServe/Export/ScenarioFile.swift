import StagehandCore
import StagehandHost
import StagehandTrace
@_spi(Shared) import StagehandShared

/// Writes a recording as a scenario file `stagehand play` reads. Numbers are written so
/// they read back as exactly the same doubles (Swift's shortest round-trip form), and a
/// wait is a number of frames over the frame rate: the replay steps exactly as many.
enum ScenarioFile {
    /// The longest wait one step may have (the scenario reader's limit).
    static let longestWait = 600.0

    static func text(_ header: Scenario, entries: [SessionRecording.Entry]) -> String {
        let fps = header.framesPerSecond
        var lines: [String] = []
        for entry in entries {
            switch entry {
            case .frames(var n):
                let chunk = Int(longestWait) * fps
                while n > 0 {
                    let part = min(n, chunk)
                    lines.append("{\"wait\": \(number(Double(part) / Double(fps)))}")
                    n -= part
                }
            case .step(let step):
                lines.append(self.step(step))
            }
        }
        var out = "{\n  \"screen\": {\"width\": \(number(header.screen.width)), \"height\": \(number(header.screen.height)), \"fps\": \(fps)},\n"
        var root = ["\"title\": \(string(header.rootTitle))", "\"embedInNavigation\": \(header.rootInNavigation)"]
        if let child = header.rootChild { root.append("\"child\": \(string(child))") }
        out += "  \"root\": {\(root.joined(separator: ", "))},\n"
        let navigation = [("push", header.push), ("pop", header.pop), ("interactivePop", header.interactivePop)]
            .compactMap { key, value in value.map { "\"\(key)\": \(string($0))" } }
        if !navigation.isEmpty { out += "  \"navigation\": {\(navigation.joined(separator: ", "))},\n" }
        if !header.parameters.isEmpty {
            let effects = header.parameters.sorted { $0.key < $1.key }.map { name, values in
                let fields = values.sorted { $0.key < $1.key }.map { "\(string($0.key)): \(string($0.value))" }
                return "\(string(name)): {\(fields.joined(separator: ", "))}"
            }
            out += "  \"parameters\": {\(effects.joined(separator: ", "))},\n"
        }
        if header.matchesDefaultScreens { out += "  \"matched\": true,\n" }
        out += "  \"settle\": 0,\n  \"steps\": [\n"
        out += lines.map { "    " + $0 }.joined(separator: ",\n")
        out += (lines.isEmpty ? "" : "\n") + "  ]\n}\n"
        return out
    }

    static func step(_ step: ScenarioStep) -> String {
        switch step {
        case .push(let title, let embed):
            return "{\"push\": {\"title\": \(string(title)), \"embedInNavigation\": \(embed)}}"
        case .pop: return "{\"pop\": {}}"
        case .popToRoot: return "{\"popToRoot\": {}}"
        case .present(let title, let effect, let dismissal, let interactive, let embed):
            var fields = ["\"title\": \(string(title))"]
            if let effect { fields.append("\"effect\": \(string(effect))") }
            if let dismissal { fields.append("\"dismissal\": \(string(dismissal))") }
            if let interactive { fields.append("\"interactiveDismissal\": \(string(interactive))") }
            fields.append("\"embedInNavigation\": \(embed)")
            return "{\"present\": {\(fields.joined(separator: ", "))}}"
        case .dismiss: return "{\"dismiss\": {}}"
        case .drag(let from, let to, let duration, let hold, let release):
            return "{\"drag\": {\"from\": [\(number(from.x)), \(number(from.y))], \"to\": [\(number(to.x)), \(number(to.y))], "
                + "\"duration\": \(number(duration)), \"hold\": \(number(hold)), \"release\": \(text(release))}}"
        case .twoFingerDrag(let from, let to, let duration, let hold, let release):
            return "{\"drag\": {\"from\": [\(number(from.x)), \(number(from.y))], \"to\": [\(number(to.x)), \(number(to.y))], "
                + "\"duration\": \(number(duration)), \"hold\": \(number(hold)), \"release\": \(text(release)), \"fingers\": 2}}"
        case .pinch(let center, let from, let to, let angle, let duration, let hold, let release):
            return "{\"pinch\": {\"center\": [\(number(center.x)), \(number(center.y))], \"from\": \(number(from)), \"to\": \(number(to)), "
                + "\"angle\": \(number(angle * 180 / .pi)), \"duration\": \(number(duration)), \"hold\": \(number(hold)), "
                + "\"release\": \(text(release))}}"
        case .move(let to, let duration, let hold, let release):
            return "{\"move\": {\"to\": [\(number(to.x)), \(number(to.y))], "
                + "\"duration\": \(number(duration)), \"hold\": \(number(hold)), \"release\": \(text(release))}}"
        case .wait(let seconds): return "{\"wait\": \(number(seconds))}"
        case .switchChild(let title, let effect):
            var fields = ["\"title\": \(string(title))"]
            if let effect { fields.append("\"effect\": \(string(effect))") }
            return "{\"switchChild\": {\(fields.joined(separator: ", "))}}"
        }
    }

    /// A drag's or a pinch's `release` as the scenario file writes it.
    static func text(_ release: DragRelease) -> String {
        switch release {
        case .lift: return "true"
        case .hold: return "false"
        case .cancel: return "\"cancel\""
        }
    }

    /// Shortest round-trip text; whole numbers without ".0".
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func string(_ text: String) -> String {
        jsonStringLiteral(text)
    }
}
