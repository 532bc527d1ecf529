import Foundation
import StagehandCore

/// Reads a scenario from JSON. Every problem names the file, the JSON path of the field
/// (`steps[3].drag.duration`) and what was expected; unknown keys are errors too, so a
/// typo never silently changes a run.
public enum ScenarioParser {
    public static func load(path: String) throws(Diagnostic) -> Scenario {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic(.error, .scenarioUnreadable, file: path, "cannot read the scenario file")
        }
        return try parse(data, file: path)
    }

    public static func parse(_ data: Data, file: String) throws(Diagnostic) -> Scenario {
        // The host's own strict parser, as for catalogs and manifests: the same syntax
        // errors with a line and a column, and a key written twice refused by the same
        // rule (`JSONValue.fields`) rather than one of the two silently winning.
        let json: JSONValue
        do {
            json = try JSONParser.parse([UInt8](data))
        } catch {
            throw Diagnostic(.error, .scenarioNotJSON, file: file, "not valid JSON: \(error)")
        }
        var reader = Reader(file: file)
        return try reader.scenario(json)
    }

    private struct Reader {
        let file: String

        func fail(_ path: String, _ message: String) -> Diagnostic {
            Diagnostic(.error, .scenarioInvalid, file: file, field: path, message)
        }

        /// `path` + `.key`, written the way the catalog's paths are (`["a b"]` for a key
        /// that is not a plain name).
        func member(_ path: String, _ key: String) -> String {
            let component = JSONPath().appending(key).description
            return path.isEmpty || component.hasPrefix("[") ? path + component : path + "." + component
        }

        func object(_ value: JSONValue, _ path: String, keys: Set<String>) throws(Diagnostic) -> [String: JSONValue] {
            guard case .object(let members) = value else { throw fail(path, "expected an object") }
            let (fields, duplicate) = JSONValue.fields(members)
            if let duplicate { throw fail(member(path, duplicate), JSONValue.duplicateKeyProblem) }
            if let unknown = members.map(\.key).first(where: { !keys.contains($0) }) {
                throw fail(member(path, unknown), "unknown key; expected one of \(keys.sorted().joined(separator: ", "))")
            }
            return fields
        }

        func number(_ value: JSONValue?, _ path: String, min: Double = -.infinity, max: Double = .infinity) throws(Diagnostic) -> Double? {
            guard let value else { return nil }
            guard case .number(let text) = value else { throw fail(path, "expected a number") }
            let range = min.isFinite || max.isFinite ? "a number in \(min)...\(max)" : "a number"
            guard let d = Double(text), d.isFinite else {
                throw fail(path, "expected \(range), got \(text), beyond the largest number there is")
            }
            guard d >= min, d <= max else { throw fail(path, "expected \(range), got \(d)") }
            return d
        }

        func string(_ value: JSONValue?, _ path: String) throws(Diagnostic) -> String? {
            guard let value, value != .null else { return nil }
            guard case .string(let s) = value else { throw fail(path, "expected a string") }
            return s
        }

        func bool(_ value: JSONValue?, _ path: String) throws(Diagnostic) -> Bool? {
            guard let value else { return nil }
            guard case .bool(let b) = value else { throw fail(path, "expected true or false") }
            return b
        }

        /// A drag's `release`: true (lift), false (stay down) or "cancel" (the system
        /// cancels the touch).
        func release(_ value: JSONValue?, _ path: String) throws(Diagnostic) -> DragRelease? {
            guard let value else { return nil }
            switch value {
            case .bool(let lift): return lift ? .lift : .hold
            case .string("cancel"): return .cancel
            default: throw fail(path, "expected true, false or \"cancel\"")
            }
        }

        func point(_ value: JSONValue?, _ path: String) throws(Diagnostic) -> Point? {
            guard let value else { return nil }
            guard case .array(let a) = value, a.count == 2 else { throw fail(path, "expected [x, y]") }
            guard let x = try number(a[0], "\(path)[0]"), let y = try number(a[1], "\(path)[1]") else { throw fail(path, "expected [x, y]") }
            return Point(x: x, y: y)
        }

        /// `"parameters": {"effect": {"key": value}}`: each value a string, a number (kept
        /// as written) or a boolean, read as `--param` reads its text; the keys written as
        /// a number or a boolean are returned too (a string parameter refuses them).
        /// Whether the effect and the parameter exist is checked against the loaded
        /// effects when the run starts.
        func parameters(_ json: JSONValue) throws(Diagnostic) -> (values: [String: [String: String]], literals: [String: Set<String>]) {
            let expected = "expected an object: effect name → {parameter: value}"
            guard case .object(let effects) = json else { throw fail("parameters", expected) }
            let (byEffect, duplicate) = JSONValue.fields(effects)
            if let duplicate { throw fail(member("parameters", duplicate), JSONValue.duplicateKeyProblem) }
            var out: [String: [String: String]] = [:]
            var literals: [String: Set<String>] = [:]
            for (name, body) in byEffect {
                let path = member("parameters", name)
                guard case .object(let values) = body else { throw fail(path, "expected an object: parameter name → value") }
                let (byKey, duplicate) = JSONValue.fields(values)
                if let duplicate { throw fail(member(path, duplicate), JSONValue.duplicateKeyProblem) }
                var effect: [String: String] = [:]
                for (key, value) in byKey {
                    switch value {
                    case .string(let text): effect[key] = text
                    case .number(let text):
                        effect[key] = text
                        literals[name, default: []].insert(key)
                    case .bool(let flag):
                        effect[key] = flag ? "true" : "false"
                        literals[name, default: []].insert(key)
                    default: throw fail(member(path, key), "expected a string, a number or true/false")
                    }
                }
                out[name] = effect
            }
            return (out, literals)
        }

        mutating func scenario(_ json: JSONValue) throws(Diagnostic) -> Scenario {
            let top = try object(json, "", keys: ["screen", "root", "navigation", "steps", "settle", "screens", "parameters",
                                                      "matched"])
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
            s.matchesDefaultScreens = try bool(top["matched"], "matched") ?? false
            if let screens = top["screens"] {
                guard case .object(let members) = screens else { throw fail("screens", "expected an object: screen title → content") }
                let (fields, duplicate) = JSONValue.fields(members)
                if let duplicate { throw fail(member("screens", duplicate), JSONValue.duplicateKeyProblem) }
                for (title, body) in fields.sorted(by: { $0.key < $1.key }) {
                    s.screens[title] = try content(body, member("screens", title))
                }
            }
            if let parameters = top["parameters"] {
                (s.parameters, s.literalParameters) = try self.parameters(parameters)
            }
            if let steps = top["steps"] {
                guard case .array(let list) = steps else { throw fail("steps", "expected an array of steps") }
                s.steps = try list.enumerated().map { (i, v) throws(Diagnostic) in try step(v, "steps[\(i)]") }
                try checkFinger(s.steps)
            }
            try checkLength(s)
            return s
        }

        /// Refuses a run longer than `Scenario.maximumDuration` or with more frames than
        /// `Scenario.maximumFrames`, before anything runs.
        func checkLength(_ s: Scenario) throws(Diagnostic) {
            let seconds = s.longestDuration
            guard seconds <= Scenario.maximumDuration else {
                throw fail("steps", "the run could last \(Self.format(seconds)) s on the virtual clock (its waits, drags and holds, "
                           + "plus settle \(Self.format(s.settleLimit)) s); at most \(Self.format(Scenario.maximumDuration)) s")
            }
            let frames = s.mostFrames
            guard frames <= Scenario.maximumFrames else {
                throw fail("screen.fps", "\(s.framesPerSecond) fps over up to \(Self.format(seconds)) s makes up to \(frames) frames; "
                           + "at most \(Scenario.maximumFrames): lower the frame rate or shorten the waits")
            }
        }

        /// Refuses a `move` with no finger down: only a `drag` (or `move`) that ends
        /// with `"release": false` leaves one.
        func checkFinger(_ steps: [ScenarioStep]) throws(Diagnostic) {
            var down = false
            for (i, step) in steps.enumerated() {
                switch step {
                case .drag(_, _, _, _, let release):
                    down = release == .hold
                case .move(_, _, _, let release):
                    guard down else {
                        throw fail("steps[\(i)].move", "no finger is down to move; a move continues a drag (or move) "
                                   + "that ended with \"release\": false")
                    }
                    down = release == .hold
                default: break
                }
            }
        }

        static func format(_ seconds: Double) -> String {
            seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.3f", seconds)
        }

        /// A screen's content: `false` (a flat screen) or an object of the blocks it shows.
        func content(_ value: JSONValue, _ path: String) throws(Diagnostic) -> ScreenContent {
            if case .bool(false) = value { return .empty }
            guard case .object = value else { throw fail(path, "expected false (a flat screen) or an object of content") }
            let o = try object(value, path, keys: ["header", "back", "image", "rows", "fields", "text", "button", "matches"])
            var c = ScreenContent()
            c.header = try bool(o["header"], member(path, "header")) ?? true
            c.back = try string(o["back"], member(path, "back"))
            c.image = try bool(o["image"], member(path, "image")) ?? false
            c.rows = try strings(o["rows"], member(path, "rows"))
            c.fields = try strings(o["fields"], member(path, "fields"))
            c.text = try strings(o["text"], member(path, "text"))
            c.button = try string(o["button"], member(path, "button"))
            c.matches = try matches(o["matches"], member(path, "matches"), in: c)
            return c
        }

        /// A screen's match identifiers: element name (`"row 3"`) → identifier. An
        /// element the screen does not list (row 7 of six, a button it has not) is an
        /// error; two elements may share an identifier (the run then says it is a duplicate).
        func matches(_ value: JSONValue?, _ path: String, in c: ScreenContent) throws(Diagnostic) -> [MatchElement: String] {
            guard let value else { return [:] }
            guard case .object(let members) = value else { throw fail(path, "expected an object: element (\(MatchElement.vocabulary)) → identifier") }
            let (fields, duplicate) = JSONValue.fields(members)
            if let duplicate { throw fail(member(path, duplicate), JSONValue.duplicateKeyProblem) }
            var out: [MatchElement: String] = [:]
            for (name, body) in fields {
                let p = member(path, name)
                guard let element = MatchElement(name) else {
                    throw fail(p, "unknown element; expected one of \(MatchElement.vocabulary) (N counts from 1)")
                }
                if let missing = Self.absence(of: element, in: c) { throw fail(p, missing) }
                guard case .string(let id) = body, !id.isEmpty else { throw fail(p, "expected a non-empty string (the match identifier)") }
                out[element] = id
            }
            return out
        }

        /// Why `element` is not part of `c`, or `nil` when it is.
        static func absence(of element: MatchElement, in c: ScreenContent) -> String? {
            func count(_ n: Int, _ list: [String], _ what: String) -> String? {
                n <= list.count ? nil : "the screen lists \(list.count) \(what)\(list.count == 1 ? "" : "s"); there is no \(element)"
            }
            switch element {
            case .header, .title: return c.header ? nil : "the screen has no header (\"header\": false)"
            case .image: return c.image ? nil : "the screen has no image (\"image\": true shows one)"
            case .button: return c.button == nil ? "the screen has no button" : nil
            case .list: return c.rows.isEmpty ? "the screen has no rows" : nil
            case .form: return c.fields.isEmpty ? "the screen has no fields" : nil
            case .body: return c.text.isEmpty ? "the screen has no text" : nil
            case .row(let n), .rowText(let n): return count(n, c.rows, "row")
            case .field(let n): return count(n, c.fields, "field")
            case .line(let n): return count(n, c.text, "line")
            }
        }

        /// An array of strings (absent: empty), at most `maximumLines` of them.
        func strings(_ value: JSONValue?, _ path: String) throws(Diagnostic) -> [String] {
            guard let value else { return [] }
            guard case .array(let items) = value else { throw fail(path, "expected an array of strings") }
            guard items.count <= ScreenContent.maximumLines else {
                throw fail(path, "\(items.count) lines; at most \(ScreenContent.maximumLines) (a screen shows far fewer)")
            }
            var out: [String] = []
            for (i, item) in items.enumerated() {
                guard case .string(let text) = item else { throw fail("\(path)[\(i)]", "expected a string") }
                out.append(text)
            }
            return out
        }

        func step(_ value: JSONValue, _ path: String) throws(Diagnostic) -> ScenarioStep {
            let names = ["push", "pop", "popToRoot", "present", "dismiss", "drag", "move", "pinch", "wait", "switchChild"]
            guard case .object(let members) = value, members.count == 1, let (name, body) = members.first.map({ ($0.key, $0.value) }) else {
                throw fail(path, "expected an object with exactly one of \(names.joined(separator: ", "))")
            }
            let p = member(path, name)
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
                let o = try object(body, p, keys: ["from", "to", "duration", "hold", "release", "fingers"])
                guard let from = try point(o["from"], "\(p).from") else { throw fail("\(p).from", "missing; expected [x, y]") }
                guard let to = try point(o["to"], "\(p).to") else { throw fail("\(p).to", "missing; expected [x, y]") }
                let duration = try number(o["duration"], "\(p).duration", min: 0, max: 600) ?? 0.3
                let hold = try number(o["hold"], "\(p).hold", min: 0, max: 600) ?? 0
                let release = try release(o["release"], "\(p).release") ?? .lift
                switch try number(o["fingers"], "\(p).fingers", min: 1, max: 2) {
                case nil, 1: return .drag(from: from, to: to, duration: duration, hold: hold, release: release)
                case 2: return .twoFingerDrag(from: from, to: to, duration: duration, hold: hold, release: release)
                default: throw fail("\(p).fingers", "expected 1 or 2")
                }
            case "pinch":
                let o = try object(body, p, keys: ["center", "from", "to", "angle", "duration", "hold", "release"])
                guard let center = try point(o["center"], "\(p).center") else { throw fail("\(p).center", "missing; expected [x, y]") }
                guard let from = try number(o["from"], "\(p).from", min: 1, max: 10_000) else {
                    throw fail("\(p).from", "missing; expected the fingers' first distance in points")
                }
                guard let to = try number(o["to"], "\(p).to", min: 1, max: 10_000) else {
                    throw fail("\(p).to", "missing; expected the fingers' last distance in points")
                }
                let degrees = try number(o["angle"], "\(p).angle", min: -360, max: 360) ?? 0
                return .pinch(center: center, from: from, to: to, angle: degrees * .pi / 180,
                              duration: try number(o["duration"], "\(p).duration", min: 0, max: 600) ?? 0.3,
                              hold: try number(o["hold"], "\(p).hold", min: 0, max: 600) ?? 0,
                              release: try release(o["release"], "\(p).release") ?? .lift)
            case "move":
                let o = try object(body, p, keys: ["to", "duration", "hold", "release"])
                guard let to = try point(o["to"], "\(p).to") else { throw fail("\(p).to", "missing; expected [x, y]") }
                return .move(to: to,
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
