/// Which Stagehand sources this copy of the shared Swift modules was built from: the
/// shared geometry, the shared types (StagehandShared), the Swift SDK and the ABI target.
///
/// It exists because the Swift runtime keeps one table of types by name per process.
/// Every Swift bundle links its own copies of StagehandSDK, StagehandShared and
/// StagehandGeometry, and the host has its own StagehandShared and StagehandGeometry; a
/// type one module names from another (a bundle's `[Rect]`, a generic of the SDK) is
/// looked up in that table by name, and the copy loaded first wins. Copies built from the same sources agree on every layout, so sharing is
/// harmless; copies built from different sources do not, and a bundle would run its code
/// over another copy's layouts and crash. So the host compares this value with the one a
/// Swift bundle exports (`stagehand_sources_identity`, from the SDK) before it calls the
/// bundle's entry, and refuses a bundle built from other sources with a message that
/// says to rebuild it. C bundles share no Swift types and are not concerned.
///
/// The value is FNV-1a (64 bits, as 16 hexadecimal digits) of every source file of
/// those four targets but this one, each as its path relative to the package, a zero
/// byte, its code and a zero byte, in path order. A file's code is its lines trimmed,
/// without blank lines and comment lines (`//`, `///`, whole-line `/* … */`), so a change
/// to documentation alone keeps the identity and the bundles built before it.
/// `SourceIdentityTests` recomputes it and prints the value to write here when code has
/// changed.
public enum SourceIdentity {
    public static let value: StaticString = "73fb40c8f9c922f2"
}
