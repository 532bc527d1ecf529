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
                          "backward", "interactive", "settle", "missingViews", "matched"]
    static let trackKeys = ["moveBy", "start", "end", "keyframes", "duration", "delay", "curve"]
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

    private static func readDocument(_ root: DocumentNode, file: String) throws(DeclarativeError) -> EffectDefinition {
        let top = try root.members(allowed: topKeys, what: "a declarative effect")
        guard let formatNode = top["format"] else {
            throw root.error("\"format\" is missing: write \"format\": \"\(format)\" first")
        }
        let written = try formatNode.string(what: "the format")
        guard written == format else {
            throw formatNode.error("unknown format \"\(written)\": this host reads \"\(format)\"")
        }
        if let matched = top["matched"] {
            throw matched.error("matched views (shared elements) are not part of \(format) yet: the key is reserved for them")
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

        var layers: [EffectDefinition.Layer] = []
        if let node = top["layers"] {
            guard case .object(let members) = node.value else { throw node.error("expected the layers (an object of name → layer)") }
            guard members.count <= maximumLayers else { throw node.error("\(members.count) layers: at most \(maximumLayers)") }
            let fields = try node.members(allowed: members.map(\.key), what: "the layers")
            for member in members where member.key != "$comment" {
                guard let layer = fields[member.key] else { continue }
                guard Role(name: member.key) == nil else { throw layer.error("\(member.key) is a role: a layer needs a name of its own") }
                let spec = try layer.members(allowed: ["color"], what: "a layer")
                let color = try spec["color"].map { node throws(DeclarativeError) in try readColor(node) } ?? [0, 0, 0, 1]
                layers.append(EffectDefinition.Layer(name: member.key, color: color))
            }
        }
        let roles = allowedRoles(kind) + layers.map { Role.layer($0.name) }

        let interactive = try top["interactive"].map { node throws(DeclarativeError) in
            try InteractiveReader.read(node, kind: kind, expressions: expressions)
        }
        let forward: EffectDefinition.Phase
        if kind == .interaction {
            for key in ["tracks", "backward", "duration", "curve", "order"] where top[key] != nil {
                throw top[key]!.error("an interaction effect only drives other effects' transitions: it has \"interactive\" and no \(key)")
            }
            guard interactive != nil else { throw root.error("an interaction effect needs \"interactive\"") }
            forward = EffectDefinition.Phase(duration: .number(0), curve: .named(0), curveWhenInteractive: .named(0), order: nil, tracks: [:])
        } else {
            forward = try readPhase(top, root, roles: roles, kind: kind, expressions: expressions, requireTracks: true)
        }

        var backward: EffectDefinition.Backward?
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
                let members = try node.members(allowed: ["duration", "curve", "curveWhenInteractive", "order", "tracks"], what: "the backward animation")
                var phase = try readPhase(members, node, roles: roles, kind: kind, expressions: expressions, requireTracks: true)
                if members["duration"] == nil { phase.duration = forward.duration }
                if members["curve"] == nil { phase.curve = forward.curve }
                if members["curveWhenInteractive"] == nil { phase.curveWhenInteractive = forward.curveWhenInteractive }
                backward = .own(phase)
            }
        } else if playsBoth {
            throw root.error("a \(kind.rawValue) effect plays both ways: say how the reverse plays with \"backward\": \"mirror\", \"reverse\", \"same\" or its own {\"tracks\": ...}")
        }

        let settle = try top["settle"].map { node throws(DeclarativeError) in
            EffectDefinition.Settle(rawValue: try node.choice(["leaving", "restore", "none"], what: "a settle rule"))!
        } ?? .leaving
        let snapshots = try top["missingViews"].map { node throws(DeclarativeError) in
            try node.choice(["skip", "snapshot"], what: "a missing-view rule") == "snapshot"
        } ?? false

        func text(_ key: String) throws(DeclarativeError) -> String? {
            try top[key].map { node throws(DeclarativeError) in try node.string(what: key) }
        }
        return EffectDefinition(file: file, name: name, kind: kind, description: try text("description") ?? "",
                                family: try text("family"), source: try text("source"), author: try text("author"),
                                license: try text("license"), parameters: parameters,
                                forward: forward, backward: backward, layers: layers, settle: settle,
                                snapshotsMissingViews: snapshots, interactive: interactive)
    }

    static func allowedRoles(_ kind: EffectKind) -> [Role] {
        switch kind {
        case .present, .dismiss, .modal: return [.presented, .presenter, .incoming, .outgoing]
        case .interaction: return []
        default: return [.incoming, .outgoing]
        }
    }

    private static func readPhase(_ members: [String: DocumentNode], _ node: DocumentNode, roles: [Role], kind: EffectKind,
                                  expressions: ExpressionReader, requireTracks: Bool) throws(DeclarativeError) -> EffectDefinition.Phase {
        let duration = try members["duration"].map { node throws(DeclarativeError) in
            try readDuration(node, expressions: expressions)
        } ?? .number(0.35)
        let curve = try members["curve"].map { node throws(DeclarativeError) in try CurveReader.read(node, expressions: expressions) }
            ?? .named(0)
        let interactiveCurve = try members["curveWhenInteractive"].map { node throws(DeclarativeError) in
            try CurveReader.read(node, expressions: expressions)
        } ?? .named(3)
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
        var tracks: [Role: Track] = [:]
        for member in written where member.key != "$comment" {
            guard let trackNode = trackNodes[member.key] else { continue }
            let role = roles.first { $0.description == member.key }!
            tracks[role] = try readTrack(trackNode, expressions: expressions)
        }
        return EffectDefinition.Phase(duration: duration, curve: curve, curveWhenInteractive: interactiveCurve, order: order, tracks: tracks)
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

    private static func readTrack(_ node: DocumentNode, expressions: ExpressionReader) throws(DeclarativeError) -> Track {
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
