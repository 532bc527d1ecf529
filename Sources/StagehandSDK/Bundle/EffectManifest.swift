/// One effect of a bundle, as the manifest declares it: what the host needs to list it
/// and to call its factory without running any of the bundle's code first.
///
/// The name, kind, interactivity, factory and parameters must agree with the host's
/// catalog entry for the effect, if it has one: the host refuses a factory whose two
/// declarations differ.
public struct EffectManifest: Hashable, Sendable {
    /// The name apps load the effect by, e.g. "slide-pop".
    public var name: String
    public var kind: EffectKind
    /// Whether a gesture can drive it.
    public var interactive: Bool
    /// The C symbol of the factory, e.g. "slide_pop_create" (`@_cdecl` in Swift).
    public var factory: String
    /// The factory's parameters, in its order.
    public var parameters: [ParameterManifest]
    /// One sentence saying what the effect looks like.
    public var description: String
    /// The group listings show the effect in, e.g. "iOS 7 recipes" or "Material motion".
    public var family: String?
    /// The library or recipe the effect re-creates, e.g. "WWDC 2013 session 218" or
    /// "BubbleTransition".
    public var source: String?
    public var author: String?
    /// An SPDX identifier, e.g. "MIT".
    public var license: String?

    public init(name: String, kind: EffectKind, interactive: Bool = false, factory: String,
                parameters: [ParameterManifest] = [], description: String,
                family: String? = nil, source: String? = nil,
                author: String? = nil, license: String? = nil) {
        self.name = name
        self.kind = kind
        self.interactive = interactive
        self.factory = factory
        self.parameters = parameters
        self.description = description
        self.family = family
        self.source = source
        self.author = author
        self.license = license
    }

    /// The manifest's effect object, its fields in the format's order.
    var json: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("name", .string(name)),
            ("kind", .string(kind.rawValue)),
            ("interactive", .bool(interactive)),
            ("factory", .string(factory)),
            ("parameters", .array(parameters.map(\.json))),
            ("description", .string(description)),
        ]
        if let family { fields.append(("family", .string(family))) }
        if let source { fields.append(("source", .string(source))) }
        if let author { fields.append(("author", .string(author))) }
        if let license { fields.append(("license", .string(license))) }
        return .object(fields)
    }
}
