import Foundation

/// Runs a program to its end with a time limit, collecting its output: for `stagehand`
/// and for headless Chromium.
struct Child {
    var status: Int32
    var output: String
    var errors: String

    /// Runs `executable` with `arguments`; a run longer than `timeout` seconds is killed
    /// (and reported by a status of -1).
    static func run(_ executable: String, _ arguments: [String], directory: String? = nil,
                    environment: [String: String]? = nil, timeout: Double = 120) throws -> Child {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
        // Read both pipes before waiting, so a full pipe cannot block the child.
        let group = DispatchGroup()
        let errorData = Collected()
        group.enter()
        DispatchQueue.global().async {
            errorData.data = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        killer.cancel()
        let timedOut = process.terminationReason == .uncaughtSignal
        return Child(status: timedOut ? -1 : process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                     errors: String(decoding: errorData.data, as: UTF8.self))
    }

    /// Standard error's bytes, read on another thread while standard output is read here;
    /// written once, read after the group is waited for.
    // @unchecked Sendable: one writer, then the group's wait orders the one read after it.
    private final class Collected: @unchecked Sendable {
        var data = Data()
    }
}
