import ArgumentParser
import Foundation
import StagehandCore
import StagehandHost
import StagehandRender

/// `stagehand validate FILE...`: loads each bundle or declarative effect and puts every
/// effect in it through its standard scenario — in a child process, so a bundle that
/// crashes or hangs is reported with what it was doing, and the command itself never goes
/// down with it. Several files are checked one after the other in the same child, each
/// alone (a plugin directory of its own), each with its own report.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check bundles or effect files: load each, make each effect, run each through its standard scenario (in a child process).",
        discussion: "Exit 0 when every check of every file passes, 1 otherwise; a crash or a hang in a bundle is reported with the step it happened in."
    )

    @OptionGroup var plugins: PluginOptions

    @Argument(help: "The bundles (.so files), or declarative effects (NAME.effect.json): read and checked, then played like a bundle's.")
    var bundles: [String]

    @Flag(help: "Print the report as JSON (an array of reports when several files are given).")
    var json = false

    @OptionGroup var timeout: ValidationTimeoutOptions

    @Flag(help: .hidden)
    var child = false

    @Option(help: .hidden)
    var workDir: String?

    func run() throws {
        let paths = bundles.map { $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0 }
        for path in paths where !FileManager.default.isReadableFile(atPath: path) {
            throw InputError.fail("BUNDLE", "cannot read \(path)")
        }
        let seconds = try timeout.seconds()
        if child {
            guard let workDir else { throw InputError.fail("--work-dir", "missing; the checking process needs its directory") }
            var ok = true
            for (index, path) in paths.enumerated() {
                SupervisedChild.send("file", "\(index)")
                let report = try Self.check(path, plugins: plugins, directory: workDir + "/\(index)")
                SupervisedChild.send("report", String(decoding: try JSONEncoder().encode(report), as: UTF8.self))
                ok = ok && report.ok
            }
            throw ok ? ExitCode.success : ExitCode.failure
        }
        // A folder, a named pipe, a device or an ELF file for another machine is said to
        // be what it is at once: nothing of it could run, and a pipe would only block.
        let refusals = paths.map { BundleFile.refusal($0) }
        var reports: [ValidationReport]
        if refusals.allSatisfy({ $0 != nil }) {
            reports = zip(paths, refusals).map { path, refusal in Self.refused(path, refusal!) }
        } else {
            reports = try ChildProcess.validate(paths: paths, arguments: CommandLine.arguments, timeout: seconds)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            let data = reports.count == 1 ? try encoder.encode(reports[0]) : try encoder.encode(reports)
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(reports.map(\.text).joined(separator: "\n"))
        }
        if !reports.allSatisfy(\.ok) { throw ExitCode.failure }
    }

    /// In the child: one file's report, in an empty directory of its own under the
    /// child's work directory. A file refused as it lies is not copied (a pipe would
    /// block the copy).
    static func check(_ path: String, plugins: PluginOptions, directory: String) throws -> ValidationReport {
        if let refusal = BundleFile.refusal(path) { return refused(path, refusal) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        return BundleCheck(path: path, plugins: plugins, directory: directory).run()
    }

    private static func refused(_ path: String, _ refusal: String) -> ValidationReport {
        var report = ValidationReport(bundle: path)
        report.problems.append(refusal)
        return report
    }
}
