import ArgumentParser
import StagehandHost

/// `stagehand scan-bundles PATH...` (hidden): the scanning process of `PluginScanner`.
/// Every command that loads effects runs it for the bundles it has not seen before, so
/// that a bundle that crashes, exits or hangs while it is opened and initialised takes
/// down only this process. It reports on the supervised channel (descriptor 3), never on
/// standard output.
struct ScanBundlesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan-bundles",
        abstract: "Scan bundles for the command that started this process (internal).",
        shouldDisplay: false
    )

    @Argument(help: "The bundles to scan, in order.")
    var paths: [String] = []

    func run() throws {
        PluginScanner.runChild(paths: paths)
    }
}
