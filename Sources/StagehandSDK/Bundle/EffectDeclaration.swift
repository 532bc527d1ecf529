/// An effect declared once: what the manifest says about it (name, kind, parameters
/// with their defaults and bounds, description, family, source) and how to make it.
///
/// Everything else comes from this one value: the manifest entry the host reads
/// (``manifest``), the check of the factory's arguments against the declared bounds, and
/// the body of the exported C factory (``export(_:)``). Declare it beside the effect:
///
///     extension BouncePresent {
///         static let declaration = EffectDeclaration(
///             name: "bounce-present", kind: .present, factory: "bounce_present_create",
///             description: "Present: the modal slides up from below on a spring.",
///             family: "iOS 7 recipes", source: "WWDC 2013 session 218",
///             parameters: Parameter("duration", default: 0.8, in: 0.01...10),
///                         Parameter("damping", default: 0.6, in: 0.01...1),
///                         Parameter("velocity", default: 0.0, in: -100...100),
///             make: { BouncePresent(duration: $0, damping: $1, velocity: $2) })
///     }
///
/// then export its factory under the symbol it names, one line whose argument types the
/// compiler checks against the parameters (their number, order of types and C types):
///
///     @_cdecl("bounce_present_create")
///     public func bouncePresentCreate(_ duration: Double, _ damping: Double, _ velocity: Double) -> UnsafeRawPointer? {
///         BouncePresent.declaration.export(duration, damping, velocity)
///     }
///
/// and list it in the bundle's entry:
///
///     @_cdecl("stagehand_bundle_entry")
///     public func stagehandBundleEntry() -> UnsafeRawPointer {
///         StagehandBundle.entry(name: "BouncePresent", version: "1.0.0", effects: [BouncePresent.declaration])
///     }
///
/// Two things the compiler cannot check: that the `@_cdecl` symbol is spelled as
/// `factory` (the host then reports, when it loads the bundle, that the factory is not
/// exported, and skips the effect), and that two parameters of the same type are passed
/// in the declared order (name the factory's arguments after the parameters).
/// `stagehand validate` calls each factory at its parameters' bounds and reports a
/// parameter that changes nothing, which catches most of the latter.
public struct EffectDeclaration<each P: ParameterValue>: EffectDeclaring {
    /// The name apps load the effect by, e.g. "bounce-present".
    public let name: String
    public let kind: EffectKind
    /// Whether a gesture can drive it (the effect then conforms to `GestureDrivenEffect`
    /// or answers `interactionController(for:)`).
    public let interactive: Bool
    /// The C symbol of the exported factory, e.g. "bounce_present_create": the name in
    /// its `@_cdecl`.
    public let factory: String
    /// One sentence saying what the effect looks like.
    public let description: String
    /// The group listings show the effect in, e.g. "iOS 7 recipes".
    public let family: String?
    /// The library or recipe the effect re-creates, e.g. "WWDC 2013 session 218".
    public let source: String?
    public let author: String?
    /// An SPDX identifier, e.g. "MIT".
    public let license: String?
    /// The parameters, in the factory's order.
    public let parameters: (repeat Parameter<each P>)
    private let make: @Sendable (repeat each P) -> (any Effect)?

    /// Declares an effect.
    ///
    /// - Parameters:
    ///   - name: the name apps load the effect by, e.g. "bounce-present".
    ///   - kind: the operation it animates (or `.navigation`, `.modal`, `.any` for several).
    ///   - interactive: whether a gesture can drive it.
    ///   - factory: the C symbol of the exported factory: the name in its `@_cdecl`.
    ///   - description: one sentence saying what the effect looks like.
    ///   - family: the group listings show it in, e.g. "iOS 7 recipes".
    ///   - source: the library or recipe it re-creates.
    ///   - author: who wrote it.
    ///   - license: an SPDX identifier, e.g. "MIT".
    ///   - parameters: the factory's parameters, in its order; their value types are the
    ///     types `make` receives and (as C types) the exported factory's arguments.
    ///   - make: makes the effect from parameter values that are within their bounds;
    ///     it may still return `nil` to refuse a combination of values (the host then
    ///     reports that the factory returned NULL).
    public init(name: String, kind: EffectKind, interactive: Bool = false, factory: String,
                description: String, family: String? = nil, source: String? = nil,
                author: String? = nil, license: String? = nil,
                parameters: repeat Parameter<each P>,
                make: @escaping @Sendable (repeat each P) -> (any Effect)?) {
        self.name = name
        self.kind = kind
        self.interactive = interactive
        self.factory = factory
        self.description = description
        self.family = family
        self.source = source
        self.author = author
        self.license = license
        self.parameters = (repeat each parameters)
        self.make = make
    }

    /// The manifest's entry for this effect, with one parameter entry per declared
    /// parameter.
    public var manifest: EffectManifest {
        var entries: [ParameterManifest] = []
        for parameter in repeat each parameters {
            entries.append(parameter.manifest)
        }
        return EffectManifest(name: name, kind: kind, interactive: interactive, factory: factory,
                              parameters: entries, description: description, family: family, source: source,
                              author: author, license: license)
    }

    /// The whole body of the exported factory: checks each argument against its
    /// parameter's bounds, makes the effect and hands it to the host.
    ///
    /// Returns NULL, the factory's refusal, when an argument is out of bounds (after
    /// logging one line naming the parameter, its value and its bounds, and the factory;
    /// the host adds the effect's name), when `make`
    /// returns `nil`, or when the host has not initialised the bundle.
    public func export(_ arguments: repeat (each P).FactoryArgument) -> UnsafeRawPointer? {
        let effect: (any Effect)?
        do throws(ParameterRefusal) {
            effect = make(repeat try (each parameters).value(of: each arguments).get())
        } catch {
            // The host's log line names the effect being made: the message need not.
            Host.log("\(error.message); the factory \(factory) returns NULL")
            return nil
        }
        return StagehandBundle.export(effect)
    }
}
