import Foundation
import StagehandCore
import StagehandTestSupport

/// A playground server on an ephemeral loopback port: the real `stagehand serve`, run as
/// a child process with the bundles built beside it and the repository's catalog, its
/// log lines (standard error) kept for checking.
///
/// A child process rather than a server inside the test process: the server's work runs
/// on Swift's cooperative thread pool (one thread per core), which the other suites of a
/// full `swift test` run keep busy with blocking work (child processes, package builds),
/// so an in-process server could be starved for minutes and its clients time out.
// @unchecked Sendable: only constants; `process` (a Foundation Process, not Sendable) is only
// asked whether it runs, interrupted and waited for, which Process allows from any thread.
final class TestServer: @unchecked Sendable {
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let productsDirectory: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        return (executable as NSString).deletingLastPathComponent
    }()

    /// Whether the tests (and so the server beside them) were built with a sanitizer:
    /// its runtime exports its entry points from the executable.
    static let sanitized: Bool = ["__tsan_init", "__asan_init"].contains { (name: String) in dlsym(nil, name) != nil }

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    let port: UInt16
    private let process: Process
    private let logBox: LogBox

    /// The server's log lines so far.
    var log: [String] { logBox.lines }

    /// `dataHome` is the server's `XDG_DATA_HOME` (where its user plugin directory is); by
    /// default the tests' empty one, so the developer's installed packs stay out.
    /// `extra`: more `stagehand serve` arguments (`--save`).
    init(pluginDirectories: [String] = [], gifWait: Double? = nil, dataHome: String? = nil, extra: [String] = []) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestServer.productsDirectory + "/stagehand")
        var arguments = ["serve", "--port", "0", "--catalog", TestServer.repositoryRoot + "/Catalog.json",
                         "--watch-interval", "0.1"]
        for directory in pluginDirectories { arguments += ["--plugins", directory] }
        if let gifWait { arguments += ["--gif-wait", String(gifWait)] }
        arguments += extra
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        // The tests' shared scan cache: the built-in bundles are scanned once, not by every
        // server (the --plugins copies are new files for each server, scanned anyway).
        environment["STAGEHAND_CACHE_DIR"] = TestEnvironment.scanCache
        environment["XDG_DATA_HOME"] = dataHome ?? TestEnvironment.emptyDataHome
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let box = LogBox()
        try process.run()
        // The log is read as it comes, on a thread of its own, until the child exits.
        let errorHandle = errors.fileHandleForReading
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let chunk = errorHandle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 10) {
                    box.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
        }
        // The first line of standard output is the page's address.
        let outputHandle = output.fileHandleForReading
        var first = Data()
        while !first.contains(10) {
            let chunk = outputHandle.availableData
            if chunk.isEmpty { break }
            first.append(chunk)
        }
        let line = String(decoding: first, as: UTF8.self)
        guard let colon = line.range(of: ":", options: .backwards),
              let port = UInt16(line[colon.upperBound...].prefix { $0.isNumber }) else {
            process.terminate()
            process.waitUntilExit()
            throw StartFailure(description: "stagehand serve did not print its address: \(line) \(box.lines)")
        }
        self.process = process
        self.port = port
        logBox = box
    }

    /// Runs `stagehand` with `arguments` that it must refuse before serving (it exits at
    /// once): its exit status and what it wrote on standard error.
    static func refusal(_ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: productsDirectory + "/stagehand")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// The server's resident memory now and at its peak (VmRSS, VmHWM), in bytes.
    var memory: (resident: Int, peak: Int)? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8) else { return nil }
        func kilobytes(_ key: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(key + ":") }
                .flatMap { Int($0.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) }
        }
        guard let resident = kilobytes("VmRSS"), let peak = kilobytes("VmHWM") else { return nil }
        return (resident * 1024, peak * 1024)
    }

    /// A tab connected to this server. When it cannot connect, the error says whether the
    /// server still runs and what it logged last: a test that fails there shows why.
    func page(path: String = "/socket") async throws -> PageClient {
        do {
            return try await PageClient.connect(port: port, path: path)
        } catch {
            let state = process.isRunning ? "the server runs"
                : "the server exited (\(process.terminationReason == .uncaughtSignal ? "signal" : "status") \(process.terminationStatus))"
            throw StartFailure(description: "\(error); \(state); its last log lines: \(log.suffix(12).joined(separator: " | "))")
        }
    }

    /// Interrupts the server (Ctrl-C) and waits for it to end. Polled rather than
    /// `waitUntilExit()`, which on a thread with an empty run loop (a test's) spins a
    /// core until the child ends: that core is the one the server needs to shut down.
    func stop() async {
        guard process.isRunning else { return }
        process.interrupt()
        while process.isRunning {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/")! }
}

final class LogBox: Sendable {
    private let stored = Locked<[String]>([])
    func append(_ line: String) { stored.withLock { $0.append(line) } }
    var lines: [String] { stored.withLock { $0 } }
}
