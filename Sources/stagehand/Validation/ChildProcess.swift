import Foundation
import StagehandHost

/// The parent side of `stagehand validate`: runs this executable again with `--child`,
/// watches the steps it announces, and turns a signal, an exit or a hang into a report.
///
/// One child checks every file it is given, one after the other (`install` validates all
/// of a pack's files in one child: a process each would cost its start and its loading of
/// the built-in effects once per file). Before each file it announces the file (`file: N`,
/// its index among the files); then each step; then the file's report.
///
/// The child reports on a channel of its own (`SupervisedChild`: a pipe on descriptor 3,
/// read as lines arrive), never on standard output, which goes to /dev/null with standard
/// error: a bundle that prints, however much, cannot block the child or forge a report.
/// Reports count only if the child then ended normally (status 0 or 1); a child that
/// crashed or hung is reported as such against the file it was checking (the last one it
/// announced, even if it had sent that file's report: whatever runs after it, at exit
/// say, is that file's code), the files checked before it keep their reports, and the
/// files after it are said not to have been checked. The time limit applies to each
/// step the child announces, not to the whole check. The temporary directory the
/// child works in is made and removed here, so it goes even when the child dies.
enum ChildProcess {
    /// One report per path of `paths`, in order. `arguments` (argv[0] included) are those
    /// of a `stagehand validate` of exactly `paths`; the child is given them with
    /// `--child` and its work directory.
    static func validate(paths: [String], arguments: [String], timeout: Double) throws -> [ValidationReport] {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? arguments[0]
        var template = Array((NSTemporaryDirectory() + "stagehand-validate-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw InputError.fail("TMPDIR", "cannot make a temporary directory in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
        }
        let directory = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"   // the report says what crashed; no dump
        var current = 0
        var lastStep = "loading"
        var reports: [Int: ValidationReport] = [:]
        let ran = SupervisedChild.run(executable: executable,
                                      arguments: ["stagehand"] + arguments.dropFirst() + ["--child", "--work-dir", directory],
                                      environment: environment, timeout: timeout) { line in
            if line.hasPrefix("file: "), let index = Int(line.dropFirst(6)), paths.indices.contains(index) {
                current = index
                lastStep = "loading"
                return .renewDeadline
            } else if line.hasPrefix("step: ") {
                lastStep = String(line.dropFirst(6))
                reports[current] = nil
                // The limit is per step: a file of many good effects takes as long as
                // it needs, and a hang is pinned to the step that exceeded the limit.
                return .renewDeadline
            } else if line.hasPrefix("report: ") {
                reports[current] = try? JSONDecoder().decode(ValidationReport.self, from: Data(line.utf8.dropFirst(8)))
            }
            return .keepDeadline
        }
        let ending: SupervisedChild.Ending
        switch ran {
        case .failure(let error): throw InputError.fail("validate", error.description)
        case .success(let value): ending = value
        }
        if case .exited(let status) = ending, status == 0 || status == 1, reports.count == paths.count {
            return paths.indices.map { reports[$0]! }
        }
        var crashed = ValidationReport(bundle: paths[current])
        switch ending {
        case .timedOut(let seconds):
            crashed.crash = .init(signal: nil, name: "hung (stopped after \(seconds) s)", during: lastStep)
        case .signalled(let signal):
            crashed.crash = .init(signal: signal, name: ending.description, during: lastStep)
        case .exited(let status):
            crashed.crash = .init(signal: nil, name: "the checking process ended with status \(status) and no report", during: lastStep)
        }
        return paths.indices.map { index in
            if index < current {
                var unreported = ValidationReport(bundle: paths[index])
                unreported.problems.append("the checking process sent no report for it")
                return reports[index] ?? unreported
            }
            if index == current { return crashed }
            var unchecked = ValidationReport(bundle: paths[index])
            unchecked.problems.append("not checked: the checking process stopped at \(paths[current])")
            return unchecked
        }
    }
}
