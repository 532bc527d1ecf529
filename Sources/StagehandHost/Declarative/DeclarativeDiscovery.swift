import StagehandCore

/// Finds the declarative effects on the plugin search path and makes their registry
/// entries: every `NAME.effect.json` in a plugin directory, and every such file a catalog
/// entry names as its `bundle`. Reading a file runs nothing of it, so no child process is
/// needed (unlike a bundle's scan); a file that cannot be read or is wrong is reported
/// once, with its location, and skipped, and the rest load.
///
/// A catalog entry claims the file it names as a bundle's manifest effect is claimed:
/// the catalog's defaults, bounds and description are used if both declare the same
/// name, kind and parameter names and types (the factory of every declarative effect is
/// `factoryName`).
enum DeclarativeDiscovery {
    /// What a declarative effect's catalog entry names as its factory: the host's own
    /// interpreter, not a symbol of any bundle.
    static let factoryName = "stagehand_declarative"
    static let bundleName = "declarative"

    struct Found {
        var info: EffectInfo
        var definition: EffectDefinition
        var location: BundleLocation
    }

    static func isDeclarative(bundle: String) -> Bool {
        bundle.hasSuffix(DefinitionReader.fileSuffix)
    }

    static func discover(searchPath: PluginSearchPath, entries: [CatalogEntry], catalogFile: String?,
                         refuse: (String, String) -> Void) -> (found: [Found], diagnostics: [Diagnostic]) {
        var (locations, diagnostics) = searchPath.discoverDeclarativeEffects()
        var claims: [String: CatalogEntry] = [:]
        for entry in entries {
            switch searchPath.locate(bundle: entry.bundle) {
            case .success(let location):
                if !locations.contains(where: { $0.realPath == location.realPath }) { locations.append(location) }
                claims[location.realPath] = entry
            case .failure(let error):
                diagnostics.append(Diagnostic(.warning, error.code, file: catalogFile, field: entry.path.appending("bundle").description,
                                              error.message + "; entry skipped"))
                refuse(entry.declaration.name, "the catalog's file \(entry.bundle) was not found or not allowed")
            }
        }
        locations.sort { ($0.directoryIndex, $0.path) < ($1.directoryIndex, $1.path) }

        var found: [Found] = []
        for location in locations {
            let definition: EffectDefinition
            switch DefinitionReader.read(file: location.path) {
            case .success(let read):
                definition = read
            case .failure(let error):
                var diagnostic = error.diagnostic
                diagnostic.severity = .warning
                diagnostic.message += "; the effect is skipped"
                diagnostics.append(diagnostic)
                let base = FileSystem.lastComponent(location.path)
                refuse(String(base.dropLast(DefinitionReader.fileSuffix.count)), "its file \(location.path) has an error")
                continue
            }
            var declaration = declaration(of: definition)
            var source = EffectInfo.Source.discovered
            if let entry = claims[location.realPath] {
                if let difference = entry.declaration.firstSignatureDifference(from: declaration, mine: "catalog", theirs: "file") {
                    diagnostics.append(Diagnostic(.warning, .catalogManifestMismatch, file: catalogFile, field: "\(entry.path).\(difference.field)",
                        "the catalog and \(location.path) disagree on effect \(definition.name): \(difference.message); entry skipped"))
                    refuse(definition.name, "the catalog and \(location.path) disagree on its \(difference.field)")
                    continue
                }
                declaration = entry.declaration.claiming(declaration)
                source = .catalog
            }
            let info = info(declaration, definition: definition, source: source, path: location.path, realPath: location.realPath)
            found.append(Found(info: info, definition: definition, location: location))
        }
        return (found, diagnostics)
    }

    /// What `definition` declares of itself, as a bundle's manifest entry would.
    static func declaration(of definition: EffectDefinition) -> EffectDeclaration {
        EffectDeclaration(name: definition.name, kind: definition.kind, interactive: definition.isInteractive,
                          factory: factoryName, parameters: definition.parameters,
                          description: definition.description, family: definition.family, source: definition.source)
    }

    /// The registry's entry for a file at `path` declaring `declaration`.
    static func info(_ declaration: EffectDeclaration, definition: EffectDefinition, source: EffectInfo.Source,
                     path: String, realPath: String) -> EffectInfo {
        EffectInfo(name: declaration.name, kind: declaration.kind, interactive: declaration.interactive,
                   source: source, bundlePath: path, resolvedBundlePath: realPath,
                   bundleName: bundleName, bundleVersion: DefinitionReader.format, factory: factoryName,
                   parameters: declaration.parameters, description: declaration.description,
                   author: definition.author, license: definition.license,
                   family: declaration.family, origin: declaration.source)
    }
}
