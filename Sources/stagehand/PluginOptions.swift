import ArgumentParser
import Foundation
import StagehandHost

/// Where effects come from: the options every command that loads effects shares.
struct PluginOptions: ParsableArguments {
    @Option(name: .customLong("plugins"),
            help: ArgumentHelp("A directory to search for effect bundles (lib*.so), before STAGEHAND_PLUGIN_PATH and the built-in bundles. Repeatable; searched in order.",
                               valueName: "dir"))
    var pluginDirectories: [String] = []

    @Option(name: .customLong("catalog"),
            help: ArgumentHelp("The catalog to read, instead of STAGEHAND_CATALOG, ./Catalog.json or the one beside the executable.",
                               valueName: "file"))
    var catalog: String?

    /// Loads the effects and reports every diagnostic on standard error.
    ///
    /// A bad bundle or catalog entry is only reported: the rest is still usable. But a
    /// file the user named (`--catalog`, `STAGEHAND_CATALOG`, a `--plugins` directory)
    /// that was refused as a whole means the command cannot do what was asked, so it
    /// ends with exit code 1 before printing anything on standard output.
    func loadLibrary() throws -> EffectLibrary {
        let environment = ProcessInfo.processInfo.environment
        let (library, diagnostics) = EffectLibrary.load(pluginDirectories: pluginDirectories, catalogPath: catalog,
                                                        host: HostTable.shared, environment: environment)
        for diagnostic in diagnostics {
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
        return library
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
