import ArgumentParser
import Foundation
import StagehandHost

/// `stagehand`: list, inspect, play, render, validate and scaffold effects, the top
/// layer of ARCHITECTURE.md. One subcommand per file.
@main
struct Stagehand: ParsableCommand {
    /// Runs the command. A usage error (a missing or malformed argument) exits with 1,
    /// like every other invalid request, rather than swift-argument-parser's 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(ExitCode.failure.rawValue)
            }
            exit(withError: error)
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "stagehand",
        abstract: "UIKit's iOS 7 view-controller transitions, headless, with every effect loaded from its own bundle.",
        discussion: """
            Bundles are searched in each --plugins directory, then in STAGEHAND_PLUGIN_PATH \
            (colon-separated), then beside this executable, then in the user plugin directory \
            ($XDG_DATA_HOME/stagehand/plugins, else ~/.local/share/stagehand/plugins) and the \
            packs installed there; the first effect of a name wins. The catalog is --catalog, else \
            STAGEHAND_CATALOG, else ./Catalog.json, else the Catalog.json nearest above this \
            executable. Problems are reported on standard error, one line each, naming the file \
            and the field; the valid effects are still listed.
            """,
        version: StagehandVersion.current,
        subcommands: [CatalogCommand.self, InfoCommand.self, PlayCommand.self, PreviewCommand.self, ValidateCommand.self, NewCommand.self, BenchCommand.self,
                      ScanBundlesCommand.self, ServeCommand.self, PackCommand.self, InstallCommand.self, UninstallCommand.self]
    )
}
