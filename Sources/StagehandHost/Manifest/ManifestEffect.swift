/// One effect as its own bundle describes it: the shared declaration plus who wrote it
/// and under which license, which only the bundle can say.
struct ManifestEffect: Hashable {
    /// The position in the manifest's `effects`, for diagnostics.
    var index: Int
    var declaration: EffectDeclaration
    var author: String?
    var license: String?

    var path: JSONPath { JSONPath(root: Manifest.pathRoot).appending("effects").appending(index) }
}
