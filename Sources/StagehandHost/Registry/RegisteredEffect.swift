import StagehandABI

/// A registry entry: what is known about an effect, and the prepared call that makes it.
struct RegisteredEffect {
    var info: EffectInfo
    var factory: FactoryCall
}
