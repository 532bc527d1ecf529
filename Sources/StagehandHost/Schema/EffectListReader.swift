import StagehandCore

/// The way a catalog and a manifest are both read, written once: a JSON document whose
/// top level is refused as a whole when anything is wrong with it, and whose list of
/// effects is read element by element, a bad or repeated element skipped with warnings
/// and the others kept. What differs (the fields of the top level, what an element
/// holds besides its declaration, the words of the messages) is the caller's.
struct EffectListReader {
    /// The file the diagnostics name (a catalog, a bundle).
    let file: String
    /// The code every problem with the document's fields is reported with.
    let code: Diagnostic.Code
    /// Added to an error that refuses the document: `"the catalog is not used"`.
    let refusal: String
    /// Added to a problem that skips one element: `"entry skipped"`.
    let skip: String

    /// The document, or the one error saying it is not JSON (`field` is where the
    /// document is, for a manifest: `manifest`).
    func parse(_ bytes: [UInt8], field: String? = nil, notJSON: Diagnostic.Code) -> Result<JSONValue, Diagnostic> {
        do {
            return .success(try JSONParser.parse(bytes))
        } catch {
            return .failure(Diagnostic(.error, notJSON, file: file, field: field, "not JSON: \(error)"))
        }
    }

    /// What `reader` found at the top level: errors that refuse the document when
    /// `refused`, otherwise warnings that leave it usable.
    func diagnostics(of reader: SchemaReader, refused: Bool) -> [Diagnostic] {
        reader.issues.map { issue in
            let refuses = refused && issue.invalidates
            return Diagnostic(refuses ? .error : .warning, code, file: file, field: issue.path.description,
                              refuses ? "\(issue.message); \(refusal)" : issue.message)
        }
    }

    /// Reads each element of the list at `path` with `read`, which is given the
    /// element's fields (checked against `fields`) and its index and returns the item
    /// when its reader found no problem. An item whose name (`name`) an earlier one
    /// already has is skipped too, the message saying where the first is.
    func elements<Item>(_ elements: [JSONValue], at path: JSONPath, expected: String, fields: [String],
                        name: (Item) -> String,
                        read: (SchemaReader.Fields, Int) -> Item?) -> (items: [Item], diagnostics: [Diagnostic]) {
        var items: [Item] = []
        var diagnostics: [Diagnostic] = []
        var firstIndexByName: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let reader = SchemaReader()
            let elementPath = path.appending(index)
            var item: Item?
            if let elementFields = reader.object(element, at: elementPath, expected: expected, fields: fields) {
                let candidate = read(elementFields, index)
                if reader.problemCount == 0 { item = candidate }
            }
            if let candidate = item, let first = firstIndexByName[name(candidate)] {
                reader.problem(elementPath.appending("name"), "effect \(name(candidate)) is already declared at \(path.appending(first))")
                item = nil
            }
            for issue in reader.issues {
                diagnostics.append(Diagnostic(.warning, code, file: file, field: issue.path.description,
                                              issue.invalidates ? "\(issue.message); \(skip)" : issue.message))
            }
            if let item {
                firstIndexByName[name(item)] = index
                items.append(item)
            }
        }
        return (items, diagnostics)
    }
}
