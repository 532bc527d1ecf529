#if canImport(Glibc)
import StagehandCore
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import StagehandABI

/// Puts the registry together from the plugin search path, the catalog and the bundles.
///
/// 1. Bundles: every `lib*.so` in the search directories, plus the bundles the catalog
///    names (which may sit in subdirectories), each file scanned once (`BundleScan`), in
///    search order: in this process, or with a `PluginScanner` in a separate one (and
///    its cache), so that listing them runs none of their code here.
/// 2. Effects: each valid effect of each loaded bundle's manifest, in search order. One
///    that a catalog entry names (same bundle, same name) is a `catalog` effect, made
///    only if both declare the same factory, kind and parameter names and types; the
///    catalog's defaults, bounds, `interactive` and description are used. Any other is
///    `discovered`, as its manifest declares it.
/// 3. Names: the first effect of a name in search order wins; later ones are warnings
///    that name both bundles.
///
/// An effect that is known by name but refused (the catalog and its manifest disagree,
/// its bundle does not export its factory, its catalog entry's bundle was refused) is a
/// warning now and a `refusals` entry: a later lookup of that name says it was refused
/// and why, rather than that no such effect exists.
enum RegistryBuilder {
    /// A bundle whose scan accepted it: its manifest, and the opener that loads it when
    /// one of its effects is first made.
    struct ScannedBundle {
        var manifest: Manifest
        var missingFactories: [String: String]
        var opener: BundleOpener
        var path: String { opener.location.path }
    }

