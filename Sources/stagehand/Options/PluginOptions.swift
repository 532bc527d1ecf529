import ArgumentParser
import Foundation
import StagehandCore
import StagehandHost

/// Where effects come from: the options every command that loads effects shares.
struct PluginOptions: ParsableArguments {
    @Option(name: .customLong("plugins"),
            help: ArgumentHelp("A directory to search for effect bundles (lib*.so), before STAGEHAND_PLUGIN_PATH, the built-in bundles and the user plugin directory. Repeatable; searched in order.",
                               valueName: "dir"))
    var pluginDirectories: [String] = []

    @Option(name: .customLong("catalog"),
            help: ArgumentHelp("The catalog to read, instead of STAGEHAND_CATALOG, ./Catalog.json or the one beside the executable.",
                               valueName: "file"))
    var catalog: String?

    /// The catalog file the user named, as an input no output may overwrite:
    /// `--catalog`, else `STAGEHAND_CATALOG`.
    var namedCatalog: (argument: String, path: String?) {
        if let catalog { return ("--catalog", catalog) }
        let variable = ProcessInfo.processInfo.environment["STAGEHAND_CATALOG"]
        return ("STAGEHAND_CATALOG", variable?.isEmpty == false ? variable : nil)
    }

    /// Loads the effects and reports every diagnostic on standard error.
    ///
    /// A bad bundle or catalog entry is only reported: the rest is still usable. But a
    /// file the user named (`--catalog`, `STAGEHAND_CATALOG`, a `--plugins` directory)
    /// that was refused as a whole means the command cannot do what was asked, so it
    /// ends with exit code 1 before printing anything on standard output.
    ///
    /// With `readingCatalog` false no catalog is read: every effect is listed as its
    /// bundle's manifest declares it.
    ///
    /// `quiet` reports nothing: for a command that only looks names up.
    func loadLibrary(readingCatalog: Bool, quiet: Bool = false) throws -> (EffectLibrary, [Diagnostic]) {
        let environment = ProcessInfo.processInfo.environment
        let (scanner, scannerDiagnostics) = Self.scanner(environment: environment)
        let (library, loadDiagnostics) = EffectLibrary.load(pluginDirectories: pluginDirectories, catalogPath: catalog,
                                                            host: HostTable.shared, environment: environment, scanner: scanner,
                                                            userPluginDirectory: UserPluginDirectory.path(environment: environment),
                                                            readingCatalog: readingCatalog)
        let diagnostics = scannerDiagnostics + loadDiagnostics
        for diagnostic in diagnostics where !quiet {
            StandardError.write(diagnostic.description)
        }

        let currentDirectory = FileManager.default.currentDirectoryPath
        var named = pluginDirectories.map { $0.hasPrefix("/") ? $0 : currentDirectory + "/" + $0 }
        if catalog != nil || environment["STAGEHAND_CATALOG"].map({ !$0.isEmpty }) == true, let path = library.catalogPath {
            named.append(path)
        }
        if diagnostics.contains(where: { $0.severity == .error && $0.file.map(named.contains) == true }) {
            throw ExitCode.failure
        }
        return (library, diagnostics)
    }

    /// Loads the effects as `loadLibrary(readingCatalog:)` does, for a command that needs
    /// only the library.
    func loadLibrary() throws -> EffectLibrary {
        try loadLibrary(readingCatalog: true).0
    }

    /// Bundles are scanned by this same executable (`stagehand scan-bundles`), in a child
    /// process; `STAGEHAND_SCAN_TIMEOUT` sets the time limit of one bundle's scan.
    static func scanner(environment: [String: String]) -> (PluginScanner, [Diagnostic]) {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var timeout = PluginScanner.defaultTimeout
        var diagnostics: [Diagnostic] = []
        if let text = environment[PluginScanner.timeoutEnvironmentVariable], !text.isEmpty {
            if let seconds = Double(text), seconds > 0, seconds.isFinite {
                timeout = seconds
            } else {
                diagnostics.append(Diagnostic(.warning, .environmentInvalid, source: PluginScanner.timeoutEnvironmentVariable,
                    message: "expected a number of seconds > 0, found \"\(text)\"; using \(PluginScanner.defaultTimeout)"))
            }
        }
        let scanner = PluginScanner(executable: executable, arguments: ["stagehand", "scan-bundles"],
                                    cacheDirectory: PluginScanner.defaultCacheDirectory(environment: environment),
                                    timeout: timeout, environment: environment)
        return (scanner, diagnostics)
    }

    /// The effect `name` in `library`; an unknown name is reported (with the closest
    /// known names) and the command ends with exit code 1.
    func effect(named name: String, in library: EffectLibrary) throws -> EffectInfo {
        do {
            return try library.effect(named: name)
        } catch {
            StandardError.write(error.description)
            throw ExitCode.failure
        }
    }
}
