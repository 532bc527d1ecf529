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
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            return (catalog, [Diagnostic(.error, .catalogNotJSON, file: file, "not JSON: \(error)")])
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
            let diagnostics = reader.issues.map { issue in
                Diagnostic(issue.invalidates ? .error : .warning, .catalogInvalid, file: file, field: issue.path.description,
                           issue.invalidates ? issue.message + "; the catalog is not used" : issue.message)
            }
            return (catalog, diagnostics)
        }

        // The entries: a bad one is skipped, the others are kept.
        var diagnostics = reader.issues.map { Diagnostic(.warning, .catalogInvalid, file: file, field: $0.path.description, $0.message) }
        var firstIndexByName: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let entryReader = SchemaReader()
            let path = root.appending("effects").appending(index)
            var entry: CatalogEntry?
            if let entryFields = entryReader.object(element, at: path, expected: "an effect entry object", fields: entryFields) {
                let declaration = DeclarationReader.effect(entryFields)
                let bundle = entryFields.string("bundle", expected: "a bundle file name or relative path, such as \"libCrossfade.so\"",
                                                isValid: { !$0.isEmpty && !$0.utf8.contains(0) })
                if entryReader.problemCount == 0, let declaration, let bundle {
                    entry = CatalogEntry(index: index, declaration: declaration, bundle: bundle)
                }
            }
            if let candidate = entry, let first = firstIndexByName[candidate.declaration.name] {
                entryReader.problem(path.appending("name"), "effect \(candidate.declaration.name) is already declared at effects[\(first)]")
                entry = nil
            }
            for issue in entryReader.issues {
                let message = issue.invalidates ? issue.message + "; entry skipped" : issue.message
                diagnostics.append(Diagnostic(.warning, .catalogInvalid, file: file, field: issue.path.description, message))
            }
            if let entry {
                firstIndexByName[entry.declaration.name] = index
                catalog.entries.append(entry)
            }
        }
        return (catalog, diagnostics)
    }
}