    static func build(searchPath: PluginSearchPath, catalog: Catalog?, host: UnsafePointer<sh_host>,
                      scanner: PluginScanner? = nil) -> (effects: [RegisteredEffect], refusals: [String: String], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        // Effect name → why it was refused, in a few words (the warning has the rest).
        var refusals: [String: String] = [:]
        func refuse(_ name: String, _ reason: String) {
            if refusals[name] == nil { refusals[name] = reason }
        }

        // 1. Where the bundles are.
        let (found, discoveryDiagnostics) = searchPath.discoverBundles()
        diagnostics += discoveryDiagnostics
        var locations: [BundleLocation] = []
        for location in found where !locations.contains(where: { $0.realPath == location.realPath }) {
            locations.append(location)
        }
        var entryLocations: [(entry: CatalogEntry, location: BundleLocation)] = []
        let declarativeEntries = (catalog?.entries ?? []).filter { DeclarativeDiscovery.isDeclarative(bundle: $0.bundle) }
        for entry in catalog?.entries ?? [] where !DeclarativeDiscovery.isDeclarative(bundle: entry.bundle) {
            switch searchPath.locate(bundle: entry.bundle) {
            case .success(let location):
                if let known = locations.first(where: { $0.realPath == location.realPath }) {
                    entryLocations.append((entry, known))
                } else {
                    locations.append(location)
                    entryLocations.append((entry, location))
                }
            case .failure(let error):
                diagnostics.append(Diagnostic(.warning, error.code, file: catalog?.file, field: entry.path.appending("bundle").description,
                                              error.message + "; entry skipped"))
                refuse(entry.declaration.name, "the catalog's bundle \(entry.bundle) was not found or not allowed")
            }
        }
        locations.sort { ($0.directoryIndex, $0.path) < ($1.directoryIndex, $1.path) }

        // Scan each once: here, or in a scanning process (and its cache).
        var bundles: [String: ScannedBundle] = [:]
        if let scanner {
            let (scans, scanDiagnostics) = scanner.scan(locations, host: host)
            diagnostics += scanDiagnostics
            for location in locations {
                guard let scan = scans[location.path], scan.outcome == .accepted, let text = scan.manifest,
                      let manifest = Manifest.parse(Array(text.utf8), bundle: location.path).0 else { continue }
                bundles[location.realPath] = ScannedBundle(manifest: manifest, missingFactories: scan.missingFactories,
                                                           opener: BundleOpener(location: location, host: host, loaded: nil))
            }
        } else {
            for location in locations {
                let (scan, loaded) = BundleScan.perform(location, host: host)
                diagnostics += scan.diagnostics(file: location.path)
                guard let loaded else { continue }
                bundles[location.realPath] = ScannedBundle(manifest: loaded.manifest, missingFactories: scan.missingFactories,
                                                           opener: BundleOpener(location: location, host: host, loaded: loaded))
            }
        }

        // 2. Which manifest effects the catalog claims.
        var claims: [String: [String: CatalogEntry]] = [:]
        for (entry, location) in entryLocations {
            let name = entry.declaration.name
            guard let bundle = bundles[location.realPath] else {
                diagnostics.append(Diagnostic(.warning, .catalogManifestMismatch, file: catalog?.file, field: entry.path.appending("bundle").description,
                                              "its bundle \(location.path) was refused or failed its scan (see the error for that file); entry skipped"))
                refuse(name, "its bundle \(location.path) was refused")
                continue
            }
            guard bundle.manifest.effects.contains(where: { $0.declaration.name == name }) else {
                let declared = bundle.manifest.effects.map(\.declaration.name)
                let listing = declared.isEmpty ? "it declares none" : "it declares " + declared.joined(separator: ", ")
                diagnostics.append(Diagnostic(.warning, .catalogManifestMismatch, file: catalog?.file, field: entry.path.appending("name").description,
                                              "the manifest of \(bundle.path) has no effect named \(name) (\(listing)); entry skipped"))
                refuse(name, "the manifest of \(bundle.path) does not declare it")
                continue
            }
            claims[location.realPath, default: [:]][name] = entry
        }

        var candidates: [(info: EffectInfo, bundle: ScannedBundle, effect: ManifestEffect)] = []
        for location in locations {
            guard let bundle = bundles[location.realPath] else { continue }
            for effect in bundle.manifest.effects {
                var declaration = effect.declaration
                var source = EffectInfo.Source.discovered
                if let entry = claims[location.realPath]?[declaration.name] {
                    if let difference = entry.declaration.firstSignatureDifference(from: declaration, mine: "catalog", theirs: "manifest") {
                        diagnostics.append(Diagnostic(.warning, .catalogManifestMismatch, file: catalog?.file, field: "\(entry.path).\(difference.field)",
                            "the catalog and the manifest of \(bundle.path) disagree on effect \(declaration.name): \(difference.message); entry skipped, its factory is not called"))
                        refuse(declaration.name, "the catalog and the manifest of \(bundle.path) disagree on its \(difference.field)")
                        continue
                    }
                    declaration = entry.declaration.claiming(declaration)
                    source = .catalog
                }
                let info = EffectInfo(name: declaration.name, kind: declaration.kind, interactive: declaration.interactive,
                                      source: source, bundlePath: bundle.path,
                                      resolvedBundlePath: bundle.opener.location.realPath, bundleName: bundle.manifest.bundleName,
                                      bundleVersion: bundle.manifest.bundleVersion, factory: declaration.factory,
                                      parameters: declaration.parameters, description: declaration.description,
                                      author: effect.author, license: effect.license,
                                      family: declaration.family, origin: declaration.source)
                candidates.append((info, bundle, effect))
            }
        }

        // Declarative effects: files, read here (they run nothing).
        let (declarative, declarativeDiagnostics) = DeclarativeDiscovery.discover(searchPath: searchPath, entries: declarativeEntries,
                                                                                  catalogFile: catalog?.file, refuse: refuse)
        diagnostics += declarativeDiagnostics
        let bundleIndex = Dictionary(locations.map { ($0.path, $0.directoryIndex) }, uniquingKeysWith: { first, _ in first })

        // 3. One effect per name, each with its factory prepared; in search order, a
        // bundle before a declarative file of the same directory.
        var effects: [RegisteredEffect] = []
        var pendingDeclarative = declarative[...]
        func takeDeclarative(before directoryIndex: Int) {
            while let next = pendingDeclarative.first, next.location.directoryIndex < directoryIndex {
                pendingDeclarative.removeFirst()
                if let first = effects.first(where: { $0.info.name == next.info.name }) {
                    diagnostics.append(Diagnostic(.warning, .duplicateEffect, file: next.location.path, field: "name",
                        "effect \(next.info.name) is also provided by \(first.info.bundlePath), which comes first in the plugin search path; this one is ignored"))
                    continue
                }
                effects.append(RegisteredEffect(info: next.info, definition: next.definition))
            }
        }
        for (info, bundle, effect) in candidates {
            takeDeclarative(before: bundleIndex[bundle.path] ?? Int.max)
            let namePath = effect.path.appending("name").description
            if let first = effects.first(where: { $0.info.name == info.name }) {
                diagnostics.append(Diagnostic(.warning, .duplicateEffect, file: bundle.path, field: namePath,
                    "effect \(info.name) is also provided by \(first.info.bundlePath), which comes first in the plugin search path; this one is ignored"))
                continue
            }
            if let reason = bundle.missingFactories[info.factory] {
                diagnostics.append(Diagnostic(.warning, .factoryNotExported, file: bundle.path, field: effect.path.appending("factory").description,
                    "the bundle does not export the factory \(info.factory) (\(reason)); effect \(info.name) skipped (no exported function has that name: check that it is spelled as the manifest's factory — the name in @_cdecl for a Swift factory, the function's name in C — and, in a build with -fvisibility=hidden, that it is marked \(BundleLoader.visibleAttribute), as SH_EFFECT_FACTORY does)"))
                refuse(info.name, "\(bundle.path) does not export its factory \(info.factory)")
                continue
            }
            effects.append(RegisteredEffect(info: info, bundle: bundle.opener))
        }
        takeDeclarative(before: Int.max)
        for effect in effects { refusals[effect.info.name] = nil }
        return (effects, refusals, diagnostics)
    }
}
