import StagehandHost

/// One effect as `catalog --json` and `info --json` print it.
///
/// This is a designed surface that scripts read, not a dump of the host's types: every
/// key is documented in Documentation/Catalog.md, keys are only ever added, and the
/// values keep their JSON types (numbers stay numbers, `interactive` is a boolean).
/// `author` and `license` are present when the bundle's manifest gives them, `family`
/// and `origin` (the declaration's `source`: the library or recipe re-created) when the
/// declaration does.
struct EffectRecord: Encodable {
    struct Parameter: Encodable {
        var name: String
        var type: String
        var `default`: Value
        var min: Value?
        var max: Value?
        /// A string parameter's only values, when it declares them.
        var choices: [String]?
        /// What it does, when its declaration says.
        var description: String?
    }

    /// A parameter value with its own JSON type.
    struct Value: Encodable {
        var value: ParameterValue

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch value {
            case .double(let number): try container.encode(number)
            // Through its shortest text, so 0.3 prints as 0.3 and not 0.30000001192092896.
            case .float(let number): try container.encode(Double("\(number)") ?? Double(number))
            case .int32(let number): try container.encode(number)
            case .int64(let number): try container.encode(number)
            case .uint32(let number): try container.encode(number)
            case .bool(let flag): try container.encode(flag)
            case .string(let text): try container.encode(text)
            }
        }
    }

    /// Which gesture drives the effect's interactive transitions (see `InteractionRule`).
    struct Interaction: Encodable {
        var gesture: String
        var threshold: Double?
        var thresholdParameter: String?
        var projectsVelocity: Bool
    }

    /// Where the effect comes from (`EffectProvenance`): `kind` is "built-in", "pack"
    /// (with `pack` and `packVersion`) or "directory" (with `directory`).
    struct Provenance: Encodable {
        var kind: String
        var pack: String?
        var packVersion: String?
        var directory: String?

        init(_ provenance: EffectProvenance) {
            switch provenance {
            case .builtIn: kind = "built-in"
            case .installedPack(let name, let version): kind = "pack"; pack = name; packVersion = version
            case .pluginDirectory(let path): kind = "directory"; directory = path
            }
        }
    }

    var name: String
    var kind: String
    var interactive: Bool
    var source: String
    var bundle: String
    var resolvedBundle: String
    var bundleName: String
    var version: String
    var factory: String
    var parameters: [Parameter]
    var description: String
    var author: String?
    var license: String?
    var family: String?
    var origin: String?
    var interaction: Interaction?
    var provenance: Provenance?

    init(_ info: EffectInfo, provenance: EffectProvenance? = nil) {
        self.provenance = provenance.map(Provenance.init)
        name = info.name
        kind = info.kind.rawValue
        interactive = info.interactive
        source = info.source.rawValue
        bundle = info.bundlePath
        resolvedBundle = info.resolvedBundlePath
        bundleName = info.bundleName
        version = info.bundleVersion
        factory = info.factory
        parameters = info.parameters.map { parameter in
            Parameter(name: parameter.name, type: parameter.type.rawValue, default: Value(value: parameter.defaultValue),
                      min: parameter.minimum.map(Value.init), max: parameter.maximum.map(Value.init), choices: parameter.choices,
                      description: parameter.description)
        }
        description = info.description
        author = info.author
        license = info.license
        family = info.family
        origin = info.origin
        interaction = info.interaction.map {
            Interaction(gesture: $0.gesture.rawValue, threshold: $0.threshold, thresholdParameter: $0.thresholdParameter,
                        projectsVelocity: $0.projectsVelocity)
        }
    }
}
