import StagehandABI

/// What a bundle says about itself: its name and version and the effects it makes.
///
/// Rendered once to the manifest JSON the host reads before running any of the
/// bundle's code; the ABI version in it is always the header's this SDK was built with.
public struct BundleManifest: Hashable, Sendable {
    public var name: String
    /// The bundle's own version, e.g. "1.0.0".
    public var version: String
    public var effects: [EffectManifest]

    public init(name: String, version: String, effects: [EffectManifest]) {
        self.name = name
        self.version = version
        self.effects = effects
    }

    /// The manifest of a bundle that makes the effects `declarations` declare, in the
    /// order given (usually ``EffectDeclaration`` values).
    public init(name: String, version: String, declarations: [any EffectDeclaring]) {
        self.init(name: name, version: version, effects: declarations.map(\.manifest))
    }

    /// The manifest text: `{"abi", "bundle", "effects"}`.
    public var json: String {
        JSONValue.object([
            ("abi", .object([
                ("major", .integer(Int64(STAGEHAND_ABI_MAJOR))),
                ("minor", .integer(Int64(STAGEHAND_ABI_MINOR))),
            ])),
            ("bundle", .object([("name", .string(name)), ("version", .string(version))])),
            ("effects", .array(effects.map(\.json))),
        ]).rendered()
    }
}
