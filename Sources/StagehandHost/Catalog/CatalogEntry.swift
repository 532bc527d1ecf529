/// One effect the catalog declares: the shared declaration plus the bundle that holds
/// it (a file name or a relative path inside a plugin directory).
struct CatalogEntry: Hashable {
    /// The position in `effects`, so later diagnostics can name `effects[index]`.
    var index: Int
    var declaration: EffectDeclaration
    var bundle: String

    var path: JSONPath { JSONPath().appending("effects").appending(index) }
}
