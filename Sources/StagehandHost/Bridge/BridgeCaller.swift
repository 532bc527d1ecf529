/// Whose code the host is calling: an effect of a bundle (its functions, its factory, its
/// gesture actions and animation completions) or a bundle itself (its `init`). Every
/// diagnostic about a bundle's call names it as `libX.so (effect)`, so an author reading
/// one line knows which file and which effect to fix.
struct BridgeCaller: Hashable, Sendable {
    /// The effect's catalog name; `nil` for a call to the bundle itself.
    var effect: String?
    /// The path the bundle was loaded from; `nil` when the host does not know it (an
    /// effect made outside a library).
    var bundlePath: String?

    /// The bundle's file name, e.g. `libSlidePop.so`.
    var bundle: String? {
        bundlePath.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
    }

    /// `libX.so (effect)`, `libX.so` or `effect`, as diagnostics name the caller.
    var name: String {
        switch (bundle, effect) {
        case let (bundle?, effect?): return "\(bundle) (\(effect))"
        case let (bundle?, nil): return bundle
        case let (nil, effect?): return effect
        case (nil, nil): return "bundle"
        }
    }
}
