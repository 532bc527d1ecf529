import StagehandCore
import Foundation
import StagehandABI

/// The effects this process can make, by name: the host's one entry point for loading.
///
/// `load` searches the plugin directories, reads the catalog, opens and checks every
/// bundle, and keeps what is valid; everything it refused comes back as diagnostics,
/// one line each, so a caller lists the good effects and reports the rest. Bundles stay
/// loaded for the life of the process.
///
/// Everything happens on the host's main (scene) thread, as the ABI requires.
public final class EffectLibrary {
    /// Every loaded effect, sorted by name.
    public let effects: [EffectInfo]
    /// The catalog that was read, or `nil` when none was found.
    public let catalogPath: String?
    /// The plugin directories searched, in order.
    public let pluginDirectories: [String]

    private let registry: [String: RegisteredEffect]

    private init(effects: [RegisteredEffect], catalogPath: String?, pluginDirectories: [String]) {
        self.effects = effects.map(\.info).sorted { $0.name < $1.name }
        self.catalogPath = catalogPath
        self.pluginDirectories = pluginDirectories
        registry = Dictionary(effects.map { ($0.info.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Loads every effect it can find.
    ///
    /// - Parameters:
    ///   - pluginDirectories: searched first, in order (`--plugins`); then the
    ///     colon-separated `STAGEHAND_PLUGIN_PATH`, then the directory of the running
    ///     executable, where SwiftPM builds the built-in bundles.
    ///   - catalogPath: the catalog (`--catalog`); when `nil`, `STAGEHAND_CATALOG`, then
    ///     `Catalog.json` in the current directory, then in the executable's directory
    ///     or the nearest one above it.
    ///   - host: the host function table handed to each bundle's `init`. It must stay
    ///     valid for the life of the process. A bundle is initialised once per process,
    ///     with the table of the first load that opened it.
    ///   - environment: where the two variables are read (tests pass their own).
    ///   - scanner: how bundles are opened and checked. `nil` (the default) does it in
    ///     this process: fastest, but a bundle that crashes, exits or hangs in its entry
    ///     or `init` takes the caller with it. A `PluginScanner` does it in a separate
    ///     process with a time limit and caches what it found, so listing effects runs
    ///     no bundle code here and a bad bundle is reported and skipped (the
    ///     `stagehand` command line always uses one).
    ///   - includingBuiltInBundles: whether the executable's directory is searched (and
    ///     gives the catalog when none is named); `stagehand bench` turns it off to time
    ///     the loading of its own bundles alone.
    public static func load(pluginDirectories: [String] = [], catalogPath: String? = nil, host: UnsafePointer<sh_host> = HostTable.shared,
                            environment: [String: String] = ProcessInfo.processInfo.environment,
                            scanner: PluginScanner? = nil,
                            includingBuiltInBundles: Bool = true) -> (EffectLibrary, [Diagnostic]) {
        let currentDirectory = FileSystem.currentDirectory()
        let executableDirectory = includingBuiltInBundles ? FileSystem.executableDirectory() : nil
        var diagnostics: [Diagnostic] = []

        var catalog: Catalog?
        if let catalogFile = CatalogLocation.locate(option: catalogPath, environment: environment,
                                                 currentDirectory: currentDirectory, executableDirectory: executableDirectory) {
            let (loaded, catalogDiagnostics) = Catalog.load(from: catalogFile)
            catalog = loaded
            diagnostics += catalogDiagnostics
        } else {
            diagnostics.append(Diagnostic(.warning,
                "no catalog found (no --catalog, no \(CatalogLocation.environmentVariable), no \(CatalogLocation.fileName) in \(currentDirectory) or above \(executableDirectory ?? "the executable")); listing the effects the bundles declare"))
        }

        let (searchPath, searchDiagnostics) = PluginSearchPath.resolve(options: pluginDirectories, environment: environment,
                                                                       currentDirectory: currentDirectory,
                                                                       executableDirectory: executableDirectory)
        diagnostics += searchDiagnostics
        let (effects, registryDiagnostics) = RegistryBuilder.build(searchPath: searchPath, catalog: catalog, host: host,
                                                                               scanner: scanner)
        diagnostics += registryDiagnostics
        let library = EffectLibrary(effects: effects, catalogPath: catalog?.file,
                                    pluginDirectories: searchPath.directories.map(\.path))
        return (library, diagnostics)
    }

    /// The effect called `name`; an unknown name throws an error that lists the closest
    /// known names.
    public func effect(named name: String) throws(Diagnostic) -> EffectInfo {
        try registered(name).info
    }

    /// Makes the effect `name` by calling its factory through libffi, with the declared
    /// defaults and, for each `overrides` key, that value (parsed as the parameter's type
    /// and checked against its bounds). The caller owns the effect and frees it with its
    /// `destroy`.
    public func makeEffect(_ name: String, overrides: [String: String] = [:]) throws(Diagnostic) -> UnsafePointer<sh_effect> {
        let effect = try registered(name)
        let info = effect.info
        let arguments = try ParameterOverrides.arguments(for: info.parameters, overrides: overrides, effect: name)
        guard let made = try effect.factoryCall().call(arguments) else {
            throw Diagnostic(.error, "factory \(info.factory) of bundle \(info.bundlePath) returned NULL")
        }
        let table = UnsafePointer(made.assumingMemoryBound(to: sh_effect.self))
        // Check the table before anyone calls through it.
        let size = made.load(as: UInt32.self)
        guard Int(size) >= Self.minimumEffectSize else {
            throw Diagnostic(.error, "factory \(info.factory) of bundle \(info.bundlePath) returned an sh_effect of \(size) bytes; an ABI \(STAGEHAND_ABI_MAJOR).\(STAGEHAND_ABI_MINOR) sh_effect has at least \(Self.minimumEffectSize)")
        }
        guard table.pointee.transition_duration != nil, table.pointee.animate_transition != nil else {
            table.pointee.destroy?(table.pointee.`self`)
            throw Diagnostic(.error, "factory \(info.factory) of bundle \(info.bundlePath) returned an sh_effect without transition_duration or animate_transition")
        }
        return table
    }

    /// Checks parameter values for the effect `name` without making it: each key must be
    /// a declared parameter, each value must parse as its type and lie within its
    /// bounds. Throws the first problem, naming the effect, the parameter and what was
    /// expected — so a command can refuse bad `--param` values before it runs anything.
    public func validate(overrides: [String: String], for name: String) throws(Diagnostic) {
        let info = try registered(name).info
        _ = try ParameterOverrides.arguments(for: info.parameters, overrides: overrides, effect: name)
    }

    /// The bytes of `sh_effect` in ABI 1.0: every field up to `destroy`.
    static let minimumEffectSize = MemoryLayout<sh_effect>.offset(of: \sh_effect.destroy)! + MemoryLayout<UnsafeRawPointer>.size

    private func registered(_ name: String) throws(Diagnostic) -> RegisteredEffect {
        if let effect = registry[name] { return effect }
        if registry.isEmpty {
            throw Diagnostic(.error, "no effect named \(name): no effects are loaded")
        }
        let close = NameSuggestions.closest(to: name, among: Array(registry.keys))
        if close.isEmpty {
            let some = registry.keys.sorted().prefix(3).joined(separator: ", ")
            let more = registry.count > 3 ? ", ... (\(registry.count) in all: stagehand catalog lists them)" : ""
            throw Diagnostic(.error, "no effect named \(name), nor one close to it; known names: \(some)\(more)")
        }
        throw Diagnostic(.error, "no effect named \(name); closest known names: \(close.joined(separator: ", "))")
    }
}
