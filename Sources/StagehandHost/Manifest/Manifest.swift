import StagehandCore

/// The JSON manifest a bundle carries in `sh_bundle.manifest` (Documentation/Manifest.md):
/// the ABI it was written for, the bundle's name and version, and its effects.
///
/// The host reads it before calling any effect code, to list a bundle's effects and to
/// check the catalog's declaration of each factory against the bundle's own.
struct Manifest {
    /// Field paths in diagnostics start with this, e.g. `manifest.effects[0].kind`.
    static let pathRoot = "manifest"
    static let topLevelFields = ["abi", "bundle", "effects"]
    static let effectFields = DeclarationReader.effectFields + ["author", "license"]

    var abiMajor: UInt32
    var abiMinor: UInt32
    var bundleName: String
    var bundleVersion: String
    var effects: [ManifestEffect]

    /// Parses the manifest of the bundle at `bundle` (named in the diagnostics). A
    /// problem outside `effects` refuses the whole manifest (`nil` and errors); a bad
    /// effect is skipped with warnings and the others are kept.
    static func parse(_ text: [UInt8], bundle: String) -> (Manifest?, [Diagnostic]) {
        let list = EffectListReader(file: bundle, code: .manifestInvalid, refusal: "bundle refused", skip: "effect skipped")
        let document: JSONValue
        switch list.parse(text, field: pathRoot, notJSON: .manifestNotJSON) {
        case .success(let parsed): document = parsed
        case .failure(let notJSON): return (nil, [notJSON])
        }

        let reader = SchemaReader()
        let root = JSONPath(root: pathRoot)
        let fields = reader.object(document, at: root,
                                   expected: "a manifest object {\"abi\", \"bundle\", \"effects\"}", fields: topLevelFields)
        let abi = fields?.object("abi", expected: "an object {\"major\": 1, \"minor\": 0}", fields: ["major", "minor"])
        let major = abi.flatMap { version($0, "major") }
        let minor = abi.flatMap { version($0, "minor") }
        let about = fields?.object("bundle", expected: "an object {\"name\", \"version\"}", fields: ["name", "version"])
        let name = about?.string("name", expected: "a non-empty string", isValid: { !$0.isEmpty })
        let bundleVersion = about?.string("version", expected: "a non-empty string such as \"1.0.0\"", isValid: { !$0.isEmpty })
        let elements = fields?.array("effects", expected: "an array of effects")
        guard reader.problemCount == 0, let major, let minor, let name, let bundleVersion, let elements else {
            return (nil, list.diagnostics(of: reader, refused: true))
        }

        let (effects, diagnostics) = list.elements(elements, at: root.appending("effects"), expected: "an effect object",
                                                   fields: effectFields, name: { $0.declaration.name }) { effectFields, index -> ManifestEffect? in
            let declaration = DeclarationReader.effect(effectFields)
            let author = effectFields.string("author", required: false)
            let license = effectFields.string("license", required: false)
            return declaration.map { ManifestEffect(index: index, declaration: $0, author: author, license: license) }
        }
        let manifest = Manifest(abiMajor: major, abiMinor: minor, bundleName: name, bundleVersion: bundleVersion, effects: effects)
        return (manifest, list.diagnostics(of: reader, refused: false) + diagnostics)
    }

    private static func version(_ fields: SchemaReader.Fields, _ key: String) -> UInt32? {
        fields.integer(key, expected: "a non-negative integer").flatMap { value in
            guard let version = UInt32(exactly: value) else {
                fields.reader.problem(fields.path.appending(key), "expected a non-negative integer below 2^32, found \(value)")
                return nil
            }
            return version
        }
    }
}
