import Foundation
import StagehandCore

/// Reads a scenario from JSON. Every problem names the file, the JSON path of the field
/// (`steps[3].drag.duration`) and what was expected; unknown keys are errors too, so a
/// typo never silently changes a run.
public enum ScenarioParser {
    public static func load(path: String) throws(Diagnostic) -> Scenario {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic(.error, file: path, "cannot read the scenario file")
        }
        return try parse(data, file: path)
    }

    public static func parse(_ data: Data, file: String) throws(Diagnostic) -> Scenario {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error.localizedDescription)"
            throw Diagnostic(.error, file: file, "not valid JSON: \(reason)")
        }
        var reader = Reader(file: file)
        return try reader.scenario(json)
    }

    private struct Reader {
        let file: String

        func fail(_ path: String, _ message: String) -> Diagnostic {
            Diagnostic(.error, file: file, field: path, message)
        }

        func object(_ value: Any, _ path: String, keys: Set<String>) throws(Diagnostic) -> [String: Any] {
            guard let dict = value as? [String: Any] else { throw fail(path, "expected an object") }
            if let unknown = dict.keys.sorted().first(where: { !keys.contains($0) }) {
                throw fail(path.isEmpty ? unknown : "\(path).\(unknown)",
                           "unknown key; expected one of \(keys.sorted().joined(separator: ", "))")
            }
            return dict
        }

        /// JSON's true and false arrive as a distinct NSNumber subclass.
        func isBoolean(_ n: NSNumber) -> Bool {
            type(of: n) == type(of: NSNumber(value: true))
        }

        func number(_ value: Any?, _ path: String, min: Double = -.infinity, max: Double = .infinity) throws(Diagnostic) -> Double? {
            guard let value else { return nil }
            guard let n = value as? NSNumber, !isBoolean(n), n.doubleValue.isFinite else {
                throw fail(path, "expected a number")
            }
            let d = n.doubleValue
            guard d >= min, d <= max else { throw fail(path, "expected a number in \(min)...\(max), got \(d)") }
            return d
        }

        func string(_ value: Any?, _ path: String) throws(Diagnostic) -> String? {
            guard let value, !(value is NSNull) else { return nil }
            guard let s = value as? String else { throw fail(path, "expected a string") }
            return s
        }

        func bool(_ value: Any?, _ path: String) throws(Diagnostic) -> Bool? {
            guard let value else { return nil }
            guard let n = value as? NSNumber, isBoolean(n) else { throw fail(path, "expected true or false") }
            return n.boolValue
        }

        /// A drag's `release`: true (lift), false (stay down) or "cancel" (the system
        /// cancels the touch).
        func release(_ value: Any?, _ path: String) throws(Diagnostic) -> DragRelease? {
            guard let value else { return nil }
            if let n = value as? NSNumber, isBoolean(n) { return n.boolValue ? .lift : .hold }
            if let s = value as? String, s == "cancel" { return .cancel }
            throw fail(path, "expected true, false or \"cancel\"")
        }

        func point(_ value: Any?, _ path: String) throws(Diagnostic) -> Point? {
            guard let value else { return nil }
            guard let a = value as? [Any], a.count == 2 else { throw fail(path, "expected [x, y]") }
            guard let x = try number(a[0], "\(path)[0]"), let y = try number(a[1], "\(path)[1]") else { throw fail(path, "expected [x, y]") }
            return Point(x: x, y: y)
        }

        mutating func scenario(_ json: Any) throws(Diagnostic) -> Scenario {
            let top = try object(json, "", keys: ["screen", "root", "navigation", "steps", "settle"])
            var s = Scenario()
            if let screen = top["screen"] {
                let o = try object(screen, "screen", keys: ["width", "height", "fps"])
                let w = try number(o["width"], "screen.width", min: 1, max: 8192) ?? s.screen.width
                let h = try number(o["height"], "screen.height", min: 1, max: 8192) ?? s.screen.height
                s.screen = Size(width: w, height: h)
                if let fps = try number(o["fps"], "screen.fps", min: 1, max: 240) {
                    guard fps == fps.rounded() else { throw fail("screen.fps", "expected a whole number of frames per second") }
                    s.framesPerSecond = Int(fps)
                }
            }
            if let root = top["root"] {
                let o = try object(root, "root", keys: ["title", "embedInNavigation", "child"])
                s.rootTitle = try string(o["title"], "root.title") ?? s.rootTitle
                s.rootChild = try string(o["child"], "root.child")
                s.rootInNavigation = try bool(o["embedInNavigation"], "root.embedInNavigation") ?? (s.rootChild == nil)
            }
            if let nav = top["navigation"] {
                let o = try object(nav, "navigation", keys: ["push", "pop", "interactivePop"])
                s.push = try string(o["push"], "navigation.push")
                s.pop = try string(o["pop"], "navigation.pop")
                s.interactivePop = try string(o["interactivePop"], "navigation.interactivePop")
            }
            s.settleLimit = try number(top["settle"], "settle", min: 0, max: 600) ?? s.settleLimit
            if let steps = top["steps"] {
                guard let list = steps as? [Any] else { throw fail("steps", "expected an array of steps") }
                s.steps = try list.enumerated().map { (i, v) throws(Diagnostic) in try step(v, "steps[\(i)]") }
            }
            return s
        }

        func step(_ value: Any, _ path: String) throws(Diagnostic) -> ScenarioStep {
            let names = ["push", "pop", "popToRoot", "present", "dismiss", "drag", "wait", "switchChild"]
            guard let dict = value as? [String: Any], dict.count == 1, let (name, body) = dict.first else {
                throw fail(path, "expected an object with exactly one of \(names.joined(separator: ", "))")
            }
            let p = "\(path).\(name)"
            switch name {
            case "push":
                let o = try object(body, p, keys: ["title", "embedInNavigation"])
                return .push(title: try string(o["title"], "\(p).title") ?? "Pushed",
                             embedInNavigation: try bool(o["embedInNavigation"], "\(p).embedInNavigation") ?? false)
            case "pop":
                _ = try object(body, p, keys: [])
                return .pop
            case "popToRoot":
                _ = try object(body, p, keys: [])
                return .popToRoot
            case "present":
                let o = try object(body, p, keys: ["title", "effect", "dismissal", "interactiveDismissal", "embedInNavigation"])
                return .present(title: try string(o["title"], "\(p).title") ?? "Presented",
                                effect: try string(o["effect"], "\(p).effect"),
                                dismissal: try string(o["dismissal"], "\(p).dismissal"),
                                interactiveDismissal: try string(o["interactiveDismissal"], "\(p).interactiveDismissal"),
                                embedInNavigation: try bool(o["embedInNavigation"], "\(p).embedInNavigation") ?? false)
            case "dismiss":
                _ = try object(body, p, keys: [])
                return .dismiss
            case "drag":
                let o = try object(body, p, keys: ["from", "to", "duration", "hold", "release"])
                guard let from = try point(o["from"], "\(p).from") else { throw fail("\(p).from", "missing; expected [x, y]") }
                guard let to = try point(o["to"], "\(p).to") else { throw fail("\(p).to", "missing; expected [x, y]") }
                return .drag(from: from, to: to,
                             duration: try number(o["duration"], "\(p).duration", min: 0, max: 600) ?? 0.3,
                             hold: try number(o["hold"], "\(p).hold", min: 0, max: 600) ?? 0,
                             release: try release(o["release"], "\(p).release") ?? .lift)
            case "switchChild":
                let o = try object(body, p, keys: ["title", "effect"])
                return .switchChild(title: try string(o["title"], "\(p).title") ?? "Child",
                                    effect: try string(o["effect"], "\(p).effect"))
            case "wait":
                guard let seconds = try number(body, p, min: 0, max: 600) else { throw fail(p, "expected seconds") }
                return .wait(seconds)
            default:
                throw fail(p, "unknown step; expected one of \(names.joined(separator: ", "))")
            }
        }
    }
}
