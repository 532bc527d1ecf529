import StagehandCore

/// Reads a `NAME.effect.json` file into an `EffectDefinition`, or says, once, what is
/// wrong and where (`DeclarativeError`: file, JSON pointer, line, column, what was
/// expected, the nearest known name). Reading runs no code of the file's and does
/// bounded work whatever it holds: the limits below are refused, with their numbers.
enum DefinitionReader {
    /// The only format this reader knows; a later one gets a new number.
    static let format = "stagehand-effect/1"
    static let fileSuffix = ".effect.json"
    static let maximumFileSize = 256 * 1024
    static let maximumKeyframes = 64
    /// JSON nesting deeper than any valid file needs (a keyframe's pose is at depth 5).
    static let maximumNesting = 12
    static let maximumLayers = 8

    static let topKeys = ["$schema", "format", "name", "kind", "description", "family", "source", "author", "license",
                          "parameters", "duration", "curve", "curveWhenInteractive", "order", "layers", "tracks",
                          "backward", "interactive", "settle", "missingViews", "presentedInsets", "variants", "matched"]
    static let trackKeys = ["moveBy", "start", "end", "keyframes", "duration", "delay", "curve", "progress"]
    static let poseKeys = Pose.Property.allCases.map(\.rawValue)

    /// Reads the file at `path`.
    static func read(file path: String) -> Result<EffectDefinition, DeclarativeError> {
        switch FileSystem.readFile(path, atMost: maximumFileSize) {
        case .success(let bytes):
            return read(bytes: bytes, file: path)
        case .failure(let reason):
            let limit = reason.description.hasPrefix("longer") ? ": a declarative effect may have at most \(maximumFileSize) bytes" : ""
            return .failure(DeclarativeError(file: path, pointer: "", line: 1, column: 1, message: "cannot read the file: \(reason)\(limit)"))
        }
    }

    /// Reads a file's bytes; `file` names it in messages, and its name (without
    /// `.effect.json`) must be the effect's `name` when it ends so.
    static func read(bytes: [UInt8], file: String) -> Result<EffectDefinition, DeclarativeError> {
        let source = DocumentSource(file: file, bytes: bytes)
        guard bytes.count <= maximumFileSize else {
            return .failure(source.error(at: 0, pointer: JSONPointer(), "the file is \(bytes.count) bytes: a declarative effect may have at most \(maximumFileSize)"))
        }
        let value: JSONValue, locations: JSONLocations
        do {
            (value, locations) = try JSONParser.parseLocated(bytes)
        } catch {
            return .failure(DeclarativeError(file: file, pointer: "", line: error.line, column: error.column,
                                             message: "not JSON: \(error.reason)"))
        }
        let root = DocumentNode(value: value, locations: locations, pointer: JSONPointer(), source: source)
        do {
            try checkNesting(root, depth: 0)
            return .success(try readDocument(root, file: file))
        } catch {
            return .failure(error)
        }
    }

    private static func checkNesting(_ node: DocumentNode, depth: Int) throws(DeclarativeError) {
        guard depth <= maximumNesting else {
            throw node.error("nested more than \(maximumNesting) levels deep: no value of the format is that deep")
        }
        switch node.value {
        case .object(let members):
            for (index, member) in members.enumerated() {
                try checkNesting(DocumentNode(value: member.value, locations: node.locations.child(index),
                                              pointer: node.pointer.appending(member.key), source: node.source), depth: depth + 1)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                try checkNesting(DocumentNode(value: element, locations: node.locations.child(index),
                                              pointer: node.pointer.appending(index), source: node.source), depth: depth + 1)
            }
        default:
            break
        }
    }

    /// The keys that say how the effect moves: at the top of the file, and in a variant's
    /// case (over the top's).
    static let motionKeys = ["duration", "curve", "curveWhenInteractive", "order", "layers", "tracks", "backward",
                             "interactive", "settle", "missingViews", "presentedInsets", "matched"]
    static let maximumTracksPerRole = 4

