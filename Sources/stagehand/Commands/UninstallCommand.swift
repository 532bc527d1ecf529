import ArgumentParser
import Foundation
import StagehandHost
import StagehandPack

/// `stagehand uninstall NAME`: removes an installed pack, exactly the files install put
/// in its directory, in one rename out of the search path.
struct UninstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall",
        abstract: "Remove a pack installed in the user plugin directory."
    )

    @Argument(help: "The pack's name, as `stagehand catalog` shows it (pack NAME VERSION).")
    var name: String

    func run() throws {
        guard let directory = UserPluginDirectory.path(environment: ProcessInfo.processInfo.environment) else {
            throw InputError.fail("uninstall", "no user plugin directory: neither XDG_DATA_HOME (absolute) nor HOME is set")
        }
        let store = PackStore(directory: directory)
        store.removeAbandoned()
        guard !name.contains("/"), name != "." && name != "..", let version = store.installedVersion(of: name) else {
            let installed = store.installed.map { "\($0.name) \($0.version)" }
            throw InputError.fail("NAME \(name)", "no pack of that name is installed in \(directory) (installed: \(installed.isEmpty ? "none" : installed.joined(separator: ", ")))")
        }
        do {
            let removed = try store.remove(name)
            print("uninstalled pack \(name) \(version): removed \(removed.count) file\(removed.count == 1 ? "" : "s") from \(store.packDirectory(name))")
        } catch {
            StandardError.write(error.description)
            throw ExitCode.failure
        }
    }
}
