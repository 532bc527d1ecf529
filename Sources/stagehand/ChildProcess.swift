import Foundation

/// The parent side of `stagehand validate`: runs this executable again with `--child`,
/// watches the steps it announces, and turns a signal or a hang into a report.
enum ChildProcess {
    static func validate(path: String, arguments: [String], timeout: Double) throws -> ValidationReport {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? arguments[0])
        process.arguments = Array(arguments.dropFirst()) + ["--child"]
        let output = Pipe()
        process.standardOutput = output
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"   // the report says what crashed; no dump
        process.environment = environment
        try process.run()

        let deadline = Date().addingTimeInterval(timeout)
        var hung = false
        while process.isRunning {
            if Date() > deadline {
                hung = true
                process.terminate()
                usleep(200_000)
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                break
            }
            usleep(20_000)
        }
        process.waitUntilExit()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        let lastStep = lines.last { $0.hasPrefix("step: ") }.map { String($0.dropFirst(6)) } ?? "loading"
        if let reportLine = lines.last(where: { $0.hasPrefix("report: ") }),
           let report = try? JSONDecoder().decode(ValidationReport.self, from: Data(reportLine.dropFirst(8).utf8)), !hung {
            return report
        }
        var report = ValidationReport(bundle: path)
        if hung {
            report.crash = .init(signal: nil, name: "hung (stopped after \(timeout) s)", during: lastStep)
        } else if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            report.crash = .init(signal: signal, name: "crashed with signal \(signal) (\(signalName(signal)))", during: lastStep)
        } else {
            report.crash = .init(signal: nil, name: "the checking process ended with status \(process.terminationStatus) and no report", during: lastStep)
        }
        return report
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: return "SIGSEGV"
        case SIGBUS: return "SIGBUS"
        case SIGABRT: return "SIGABRT"
        case SIGILL: return "SIGILL"
        case SIGFPE: return "SIGFPE"
        case SIGTRAP: return "SIGTRAP"
        case SIGKILL: return "SIGKILL"
        default: return "signal \(signal)"
        }
    }
}
