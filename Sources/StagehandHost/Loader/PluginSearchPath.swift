import StagehandCore

/// The directories searched for bundles, in order: each `--plugins DIR` as given, then
/// the colon-separated `STAGEHAND_PLUGIN_PATH`, then the built-in products directory
/// (the running executable's own directory, where SwiftPM builds the bundles), then —
/// when asked — the user plugin directory and each pack installed in it, by pack name
/// (`UserPluginDirectory`).
///
/// Order matters twice: a catalog entry's `bundle` is looked up in this order, and when
/// two bundles declare the same effect name, the one found first wins (a warning names
/// both). The user directory comes after the built-in bundles, so nothing installed
/// replaces a built-in effect.
struct PluginSearchPath {
    static let environmentVariable = "STAGEHAND_PLUGIN_PATH"

    enum Origin: Equatable {
        case option
        case environment
        case builtIn
        case userDirectory
        case installedPack(name: String, version: String)
    }

    struct Directory: Equatable {
        /// As given (made absolute), for diagnostics.
        var path: String
        /// Canonical, for containment checks and de-duplication.
        var realPath: String
        var origin: Origin
    }

    var directories: [Directory] = []

    /// The search path; a directory listed twice (or reached twice through symlinks) is
    /// searched once, at its first place. A `--plugins` directory that is missing is an
    /// error (the user asked for it); a missing `STAGEHAND_PLUGIN_PATH` entry is only a
    /// warning (such variables often list directories that are created later).
    ///
    /// `userDirectory` is searched last when given (it need not exist: most users never
    /// install anything), then each installed pack's directory.
    static func resolve(options: [String], environment: [String: String], currentDirectory: String,
                        executableDirectory: String?, userDirectory: String? = nil) -> (PluginSearchPath, [Diagnostic]) {
        var searchPath = PluginSearchPath()
        var diagnostics: [Diagnostic] = []
        var candidates = options.map { ($0, Origin.option) }
        if let variable = environment[environmentVariable] {
            candidates += variable.split(separator: ":", omittingEmptySubsequences: true).map { (String($0), Origin.environment) }
        }
        if let executableDirectory {
            candidates.append((executableDirectory, .builtIn))
        }
        if let userDirectory, FileSystem.isDirectory(userDirectory) {
            candidates.append((userDirectory, .userDirectory))
            candidates += UserPluginDirectory.installedPacks(in: userDirectory).map { ($0.path, .installedPack(name: $0.name, version: $0.version)) }
        }
        for (given, origin) in candidates {
            let path = FileSystem.absolute(given, in: currentDirectory)
            let source: String
            switch origin {
            case .option: source = "--plugins"
            case .environment: source = environmentVariable
            case .builtIn: source = "built-in products"
            case .userDirectory: source = "the user plugin directory"
            case .installedPack(let name, _): source = "installed pack \(name)"
            }
            guard FileSystem.isDirectory(path), let realPath = FileSystem.realPath(path) else {
                let reason = FileSystem.exists(path) ? "is not a directory" : "does not exist"
                diagnostics.append(Diagnostic(origin == .option ? .error : .warning, .pluginDirectoryUnusable, file: path,
                                              "plugin directory (from \(source)) \(reason); not searched"))
                continue
            }
            if searchPath.directories.contains(where: { $0.realPath == realPath }) { continue }
            searchPath.directories.append(Directory(path: path, realPath: realPath, origin: origin))
        }
        return (searchPath, diagnostics)
    }

    /// Every `lib*.so` directly in each directory (not in subdirectories), in search
    /// order and by name within a directory.
    ///
    /// The same rule as for catalog entries: a bundle must lie inside the plugin
    /// directory it is found in, after every symlink is resolved. A symlink inside the
    /// directory is followed; one that leads outside it is refused with a warning (add
    /// the target's directory to the search path instead), so that what a directory
    /// holds is what it loads.
    func discoverBundles() -> (bundles: [BundleLocation], diagnostics: [Diagnostic]) {
        discover { $0.hasPrefix("lib") && $0.hasSuffix(".so") }
    }

