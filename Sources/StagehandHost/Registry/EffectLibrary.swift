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
/// A library is loaded once and shared: it is `Sendable`, so a test suite (or an app with
/// several stages on several threads) loads it once and hands it to each. What effects
/// it lists is fixed at load; what changes later — a bundle opened and its factory call
/// prepared when an effect is first made, and the argument buffers each prepared libffi
/// call reuses — happens under a lock, so effects for different stages can be made from
/// different threads at once. What it
/// makes (`BundleEffect`) belongs, like every scene object, to the thread that drives
/// that effect's stage.
// @unchecked Sendable: its properties are constants; the bundles opened and the calls prepared
// later (classes of the registry) are used only under `factoryCalls`; `host` is never freed.
public final class EffectLibrary: @unchecked Sendable {
    /// Every loaded effect, sorted by name.
    public let effects: [EffectInfo]
    /// The catalog that was read, or `nil` when none was found.
    public let catalogPath: String?
    /// The plugin directories searched, in order.
    public let pluginDirectories: [String]

    private let registry: [String: RegisteredEffect]
    /// Where each effect comes from, by name.
    private let provenances: [String: EffectProvenance]
    /// The names that were refused when loading (a warning said why), with the reason in
    /// a few words: looking one up says so instead of "no effect named ...".
    private let refusals: [String: String]
    /// Serialises factory calls (each `FactoryCall` reuses its argument buffers), and
    /// counts them: a lock over a value of no size (`Locked(())`) would have
    /// ThreadSanitizer check accesses to the bytes just past the lock object, which the
    /// next object in memory owns, and report races between unrelated locks. Shared with
    /// the libraries made from this one by `replacingDeclarative`, which share its
    /// registry entries.
    private let factoryCalls: Locked<Int>
    /// The table declarative effects call, as bundles call the one their `init` received.
    private let host: UnsafePointer<sh_host>

    private convenience init(effects: [RegisteredEffect], refusals: [String: String], catalogPath: String?, searchPath: PluginSearchPath,
                             host: UnsafePointer<sh_host>) {
        let provenances = Dictionary(effects.map { ($0.info.name, searchPath.provenance(of: $0.info.bundlePath)) },
                                     uniquingKeysWith: { first, _ in first })
        self.init(effects: effects, refusals: refusals, catalogPath: catalogPath, pluginDirectories: searchPath.directories.map(\.path),
                  provenances: provenances, host: host, factoryCalls: Locked(0))
    }

