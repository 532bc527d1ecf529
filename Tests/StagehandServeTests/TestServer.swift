import Foundation
import StagehandCore
import StagehandHost
@testable import StagehandServe

/// A playground server on an ephemeral loopback port, loading the bundles built beside
/// the test binary and the repository's catalog, with its log lines kept for checking.
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

    let server: PlaygroundServer
    let port: UInt16
    private let logBox: LogBox

    /// The server's log lines so far.
    var log: [String] { logBox.lines }

    init(pluginDirectories: [String] = []) async throws {
        let box = LogBox()
        var configuration = PlaygroundConfiguration(
            load: { copies in
                EffectLibrary.load(pluginDirectories: copies, catalogPath: TestServer.repositoryRoot + "/Catalog.json",
                                   host: HostTable.shared, environment: [:])
            },
            log: { line in box.append(line) },
            temporaryDirectory: NSTemporaryDirectory() + "stagehand-serve-test-\(UUID().uuidString)")
        configuration.port = 0
        configuration.pluginDirectories = pluginDirectories
        configuration.watchInterval = 0.1
        server = try PlaygroundServer(configuration: configuration)
        port = try await server.start()
        logBox = box
    }

    func stop() async {
        await server.stop()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/")! }
}

final class LogBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}
