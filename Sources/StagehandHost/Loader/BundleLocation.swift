/// A bundle file found on the plugin search path.
struct BundleLocation: Hashable {
    /// The path as found (directory + name), which diagnostics name.
    var path: String
    /// Canonical: the same file reached twice is loaded once.
    var realPath: String
    /// The position of its directory in the search path: bundles found earlier win
    /// name clashes.
    var directoryIndex: Int
}