    private init(effects: [RegisteredEffect], refusals: [String: String], catalogPath: String?, pluginDirectories: [String],
                 provenances: [String: EffectProvenance], host: UnsafePointer<sh_host>, factoryCalls: Locked<Int>) {
        self.host = host
        self.provenances = provenances
        self.factoryCalls = factoryCalls
        self.effects = effects.map(\.info).sorted { $0.name < $1.name }
        self.catalogPath = catalogPath
        self.pluginDirectories = pluginDirectories
        self.refusals = refusals
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
    ///   - environment: where the two variables are read (tests pass their own).
    ///   - userPluginDirectory: searched last when given, with every pack installed in it
    ///     (see `UserPluginDirectory`); `nil` (the default) leaves it out, so an app loads
    ///     only what it names. Pass `UserPluginDirectory.path(environment:)` to load what
    ///     the user installed, as the `stagehand` command line does.
    ///
    /// Bundles are opened in this process, each initialised once per process with the
    /// host's function table. The result is the library and what loading it said (a
    /// bundle refused, a catalog entry without a bundle): `let (library, problems) = ...`.
    public static func load(pluginDirectories: [String] = [], catalogPath: String? = nil,
                            environment: [String: String] = ProcessInfo.processInfo.environment,
                            userPluginDirectory: String? = nil) -> (library: EffectLibrary, diagnostics: [Diagnostic]) {
        load(pluginDirectories: pluginDirectories, catalogPath: catalogPath, host: HostTable.shared, environment: environment,
             userPluginDirectory: userPluginDirectory)
    }

    /// Loads every effect it can find, as the tools of this package need: with a host
    /// table of their choice, out of process, without the built-in bundles or without
    /// a catalog (the public `load` is this with the defaults).
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
    ///   - userPluginDirectory: searched last when given, with every pack installed in it
    ///     (see `UserPluginDirectory`); `nil` (the default) leaves it out, so an app loads
    ///     only what it names. Pass `UserPluginDirectory.path(environment:)` to load what
    ///     the user installed, as the `stagehand` command line does.
    ///   - readingCatalog: `false` reads no catalog at all (`catalogPath` is ignored), so
    ///     every effect is listed as its bundle's manifest declares it: what
    ///     `CatalogWriter` writes the catalog from.
    package static func load(pluginDirectories: [String] = [], catalogPath: String? = nil, host: UnsafePointer<sh_host>,
                             environment: [String: String] = ProcessInfo.processInfo.environment,
                             scanner: PluginScanner? = nil,
                             includingBuiltInBundles: Bool = true,
                             userPluginDirectory: String? = nil,
                             readingCatalog: Bool = true) -> (library: EffectLibrary, diagnostics: [Diagnostic]) {
        let currentDirectory = FileSystem.currentDirectory()
        let executableDirectory = includingBuiltInBundles ? FileSystem.executableDirectory() : nil
        var diagnostics: [Diagnostic] = []

        var catalog: Catalog?
        if !readingCatalog {
            catalog = nil
        } else if let catalogFile = CatalogLocation.locate(option: catalogPath, environment: environment,
                                                 currentDirectory: currentDirectory, executableDirectory: executableDirectory) {
            let (loaded, catalogDiagnostics) = Catalog.load(from: catalogFile)
            catalog = loaded
            diagnostics += catalogDiagnostics
        } else {
            diagnostics.append(Diagnostic(.warning, .catalogNotFound,
                "no catalog found (no --catalog, no \(CatalogLocation.environmentVariable), no \(CatalogLocation.fileName) in \(currentDirectory) or above \(executableDirectory ?? "the executable")); listing the effects the bundles declare"))
        }

        let (searchPath, searchDiagnostics) = PluginSearchPath.resolve(options: pluginDirectories, environment: environment,
                                                                       currentDirectory: currentDirectory,
                                                                       executableDirectory: executableDirectory,
                                                                       userDirectory: userPluginDirectory)
        diagnostics += searchDiagnostics
        let (effects, refusals, registryDiagnostics) = RegistryBuilder.build(searchPath: searchPath, catalog: catalog, host: host,
                                                                               scanner: scanner)
        diagnostics += registryDiagnostics
        let library = EffectLibrary(effects: effects, refusals: refusals, catalogPath: catalog?.file,
                                    searchPath: searchPath, host: host)
        return (library, diagnostics)
    }

    /// Where the effect `name` comes from (built in, an installed pack, another plugin
    /// directory); `nil` for a name this library does not list.
    public func provenance(of name: String) -> EffectProvenance? {
        provenances[name]
    }

    /// The effect called `name`; an unknown name throws an error that lists the closest
    /// known names, and a name that was refused while loading one that says so.
    public func effect(named name: String) throws(Diagnostic) -> EffectInfo {
        try registered(name).info
    }

    /// Makes the effect `name` by calling its factory through libffi, with the declared
    /// defaults and, for each `overrides` key, that value (parsed as the parameter's type
    /// and checked against its bounds). The caller owns the effect and frees it with its
    /// `destroy`. This is the raw C table, for tools that inspect a bundle; an app uses
    /// `animationController(named:parameters:)`, which wraps and frees it.
    public func makeEffect(_ name: String, overrides: [String: String] = [:]) throws(Diagnostic) -> UnsafePointer<sh_effect> {
        try makeEffect(name, given: overrides.mapValues(ParameterArgument.text))
    }

    /// Makes the effect `name` with values given typed, as text, or both.
    func makeEffect(_ name: String, given: [String: ParameterArgument]) throws(Diagnostic) -> UnsafePointer<sh_effect> {
        let effect = try registered(name)
        let info = effect.info
        let arguments = try ParameterOverrides.arguments(for: info.parameters, given: given, effect: name)
        if let definition = effect.definition {
            // Declared, not compiled: the host plays it itself, through the same table.
            return DeclarativeEffect.make(definition, arguments: arguments, host: host)
        }
        // One factory call at a time: the first opens the bundle and prepares the call,
        // and every call reuses its prepared argument buffers.
        let called = try factoryCalls.withLock { calls in
            calls += 1
            return Result { () throws(Diagnostic) in try effect.factoryCall().call(arguments) }
        }.get()
        guard let made = called else {
            throw Diagnostic(.error, .factoryFailed, "factory \(info.factory) of bundle \(info.bundlePath) returned NULL")
        }
        let table = UnsafePointer(made.assumingMemoryBound(to: sh_effect.self))
        // Check the table before anyone calls through it.
        let size = made.load(as: UInt32.self)
        guard Int(size) >= Self.minimumEffectSize else {
            throw Diagnostic(.error, .factoryFailed, "factory \(info.factory) of bundle \(info.bundlePath) returned an sh_effect of \(size) bytes; an ABI \(STAGEHAND_ABI_MAJOR).\(STAGEHAND_ABI_MINOR) sh_effect has at least \(Self.minimumEffectSize)")
        }
        guard table.pointee.transition_duration != nil, table.pointee.animate_transition != nil else {
            table.pointee.destroy?(table.pointee.`self`)
            throw Diagnostic(.error, .factoryFailed, "factory \(info.factory) of bundle \(info.bundlePath) returned an sh_effect without transition_duration or animate_transition")
        }
        return table
    }

    /// Makes the effect `name` as an animation controller, ready to be returned from a
    /// navigation controller's delegate (`navigationController(_:animationControllerFor:from:to:)`)
    /// or a transitioning delegate, exactly as a UIKit app returns its own animator:
    ///
    ///     func navigationController(_ nav: NavigationController, animationControllerFor operation: NavigationOperation,
    ///                               from: ViewController, to: ViewController) -> AnimatedTransitioning? {
    ///         operation == .push ? try? library.animationController(named: "parallax-push") : nil
    ///     }
    ///
    /// `parameters` are the effect's own, by name: `["duration": 0.4, "direction": "left"]`.
    /// Each is checked against the parameter's declared type (a number for a numeric
    /// parameter, whole for an integer one; a boolean; a string) and its bounds or
    /// choices; a wrong one throws, naming the effect, the parameter and what it takes
    /// (`.unknownParameter`, `.parameterWrongType`, `.parameterOutOfBounds`). For an interactive effect, the same object gives the
    /// interaction controller (`BundleEffect.interactionController(for:)`) and installs
    /// its gesture when attached to a controller (`attach(to:)`). The effect is freed
    /// (its `destroy` called) when the object goes.
    ///
    /// The effect belongs to the stage this thread runs (the current one): the host
    /// functions it calls act on that stage, from the thread driving it.
    public func animationController(named name: String, parameters: [String: EffectParameterValue] = [:]) throws(Diagnostic) -> BundleEffect {
        try animationController(named: name, given: parameters.mapValues(ParameterArgument.value))
    }

    /// An animation controller made with values given typed, as text, or both.
    func animationController(named name: String, given: [String: ParameterArgument]) throws(Diagnostic) -> BundleEffect {
        let stage = BridgeCall.runningStage
        // The factory is bundle code too: it runs as a call for that stage.
        let bundlePath = registry[name]?.info.bundlePath
        let made = BridgeCall.with(stage: stage, effect: name, bundlePath: bundlePath) {
            Result { () throws(Diagnostic) -> UnsafePointer<sh_effect> in try makeEffect(name, given: given) }
        }
        return BundleEffect(name: name, table: try made.get(), stage: stage, bundlePath: bundlePath)
    }

    /// Checks parameter values for the effect `name` without making it: each key must be
    /// a declared parameter, each value must parse as its type and lie within its
    /// bounds. Throws the first problem, naming the effect, the parameter and what was
    /// expected — so a command can refuse bad `--param` values before it runs anything.
    /// `literals` names the values a scenario wrote as a JSON number or boolean, which a
    /// string parameter refuses.
    public func validate(overrides: [String: String], literals: Set<String> = [], for name: String) throws(Diagnostic) {
        try validate(given: overrides.mapValues(ParameterArgument.text), literals: literals, for: name)
    }

    /// Checks values given typed, as text, or both, without making the effect.
    func validate(given: [String: ParameterArgument], literals: Set<String> = [], for name: String) throws(Diagnostic) {
        let info = try registered(name).info
        _ = try ParameterOverrides.arguments(for: info.parameters, given: given, literals: literals, effect: name)
    }

    /// The declarative effect file `name` was read from; nil when `name` is made by a
    /// bundle's factory (or unknown).
    public func declarativeFile(of name: String) -> String? {
        guard let effect = registry[name], effect.definition != nil else { return nil }
        return effect.info.bundlePath
    }

    /// The largest declarative effect file read, in bytes.
    public static let maximumDeclarativeFileSize = DefinitionReader.maximumFileSize

    /// This library with the declarative effect `name` read from `source` instead of its
    /// file, as if the file held `source`: what an editor plays while the text is being
    /// written (the playground's). The text is read as the file is, with the file's name
    /// (so its `name` must stay the file's); a problem is returned located, and the
    /// library is not changed. Every other effect is shared with this library.
    public func replacingDeclarative(_ name: String, with source: [UInt8]) -> Result<EffectLibrary, DeclarativeError> {
        guard let effect = registry[name], effect.definition != nil else {
            return .failure(DeclarativeError(file: name, pointer: "", line: 1, column: 1,
                                             message: "effect \(name) is not a declarative effect of this library"))
        }
        let info = effect.info
        let definition: EffectDefinition
        switch DefinitionReader.read(bytes: source, file: info.bundlePath) {
        case .success(let read): definition = read
        case .failure(let error): return .failure(error)
        }
        let replaced = DeclarativeDiscovery.info(DeclarativeDiscovery.declaration(of: definition), definition: definition,
                                                 source: .discovered, path: info.bundlePath, realPath: info.resolvedBundlePath)
        var effects = Array(registry.values.filter { $0.info.name != name })
        effects.append(RegisteredEffect(info: replaced, definition: definition))
        return .success(EffectLibrary(effects: effects, refusals: refusals, catalogPath: catalogPath, pluginDirectories: pluginDirectories,
                                      provenances: provenances, host: host, factoryCalls: factoryCalls))
    }

    /// The bytes of `sh_effect` in ABI 1.0: every field up to `destroy`.
    static let minimumEffectSize = MemoryLayout<sh_effect>.offset(of: \sh_effect.destroy)! + MemoryLayout<UnsafeRawPointer>.size

    private func registered(_ name: String) throws(Diagnostic) -> RegisteredEffect {
        if let effect = registry[name] { return effect }
        if let reason = refusals[name] {
            throw Diagnostic(.error, .refusedEffect, "effect \(name) was refused when the effects were loaded (\(reason)); see the warning above")
        }
        if registry.isEmpty {
            throw Diagnostic(.error, .unknownEffect, "no effect named \(name): no effects are loaded")
        }
        let close = NameSuggestions.closest(to: name, among: Array(registry.keys))
        if close.isEmpty {
            let some = registry.keys.sorted().prefix(3).joined(separator: ", ")
            let more = registry.count > 3 ? ", ... (\(registry.count) in all: stagehand catalog lists them)" : ""
            throw Diagnostic(.error, .unknownEffect, "no effect named \(name), nor one close to it; known names: \(some)\(more)")
        }
        throw Diagnostic(.error, .unknownEffect, "no effect named \(name); closest known names: \(close.joined(separator: ", "))")
    }
}
