import ArgumentParser
import Foundation
import StagehandCore
import StagehandHost
import StagehandRender

/// `stagehand validate BUNDLE`: loads one bundle and puts every effect in it through its
/// standard scenario — in a child process, so a bundle that crashes or hangs is reported
/// with what it was doing, and the command itself never goes down with it.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a bundle: load it, make each effect, run each through its standard scenario (in a child process).",
        discussion: "Exit 0 when every check passes, 1 otherwise; a crash or a hang in the bundle is reported with the step it happened in."
    )

    @OptionGroup var plugins: PluginOptions

    @Argument(help: "The bundle (a .so file), or a declarative effect (NAME.effect.json): read and checked, then played like a bundle's.")
    var bundle: String

    @Flag(help: "Print the report as JSON.")
    var json = false

    @Option(help: ArgumentHelp("Seconds each step of the check (loading the bundle; making, running or probing one effect) may take before the child is stopped as hung.", valueName: "seconds"))
    var timeout: Double = 60

    @Flag(help: .hidden)
    var child = false

    @Option(help: .hidden)
    var workDir: String?

    func run() throws {
        let path = bundle.hasPrefix("/") ? bundle : FileManager.default.currentDirectoryPath + "/" + bundle
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw InputError.fail("BUNDLE", "cannot read \(path)")
        }
        guard timeout > 0, timeout.isFinite else {
            throw InputError.fail("--timeout", "expected a number of seconds > 0")
        }
        if child {
            guard let workDir else { throw InputError.fail("--work-dir", "missing; the checking process needs its directory") }
            let report = BundleCheck(path: path, plugins: plugins, directory: workDir).run()
            SupervisedChild.send("report", String(decoding: try JSONEncoder().encode(report), as: UTF8.self))
            throw report.ok ? ExitCode.success : ExitCode.failure
        }
        // A folder, a named pipe, a device or an ELF file for another machine is said to
        // be what it is at once: nothing of it could run, and a pipe would only block.
        var report = ValidationReport(bundle: path)
        if let refusal = BundleFile.refusal(path) {
            report.problems.append(refusal)
        } else {
            report = try ChildProcess.validate(path: path, arguments: CommandLine.arguments, timeout: timeout)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(report.text)
        }
        if !report.ok { throw ExitCode.failure }
    }
}