    private static func readDocument(_ root: DocumentNode, file: String) throws(DeclarativeError) -> EffectDefinition {
        let top = try root.members(allowed: topKeys, what: "a declarative effect")
        guard let formatNode = top["format"] else {
            throw root.error("\"format\" is missing: write \"format\": \"\(format)\" first")
        }
        let written = try formatNode.string(what: "the format")
        guard written == format else {
            throw formatNode.error("unknown format \"\(written)\": this host reads \"\(format)\"")
        }
        guard let nameNode = top["name"] else { throw root.error("\"name\" is missing") }
        let name = try nameNode.string(what: "the effect's name")
        guard !name.isEmpty, name.count <= 64, name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isLowercase || $0.properties.numericType != nil || $0 == "-") }) else {
            throw nameNode.error("\"\(name)\" is not an effect name: lower-case letters, digits and -, at most 64")
        }
        let base = FileSystem.lastComponent(file)
        if base.hasSuffix(fileSuffix), String(base.dropLast(fileSuffix.count)) != name {
            throw nameNode.error("the effect is called \(name) but its file \(base): a declarative effect's file is NAME\(fileSuffix), so it is found by name")
        }
        guard let kindNode = top["kind"] else { throw root.error("\"kind\" is missing (\(EffectKind.allCases.map(\.rawValue).joined(separator: ", ")))") }
        let kind = EffectKind(rawValue: try kindNode.choice(EffectKind.allCases.map(\.rawValue), what: "an effect kind"))!

        var parameters: [ParameterDeclaration] = []
        if let node = top["parameters"] { parameters = try ParameterReader.read(node) }
        let expressions = ExpressionReader(numeric: Set(parameters.filter { $0.type.isNumeric }.map(\.name)),
                                           others: Set(parameters.filter { !$0.type.isNumeric }.map(\.name)))

        let motion: EffectMotion
        var variants: EffectDefinition.Variants?
        if let node = top["variants"] {
            let read = try readVariants(node, top: top, parameters: parameters, kind: kind, expressions: expressions)
            variants = read
            let chooser = parameters.first { $0.name == read.parameter }!
            guard case .string(let choice) = chooser.defaultValue, let chosen = read.cases[choice] else {
                throw node.error("the default of \(read.parameter) has no case")
            }
            motion = chosen
        } else {
            motion = try readMotion(top, at: root, kind: kind, expressions: expressions)
        }

        func text(_ key: String) throws(DeclarativeError) -> String? {
            try top[key].map { node throws(DeclarativeError) in try node.string(what: key) }
        }
        return EffectDefinition(file: file, name: name, kind: kind, description: try text("description") ?? "",
                                family: try text("family"), source: try text("source"), author: try text("author"),
                                license: try text("license"), parameters: parameters, motion: motion, variants: variants)
    }

    /// `variants`: `{"parameter": NAME, "cases": {CHOICE: {motion keys}}}`, a case for
    /// every choice of the string parameter, each read as the top's motion keys with its
    /// own over them.
    private static func readVariants(_ node: DocumentNode, top: [String: DocumentNode], parameters: [ParameterDeclaration],
                                     kind: EffectKind, expressions: ExpressionReader) throws(DeclarativeError) -> EffectDefinition.Variants {
        let members = try node.members(allowed: ["parameter", "cases"], what: "the variants")
        guard let parameterNode = members["parameter"] else {
            throw node.error("\"parameter\" is missing: the string parameter whose value chooses the case")
        }
        let name = try parameterNode.string(what: "a parameter name")
        guard let declaration = parameters.first(where: { $0.name == name }) else {
            let close = NameSuggestions.closest(to: name, among: parameters.map(\.name), limit: 1)
            let hint = close.first.map { "; did you mean \($0)?" } ?? ""
            throw parameterNode.error("unknown parameter \(name)\(hint) (declare it in \"parameters\", a string with choices)")
        }
        guard declaration.type == .string, let choices = declaration.choices else {
            throw parameterNode.error("parameter \(name) chooses a variant, so it must be a string with \"choices\"")
        }
        guard let casesNode = members["cases"] else { throw node.error("\"cases\" is missing: one object per choice of \(name)") }
        guard case .object(let written) = casesNode.value else { throw casesNode.error("expected the cases (an object of choice → motion)") }
        let caseNodes = try casesNode.members(allowed: choices, what: "the cases (choices of \(name): \(choices.joined(separator: ", ")))")
        if let missing = choices.first(where: { caseNodes[$0] == nil }) {
            throw casesNode.error("no case for \(name) \"\(missing)\": every choice needs one (an empty object keeps the top's keys)")
        }
        var cases: [String: EffectMotion] = [:]
        for member in written where member.key != "$comment" {
            guard let caseNode = caseNodes[member.key] else { continue }
            var merged = top
            for (key, value) in try caseNode.members(allowed: motionKeys, what: "a case (the keys that say how the effect moves)") {
                merged[key] = value
            }
            cases[member.key] = try readMotion(merged, at: caseNode, kind: kind, expressions: expressions)
        }
        return EffectDefinition.Variants(parameter: name, cases: cases)
    }

    /// The motion keys of `members` (the top's, or a case's over them); `node` is where a
    /// missing key is reported.
    private static func readMotion(_ top: [String: DocumentNode], at root: DocumentNode, kind: EffectKind,
                                   expressions: ExpressionReader) throws(DeclarativeError) -> EffectMotion {
        let presentation = kind == .present || kind == .dismiss || kind == .modal
        var layers: [EffectMotion.Layer] = []
        if let node = top["layers"] {
            guard case .object(let members) = node.value else { throw node.error("expected the layers (an object of name → layer)") }
            guard members.count <= maximumLayers else { throw node.error("\(members.count) layers: at most \(maximumLayers)") }
            let fields = try node.members(allowed: members.map(\.key), what: "the layers")
            for member in members where member.key != "$comment" {
                guard let layer = fields[member.key] else { continue }
                guard Role(name: member.key) == nil else { throw layer.error("\(member.key) is a role: a layer needs a name of its own") }
                let spec = try layer.members(allowed: ["color", "lasts"], what: "a layer")
                let color = try spec["color"].map { node throws(DeclarativeError) in try readColor(node) } ?? [0, 0, 0, 1]
                var lifetime = EffectMotion.Layer.Lifetime.transition
                if let lasts = spec["lasts"] {
                    lifetime = EffectMotion.Layer.Lifetime(rawValue: try lasts.choice(["transition", "presentation"], what: "a layer's lifetime"))!
                    if lifetime == .presentation, !presentation {
                        throw lasts.error("a \(kind.rawValue) effect presents nothing: a layer lasts the transition (\"presentation\" is for present, dismiss and modal)")
                    }
                }
                layers.append(EffectMotion.Layer(name: member.key, color: color, lasts: lifetime))
            }
        }
        let roles = allowedRoles(kind) + layers.map { Role.layer($0.name) }

        let interactive = try top["interactive"].map { node throws(DeclarativeError) in
            try InteractiveReader.read(node, kind: kind, expressions: expressions)
        }
        let forward: EffectMotion.Phase
        if kind == .interaction {
            for key in ["tracks", "backward", "duration", "curve", "order", "layers", "presentedInsets", "matched"] where top[key] != nil {
                throw top[key]!.error("an interaction effect only drives other effects' transitions: it has \"interactive\" and no \(key)")
            }
            guard interactive != nil else { throw root.error("an interaction effect needs \"interactive\"") }
            forward = EffectMotion.Phase(duration: .number(0), curve: .named(0), curveWhenInteractive: nil, order: nil, tracks: [:])
        } else {
            forward = try readPhase(top, root, roles: roles, kind: kind, expressions: expressions)
        }

        var backward: EffectMotion.Backward?
        let playsBoth = kind == .navigation || kind == .modal || kind == .any
        if let node = top["backward"] {
            guard playsBoth else { throw node.error("a \(kind.rawValue) effect plays one direction only: \"backward\" is for navigation, modal and any") }
            if case .string = node.value {
                switch try node.choice(["mirror", "reverse", "same"], what: "a backward rule") {
                case "mirror": backward = .mirror
                case "reverse": backward = .reverse
                default: backward = .same
                }
            } else {
                var members = try node.members(allowed: ["duration", "curve", "curveWhenInteractive", "order", "tracks"], what: "the backward animation")
                for key in ["duration", "curve", "curveWhenInteractive"] where members[key] == nil { members[key] = top[key] }
                backward = .own(try readPhase(members, node, roles: roles, kind: kind, expressions: expressions))
            }
        } else if playsBoth {
            throw root.error("a \(kind.rawValue) effect plays both ways: say how the reverse plays with \"backward\": \"mirror\", \"reverse\", \"same\" or its own {\"tracks\": ...}")
        }

        var motion = EffectMotion(forward: forward, backward: backward, layers: layers, interactive: interactive)
        if let node = top["settle"] {
            motion.settle = EffectMotion.Settle(rawValue: try node.choice(["leaving", "reset", "restore", "none"], what: "a settle rule"))!
        }
        if let node = top["missingViews"] {
            motion.missingViews = EffectMotion.MissingViews(rawValue: try node.choice(["skip", "snapshot", "controller"], what: "a missing-view rule"))!
        }
        if let node = top["presentedInsets"] {
            guard presentation else { throw node.error("a \(kind.rawValue) effect presents nothing: presentedInsets is for present, dismiss and modal") }
            let members = try node.members(allowed: ["top", "left", "bottom", "right"], what: "the presented view's insets")
            var insets = EffectMotion.Insets()
            for (key, path, axis) in [("top", \EffectMotion.Insets.top, ExpressionReader.Axis.y), ("left", \EffectMotion.Insets.left, .x),
                                      ("bottom", \EffectMotion.Insets.bottom, .y), ("right", \EffectMotion.Insets.right, .x)] {
                if let value = members[key] { insets[keyPath: path] = try expressions.read(value, what: "an inset in points", axis: axis) }
            }
            motion.presentedInsets = insets
        }
        if let node = top["matched"] { motion.matched = try readMatched(node, expressions: expressions) }
        return motion
    }

    /// `matched`: which pairs fly, for how long, on which curve, how they fade, and
    /// whether the tracks last as long as the flights.
    private static func readMatched(_ node: DocumentNode, expressions: ExpressionReader) throws(DeclarativeError) -> MatchedSpec {
        let members = try node.members(allowed: ["pairs", "duration", "curve", "fade", "tracksLast"], what: "the matched block")
        var spec = MatchedSpec()
        if let pairs = members["pairs"] {
            if case .string = pairs.value {
                _ = try pairs.choice(["all"], what: "the pairs that fly (\"all\" or a list of match identifiers)")
            } else {
                var identifiers: [String] = []
                for element in try pairs.elements(what: "the match identifiers of the pairs that fly", limit: 64) {
                    let identifier = try element.string(what: "a match identifier")
                    guard !identifier.isEmpty else { throw element.error("an empty identifier matches nothing") }
                    identifiers.append(identifier)
                }
                spec.pairs = identifiers
            }
        }
        if let duration = members["duration"] {
            if case .string("auto") = duration.value {
                spec.duration = .auto
            } else {
                spec.duration = .fixed(try readDuration(duration, expressions: expressions))
            }
        }
        if let curve = members["curve"] {
            let read = try CurveReader.read(curve, expressions: expressions)
            if read.isStepped { throw curve.error("a flight moves by frame and centre in one animation: steps() and linear() (played as keyframes) cannot time it") }
            spec.curve = read
        }
        if let fade = members["fade"] {
            spec.fade = MatchedSpec.Fade(rawValue: try fade.choice(["auto", "cross"], what: "a fade of the pairs"))!
        }
        if let last = members["tracksLast"] {
            spec.tracksLast = MatchedSpec.TracksLast(rawValue: try last.choice(["duration", "longestFlight"], what: "how long the tracks last"))!
        }
        return spec
    }

    static func allowedRoles(_ kind: EffectKind) -> [Role] {
        switch kind {
        case .present, .dismiss, .modal: return [.presented, .presenter, .incoming, .outgoing]
        case .interaction: return []
        default: return [.incoming, .outgoing]
        }
    }

    private static func readPhase(_ members: [String: DocumentNode], _ node: DocumentNode, roles: [Role], kind: EffectKind,
                                  expressions: ExpressionReader) throws(DeclarativeError) -> EffectMotion.Phase {
        let duration = try members["duration"].map { node throws(DeclarativeError) in
            try readDuration(node, expressions: expressions)
        } ?? .number(0.35)
        let curve = try members["curve"].map { node throws(DeclarativeError) in try CurveReader.read(node, expressions: expressions) }
            ?? .named(0)
        let interactiveCurve = try members["curveWhenInteractive"].map { node throws(DeclarativeError) in
            try CurveReader.read(node, expressions: expressions)
        }
        var order: [Role]?
        if let orderNode = members["order"] {
            var roleList: [Role] = []
            for element in try orderNode.elements(what: "the order (back to front)", limit: 16) {
                let role = try readRole(element, roles: roles, kind: kind)
                guard !roleList.contains(role) else { throw element.error("\(role) is listed twice") }
                roleList.append(role)
            }
            order = roleList
        }
        guard let tracksNode = members["tracks"] else {
            throw node.error("\"tracks\" is missing: say what moves, as {\"incoming\": {\"start\": {\"alpha\": 0}}}")
        }
        guard case .object(let written) = tracksNode.value else { throw tracksNode.error("expected the tracks (an object of role → track)") }
        let trackNodes = try tracksNode.members(allowed: roles.map(\.description), what: "the tracks (roles of a \(kind.rawValue) effect: \(roles.map(\.description).joined(separator: ", ")))")
        var tracks: [Role: [Track]] = [:]
        for member in written where member.key != "$comment" {
            guard let trackNode = trackNodes[member.key] else { continue }
            let role = roles.first { $0.description == member.key }!
            let elements: [DocumentNode]
            if case .array = trackNode.value {
                elements = try trackNode.elements(what: "the tracks of \(role)", limit: maximumTracksPerRole)
                guard !elements.isEmpty else { throw trackNode.error("no track: write one, or leave \(role) out") }
            } else {
                elements = [trackNode]
            }
            var roleTracks: [Track] = []
            for element in elements {
                let track = try readTrack(element, expressions: expressions, phaseCurves: [curve, interactiveCurve ?? .named(3)])
                // One view, one value per property: two tracks writing one would fight
                // frame by frame, and the transform is one property however many keys build it.
                for other in roleTracks {
                    if let shared = track.properties.intersection(other.properties).first {
                        throw element.error("\(shared.rawValue) is written by another track of \(role): each property of a view belongs to one track")
                    }
                    if track.transforms && other.transforms {
                        throw element.error("another track of \(role) moves its transform: x, y, scale and rotations build one transform, so they belong to one track")
                    }
                }
                roleTracks.append(track)
            }
            tracks[role] = roleTracks
        }
        return EffectMotion.Phase(duration: duration, curve: curve, curveWhenInteractive: interactiveCurve, order: order, tracks: tracks)
    }

    private static func readRole(_ node: DocumentNode, roles: [Role], kind: EffectKind) throws(DeclarativeError) -> Role {
        let name = try node.string(what: "a role")
        guard let role = roles.first(where: { $0.description == name }) else {
            let close = NameSuggestions.closest(to: name, among: roles.map(\.description), limit: 1)
            let hint = close.first.map { "; did you mean \($0)?" } ?? ""
            throw node.error("\(name) is not a role of a \(kind.rawValue) effect (\(roles.map(\.description).joined(separator: ", ")))\(hint)")
        }
        return role
    }

    private static func readDuration(_ node: DocumentNode, expressions: ExpressionReader) throws(DeclarativeError) -> ValueExpression {
        let duration = try expressions.read(node, what: "a duration in seconds", axis: .none)
        if let constant = duration.constant, !(0...600).contains(constant) {
            throw node.error("a duration of \(constant) s: expected from 0 to 600 seconds")
        }
        return duration
    }

    private static func readTrack(_ node: DocumentNode, expressions: ExpressionReader, phaseCurves: [CurveSpec]) throws(DeclarativeError) -> Track {
        let members = try node.members(allowed: trackKeys, what: "a track")
        var track = Track()
        if let moveBy = members["moveBy"] {
            track.moveBy = Track.Movement(rawValue: try moveBy.choice(["transform", "frame"], what: "a way to move"))!
        }
        if let start = members["start"] { track.start = try readPose(start, expressions: expressions) }
        if let end = members["end"] { track.end = try readPose(end, expressions: expressions) }
        if let keyframes = members["keyframes"] {
            if members["start"] != nil || members["end"] != nil {
                throw keyframes.error("a track has keyframes or a start and an end, not both (the first and last keyframes are its start and end)")
            }
            var previous = -1.0
            for element in try keyframes.elements(what: "the keyframes", limit: maximumKeyframes) {
                guard case .object = element.value else { throw element.error("expected a keyframe (an object with \"at\")") }
                let fields = try element.members(allowed: ["at"] + poseKeys, what: "a keyframe")
                guard let atNode = fields["at"] else { throw element.error("a keyframe needs \"at\" (from 0 to 1 of the track's duration)") }
                let at = try atNode.number(what: "a keyframe time from 0 to 1")
                guard (0...1).contains(at) else { throw atNode.error("\(at) is outside 0...1") }
                guard at > previous else { throw atNode.error("keyframes must be in order: \(at) does not come after \(previous)") }
                if previous < 0, at != 0 { throw atNode.error("the first keyframe is at 0 (the track's start), not \(at)") }
                previous = at
                let pose = try readPose(element, expressions: expressions, members: fields)
                track.keyframes.append(Track.Keyframe(at: at, pose: pose))
            }
            guard track.keyframes.count >= 2, previous == 1 else {
                throw keyframes.error("keyframes run from \"at\": 0 to \"at\": 1, with at least those two")
            }
        }
        if let duration = members["duration"] { track.duration = try readDuration(duration, expressions: expressions) }
        if let delay = members["delay"] { track.delay = try readDuration(delay, expressions: expressions) }
        if let curve = members["curve"] {
            track.curve = try CurveReader.read(curve, expressions: expressions)
            if track.curve!.isStepped, !track.keyframes.isEmpty {
                throw curve.error("steps() and linear() are played as keyframes, so a track with keyframes of its own cannot use them")
            }
        }
        if let span = members["progress"] {
            if let other = ["duration", "delay", "curve", "keyframes"].first(where: { members[$0] != nil }) {
                throw span.error("a track on a part of the phase's progress takes its timing from the phase's curve: it has no \(other)")
            }
            let ends = try span.elements(what: "the part of the phase's progress, [from, to]", limit: 2)
            guard ends.count == 2 else { throw span.error("expected [from, to], two fractions of the phase's progress") }
            let from = try ends[0].number(what: "a fraction of the progress"), to = try ends[1].number(what: "a fraction of the progress")
            guard 0 <= from, from < to, to <= 1 else { throw span.error("expected 0 ≤ from < to ≤ 1, found [\(from), \(to)]") }
            if phaseCurves.contains(where: { $0.cubic == nil }) {
                throw span.error("the phase's curve (and curveWhenInteractive) must be a cubic Bézier or a named curve to be cut into parts: a spring, steps() or linear() is not")
            }
            track.progress = Track.ProgressSpan(from: from, to: to)
        }
        if track.moveBy == .frame {
            let transformed = track.properties.filter { $0.isTransform && $0 != .x && $0 != .y }
            if let first = transformed.first {
                throw node.error("moveBy frame moves x and y by the frame; \(first.rawValue) is a transform, which would mix frame and transform: use two tracks' worth of care, or moveBy transform")
            }
        }
        return track
    }

    private static func readPose(_ node: DocumentNode, expressions: ExpressionReader,
                                 members given: [String: DocumentNode]? = nil) throws(DeclarativeError) -> Pose {
        let members: [String: DocumentNode]
        if let given { members = given } else { members = try node.members(allowed: poseKeys, what: "a pose") }
        var pose = Pose()
        for (key, child) in members where key != "at" {
            guard let property = Pose.Property(rawValue: key) else { continue }
            switch property {
            case .backgroundColor:
                pose.color = try readColor(child)
            case .hidden:
                pose.hidden = try child.bool(what: "hidden")
            default:
                let value = try expressions.read(child, what: key, axis: property.axis)
                if property == .alpha || property == .shadowOpacity, let constant = value.constant, !(0...1).contains(constant) {
                    throw child.error("\(key) \(constant) is outside 0...1")
                }
                pose.values[property] = value
            }
        }
        return pose
    }

    /// `#rgb`, `#rrggbb` or `#rrggbbaa`.
    static func readColor(_ node: DocumentNode) throws(DeclarativeError) -> [Double] {
        let text = try node.string(what: "a colour (#rrggbb or #rrggbbaa)")
        var hex = Array(text.utf8)
        guard hex.first == UInt8(ascii: "#") else { throw node.error("expected a colour such as \"#000000\" or \"#00000080\", found \"\(text)\"") }
        hex.removeFirst()
        if hex.count == 3 { hex = hex.flatMap { [$0, $0] } }
        if hex.count == 6 { hex += Array("ff".utf8) }
        guard hex.count == 8, let number = UInt32(String(decoding: hex, as: UTF8.self), radix: 16) else {
            throw node.error("expected a colour such as \"#000000\" or \"#00000080\", found \"\(text)\"")
        }
        return [24, 16, 8, 0].map { Double((number >> $0) & 0xFF) / 255 }
    }
}
