import StagehandCore

/// `Catalog.json`: the built-in effects by name, with their bundle, factory and
/// parameters (Documentation/Catalog.md). Only the valid entries are kept; every
/// problem was reported as a diagnostic while parsing.
struct Catalog {
    static let schemaVersion: Int64 = 1
    static let topLevelFields = ["schemaVersion", "effects"]
    static let entryFields = DeclarationReader.effectFields + ["bundle"]

    /// The file it was read from, as diagnostics name it.
    var file: String
    var entries: [CatalogEntry]

    /// Reads and validates the catalog at `file`. A file that cannot be read, is not
    /// JSON, or has an unknown `schemaVersion` gives one error and an empty catalog; a
    /// bad entry gives warnings and is skipped, and the others are kept.
    static func load(from file: String) -> (Catalog, [Diagnostic]) {
        switch FileSystem.readFile(file) {
        case .success(let bytes):
            return parse(bytes, file: file)
        case .failure(let reason):
            return (Catalog(file: file, entries: []), [Diagnostic(.error, .catalogUnreadable, file: file, "cannot read the catalog: \(reason)")])
        }
    }

    static func parse(_ bytes: [UInt8], file: String) -> (Catalog, [Diagnostic]) {
        var catalog = Catalog(file: file, entries: [])
        let list = EffectListReader(file: file, code: .catalogInvalid, refusal: "the catalog is not used", skip: "entry skipped")
        let document: JSONValue
        switch list.parse(bytes, notJSON: .catalogNotJSON) {
        case .success(let parsed): document = parsed
        case .failure(let notJSON): return (catalog, [notJSON])
        }

        // The top level: any problem here refuses the whole file.
        let reader = SchemaReader()
        let root = JSONPath()
        let fields = reader.object(document, at: root,
                                   expected: "a catalog object {\"schemaVersion\": 1, \"effects\": [...]}",
                                   fields: topLevelFields)
        let version = fields?.integer("schemaVersion", expected: "the integer \(schemaVersion)")
        if let version, version != schemaVersion {
            reader.problem(root.appending("schemaVersion"), "unknown schemaVersion \(version): this host reads schemaVersion \(schemaVersion)")
        }
        let elements = reader.problemCount == 0 ? fields?.array("effects", expected: "an array of effect entries") : nil
        guard reader.problemCount == 0, let elements else {
            return (catalog, list.diagnostics(of: reader, refused: true))
        }

        // The entries: a bad one is skipped, the others are kept.
        let (entries, diagnostics) = list.elements(elements, at: root.appending("effects"), expected: "an effect entry object",
                                                   fields: entryFields, name: { $0.declaration.name }) { entryFields, index -> CatalogEntry? in
            let declaration = DeclarationReader.effect(entryFields)
            let bundle = entryFields.string("bundle", expected: "a bundle file name or relative path, such as \"libCrossfade.so\"",
                                            isValid: { !$0.isEmpty && !$0.utf8.contains(0) })
            guard let declaration, let bundle else { return nil }
            return CatalogEntry(index: index, declaration: declaration, bundle: bundle)
        }
        catalog.entries = entries
        return (catalog, list.diagnostics(of: reader, refused: false) + diagnostics)
    }
}