    /// Every `NAME.effect.json` in the directories, in search order, under the same rule
    /// as bundles (inside the directory after symlinks are resolved). Listing the
    /// directories again costs less than a millisecond for a few hundred files.
    func discoverDeclarativeEffects() -> (files: [BundleLocation], diagnostics: [Diagnostic]) {
        discover { $0.hasSuffix(DefinitionReader.fileSuffix) && $0.count > DefinitionReader.fileSuffix.count }
    }

    private func discover(_ accepts: (String) -> Bool) -> ([BundleLocation], [Diagnostic]) {
        var bundles: [BundleLocation] = []
        var diagnostics: [Diagnostic] = []
        for (index, directory) in directories.enumerated() {
            switch FileSystem.contents(ofDirectory: directory.path) {
            case .failure(let reason):
                diagnostics.append(Diagnostic(.warning, .pluginDirectoryUnusable, file: directory.path, "cannot list the plugin directory: \(reason)"))
            case .success(let names):
                for name in names where accepts(name) {
                    let path = FileSystem.join(directory.path, name)
                    guard let realPath = FileSystem.realPath(path) else { continue }   // a dangling symlink
                    guard FileSystem.isInside(realPath, directory: directory.realPath) else {
                        diagnostics.append(Diagnostic(.warning, .bundleOutsidePluginDirectory, file: path,
                            "is refused: it resolves to \(realPath), outside the plugin directory \(directory.path); skipped"))
                        continue
                    }
                    if FileSystem.isDirectory(path) { continue }
                    // Any other file that is not regular (a FIFO, a device) is refused with
                    // a reason by the scan, before anything opens it.
                    bundles.append(BundleLocation(path: path, realPath: realPath, directoryIndex: index))
                }
            }
        }
        return (bundles, diagnostics)
    }

    /// Where a catalog entry's `bundle` is. It must stay inside a plugin directory: a
    /// path with a `..` component is refused outright, an absolute path must lie inside
    /// one of the directories, and a relative one is looked up in each directory in
    /// order and refused if a symlink takes it outside the directory it was found in.
    func locate(bundle: String) -> Result<BundleLocation, BundleLocationError> {
        if bundle.split(separator: "/").contains("..") {
            return .failure(.refused("\"\(bundle)\" is refused: a bundle path must not contain \"..\" components"))
        }
        if bundle.hasPrefix("/") {
            guard let realPath = FileSystem.realPath(bundle) else {
                return .failure(.notFound("\(bundle) does not exist"))
            }
            guard let index = directories.firstIndex(where: { FileSystem.isInside(realPath, directory: $0.realPath) }) else {
                return .failure(.refused("\(bundle) is refused: an absolute bundle path must lie inside a plugin directory (\(listing))"))
            }
            return .success(BundleLocation(path: bundle, realPath: realPath, directoryIndex: index))
        }
        for (index, directory) in directories.enumerated() {
            let path = FileSystem.join(directory.path, bundle)
            guard let realPath = FileSystem.realPath(path) else { continue }
            guard FileSystem.isInside(realPath, directory: directory.realPath) else {
                return .failure(.refused("\(path) is refused: it resolves to \(realPath), outside the plugin directory \(directory.path)"))
            }
            return .success(BundleLocation(path: path, realPath: realPath, directoryIndex: index))
        }
        return .failure(.notFound("\(bundle) is in no plugin directory (searched: \(listing))"))
    }

    enum BundleLocationError: Error {
        case refused(String)
        case notFound(String)

        var message: String {
            switch self {
            case .refused(let message), .notFound(let message): return message
            }
        }

        var code: Diagnostic.Code {
            switch self {
            case .refused: return .bundleOutsidePluginDirectory
            case .notFound: return .catalogManifestMismatch
            }
        }
    }

    /// Where the file at `path` (as found on this search path) comes from: the origin of
    /// the deepest search directory that holds it.
    func provenance(of path: String) -> EffectProvenance {
        let holder = directories.filter { path.hasPrefix($0.path.hasSuffix("/") ? $0.path : $0.path + "/") }
            .max { $0.path.count < $1.path.count }
        switch holder?.origin {
        case .builtIn: return .builtIn
        case .installedPack(let name, let version): return .installedPack(name: name, version: version)
        case .option, .environment, .userDirectory, nil: return .pluginDirectory(holder?.path ?? FileSystem.parent(of: path) ?? path)
        }
    }

    private var listing: String {
        directories.isEmpty ? "none" : directories.map(\.path).joined(separator: ", ")
    }
}
