import StagehandABI

/// A bundle that passed every check and was initialised: its handle stays open for the
/// life of the process (Swift code must never be unloaded, see BundleLoader).
struct LoadedBundle {
    var location: BundleLocation
    /// The `dlopen` handle, for `dlsym` of the factories.
    var handle: UnsafeMutableRawPointer
    var entry: UnsafePointer<sh_bundle>
    var manifest: Manifest

    var path: String { location.path }
}
