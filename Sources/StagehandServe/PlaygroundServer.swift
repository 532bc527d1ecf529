import FlyingFox
import FlyingSocks
import Foundation
import StagehandHost

/// `stagehand serve`: a local web server with one page, where each tab drives a stage
/// of its own over a WebSocket (see Documentation/Playground.md).
///
///     GET /                          the page
///     GET /socket                    the tab's WebSocket: messages both ways, JSON
///     GET /export/ID/recording.json  the last export of session ID: its scenario,
///     GET /export/ID/trace.json      the trace it replays to,
///     GET /export/ID/recording.gif   and a GIF of it
///     anything else                  404, with the request named in the body
public final class PlaygroundServer: @unchecked Sendable {
    public let configuration: PlaygroundConfiguration
    private let library: PlaygroundLibrary
    let exports = ExportStore()
    private let sessions: SessionRegistry
    private let watcher: PluginWatcher
    private let server: HTTPServer
    private let reloads = DispatchQueue(label: "stagehand.serve.reload")

    /// Loads the effects (the constructor returns once they are loaded).
    public init(configuration: PlaygroundConfiguration) throws {
        self.configuration = configuration
        library = PlaygroundLibrary(configuration: configuration)
        sessions = SessionRegistry(library: library, exports: exports, log: configuration.log)
        let address: any SocketAddress
        if configuration.host.contains(":") {
            address = try sockaddr_in6.inet6(ip6: configuration.host, port: configuration.port)
        } else {
            address = try sockaddr_in.inet(ip4: configuration.host == "localhost" ? "127.0.0.1" : configuration.host,
                                           port: configuration.port)
        }
        // FlyingFox answers 500, with no reason, to a request its handler has not
        // answered within `timeout`: the GIF's wait stays below it (see `gifWait`).
        server = HTTPServer(config: HTTPServer.Configuration(address: address, timeout: max(0, configuration.gifWait) + 15,
                                                             pool: NoDelaySocketPool(base: HTTPServer.defaultPool()),
                                                             logger: ServerLog(log: configuration.log)))
        let (library, sessions, reloads) = (self.library, self.sessions, self.reloads)
        let log = configuration.log
        watcher = PluginWatcher(directories: configuration.pluginDirectories, interval: configuration.watchInterval) {
            reloads.async {
                log("a plugin directory changed: loading the effects again")
                sessions.broadcast(library.reload())
            }
        }
    }

    /// The number of tabs connected now.
    public var sessionCount: Int { sessions.count }

    /// Starts listening (in a task of its own) and returns the port listened on.
    public func start() async throws -> UInt16 {
        await server.appendRoute("GET /") { _ in
            HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8", .init("Cache-Control"): "no-store"],
                         body: Data(PlaygroundPage.html.utf8))
        }
        await server.appendRoute("GET /socket", to: .webSocket(SessionSocket(sessions: sessions)))
        let (exports, gifWait) = (self.exports, configuration.gifWait)
        await server.appendRoute("GET /export/*") { request in
            await Self.export(request.path, exports: exports, gifWait: gifWait)
        }
        // Anything else (a browser's /favicon.ico, a mistyped address) is answered here,
        // so the library does not log each one as an unhandled request.
        await server.appendRoute("/*") { request in
            HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                         body: Data("not found: \(request.method.rawValue) \(request.path); the playground is at /\n".utf8))
        }
        let server = self.server
        Task { try await server.run() }
        try await server.waitUntilListening(timeout: 10)
        watcher.start()
        guard let address = await server.listeningAddress else { return configuration.port }
        switch address {
        case .ip4(_, let port), .ip6(_, let port): return port
        default: return configuration.port
        }
    }

    /// Stops listening and closes every connection.
    public func stop() async {
        watcher.stop()
        await server.stop(timeout: 1)
    }

    private static func export(_ path: String, exports: ExportStore, gifWait: Double) async -> HTTPResponse {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count == 3 else { return HTTPResponse(statusCode: .notFound) }
        let (session, file) = (parts[1], parts[2])
        func found(_ data: Data?, _ type: String) -> HTTPResponse {
            guard let data else {
                return HTTPResponse(statusCode: .notFound, body: Data("no export for session \(session)\n".utf8))
            }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: type, .init("Content-Disposition"): "attachment; filename=\"\(file)\""],
                                body: data)
        }
        switch file {
        case "recording.json": return found(exports.scenario(session: session).map { Data($0.utf8) }, "application/json")
        case "trace.json": return found(exports.trace(session: session), "application/json")
        case "recording.gif":
            switch await exports.gif(session: session, within: gifWait) {
            case .made(let data): return found(data, "image/gif")
            case .missing: return found(nil, "image/gif")
            case .making(let frames):
                return HTTPResponse(statusCode: .serviceUnavailable, headers: [.init("Retry-After"): "2"],
                                    body: Data("the GIF of \(frames) frames is still being made: ask again in a moment\n".utf8))
            case .failed(let error):
                return HTTPResponse(statusCode: .internalServerError, body: Data("the GIF cannot be made: \(error)\n".utf8))
            }
        default: return HTTPResponse(statusCode: .notFound)
        }
    }
}
