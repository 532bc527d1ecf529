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
        let document: JSONValue
        do {
            document = try JSONParser.parse(text)
        } catch {
            return (nil, [Diagnostic(.error, .manifestNotJSON, file: bundle, field: pathRoot, "not JSON: \(error)")])
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
            let diagnostics = reader.issues.map { issue in
                Diagnostic(issue.invalidates ? .error : .warning, .manifestInvalid, file: bundle, field: issue.path.description,
                           issue.invalidates ? issue.message + "; bundle refused" : issue.message)
            }
            return (nil, diagnostics)
        }

        var diagnostics = reader.issues.map { Diagnostic(.warning, .manifestInvalid, file: bundle, field: $0.path.description, $0.message) }
        var manifest = Manifest(abiMajor: major, abiMinor: minor, bundleName: name, bundleVersion: bundleVersion, effects: [])
        var firstIndexByName: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let effectReader = SchemaReader()
            let path = root.appending("effects").appending(index)
            var effect: ManifestEffect?
            if let effectFields = effectReader.object(element, at: path, expected: "an effect object", fields: effectFields) {
                let declaration = DeclarationReader.effect(effectFields)
                let author = effectFields.string("author", required: false)
                let license = effectFields.string("license", required: false)
                if effectReader.problemCount == 0, let declaration {
                    effect = ManifestEffect(index: index, declaration: declaration, author: author, license: license)
                }
            }
            if let candidate = effect, let first = firstIndexByName[candidate.declaration.name] {
                effectReader.problem(path.appending("name"), "effect \(candidate.declaration.name) is already declared at \(pathRoot).effects[\(first)]")
                effect = nil
            }
            for issue in effectReader.issues {
                let message = issue.invalidates ? issue.message + "; effect skipped" : issue.message
                diagnostics.append(Diagnostic(.warning, .manifestInvalid, file: bundle, field: issue.path.description, message))
            }
            if let effect {
                firstIndexByName[effect.declaration.name] = index
                manifest.effects.append(effect)
            }
        }
        return (manifest, diagnostics)
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
