import Foundation
import StagehandHost

/// The parent side of `stagehand validate`: runs this executable again with `--child`,
/// watches the steps it announces, and turns a signal, an exit or a hang into a report.
///
/// The child reports on a channel of its own (`SupervisedChild`: a pipe on descriptor 3,
/// read as lines arrive), never on standard output, which goes to /dev/null with standard
/// error: a bundle that prints, however much, cannot block the child or forge a report.
/// A report counts only if the child then ended normally (status 0 or 1); a child that
/// sent one and crashed afterwards is reported as crashed. The time limit applies to each
/// step the child announces, not to the whole check. The temporary directory the
/// child works in is made and removed here, so it goes even when the child dies.
enum ChildProcess {
    static func validate(path: String, arguments: [String], timeout: Double) throws -> ValidationReport {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? arguments[0]
        var template = Array((NSTemporaryDirectory() + "stagehand-validate-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw InputError.fail("TMPDIR", "cannot make a temporary directory in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
        }
        let directory = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"   // the report says what crashed; no dump
        var lastStep = "loading"
        var reportLine: String?
        let ran = SupervisedChild.run(executable: executable,
                                      arguments: ["stagehand"] + arguments.dropFirst() + ["--child", "--work-dir", directory],
                                      environment: environment, timeout: timeout) { line in
            if line.hasPrefix("step: ") {
                lastStep = String(line.dropFirst(6))
                reportLine = nil
                // The limit is per step: a bundle of many good effects takes as long as
                // it needs, and a hang is pinned to the step that exceeded the limit.
                return .renewDeadline
            } else if line.hasPrefix("report: ") {
                reportLine = String(line.dropFirst(8))
            }
            return .keepDeadline
        }
        let ending: SupervisedChild.Ending
        switch ran {
        case .failure(let error): throw InputError.fail("validate", error.description)
        case .success(let value): ending = value
        }
        if case .exited(let status) = ending, status == 0 || status == 1, let reportLine,
           let report = try? JSONDecoder().decode(ValidationReport.self, from: Data(reportLine.utf8)) {
            return report
        }
        var report = ValidationReport(bundle: path)
        switch ending {
        case .timedOut(let seconds):
            report.crash = .init(signal: nil, name: "hung (stopped after \(seconds) s)", during: lastStep)
        case .signalled(let signal):
            report.crash = .init(signal: signal, name: ending.description, during: lastStep)
        case .exited(let status):
            report.crash = .init(signal: nil, name: "the checking process ended with status \(status) and no report", during: lastStep)
        }
        return report
    }
}
