/// What a bundle's entry lists: anything that gives an effect's manifest entry. Every
/// ``EffectDeclaration`` is one, whatever its parameters; so is an ``EffectManifest``
/// written by hand.
public protocol EffectDeclaring: Sendable {
    /// The manifest's entry for the effect.
    var manifest: EffectManifest { get }
}

extension EffectManifest: EffectDeclaring {
    public var manifest: EffectManifest { self }
}
