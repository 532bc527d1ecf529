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
public final class PlaygroundServer: Sendable {
    public let configuration: PlaygroundConfiguration
    private let address: ListenAddress
    private let library: PlaygroundLibrary
    let exports = ExportStore()
    private let sessions: SessionRegistry
    private let watcher: PluginWatcher
    private let listener: HTTPListener

    /// Loads the effects (the constructor returns once they are loaded); throws when
    /// `configuration.host` is not an address, before anything is loaded.
    public init(configuration: PlaygroundConfiguration) throws(PlaygroundConfiguration.Problem) {
        do {
            address = try ListenAddress(configuration.host)
        } catch {
            throw PlaygroundConfiguration.Problem(description: "\(configuration.host): \(error.description)")
        }
        if configuration.allowsSaving, !address.isLoopback {
            throw PlaygroundConfiguration.Problem(description: "--save: the server would listen on \(configuration.host), not a loopback address; saving edited effects to disk is allowed only when the page is reachable from this machine alone")
        }
        self.configuration = configuration
        let library = PlaygroundLibrary(configuration: configuration)
        self.library = library
        let log = configuration.log
        let limits = ServerLimits(tabs: configuration.maximumTabs)
        let sessions = SessionRegistry(library: library, exports: exports, limit: limits.tabs, log: log)
        self.sessions = sessions
        let (exports, gifWait) = (self.exports, configuration.gifWait)
        listener = HTTPListener(limits: limits, log: log, route: { head in
            Self.route(head, exports: exports, gifWait: gifWait)
        }, serveTab: { socket, reader, _ in
            WebSocketTab.serve(socket: socket, reader: reader, sessions: sessions, limits: limits, log: log)
        })
        let reloads = DispatchQueue(label: "stagehand.serve.reload")
        watcher = PluginWatcher(directories: configuration.pluginDirectories, interval: configuration.watchInterval) {
            reloads.async {
                log("a plugin directory changed: loading the effects again")
                sessions.broadcast(library.reload())
            }
        }
    }

    /// The number of tabs connected now.
    public var sessionCount: Int { sessions.count }

    /// Starts listening (on threads of its own) and returns the port listened on.
    public func start() throws(PlaygroundConfiguration.Problem) -> UInt16 {
        let port: UInt16
        do {
            port = try listener.start(address: address, port: configuration.port)
        } catch {
            throw PlaygroundConfiguration.Problem(description: error.description)
        }
        watcher.start()
        return port
    }

    /// Stops listening and closes every connection.
    public func stop() {
        watcher.stop()
        listener.stop()
    }

    private static func route(_ head: RequestHead, exports: ExportStore, gifWait: Double) -> HTTPListener.Route {
        let path = head.path
        guard head.method == "GET" else {
            return .response(.text(.methodNotAllowed, "\(head.method) \(path): the playground answers GET only", fields: [("Allow", "GET")]))
        }
        switch path {
        case "/":
            return .response(HTTPResponse(.ok, fields: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
                                          body: Data(PlaygroundPage.html.utf8)))
        case "/socket":
            return .webSocket
        case _ where path.hasPrefix("/export/"):
            return .response(export(path, exports: exports, gifWait: gifWait))
        default:
            // A browser's /favicon.ico, a mistyped address.
            return .response(.text(.notFound, "not found: \(head.method) \(path); the playground is at /"))
        }
    }

    private static func export(_ path: String, exports: ExportStore, gifWait: Double) -> HTTPResponse {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count == 3 else { return .text(.notFound, "not found: GET \(path); the playground is at /") }
        let (session, file) = (parts[1], parts[2])
        func found(_ data: Data?, _ type: String) -> HTTPResponse {
            guard let data else {
                return .text(.notFound, "no export for session \(session)")
            }
            return HTTPResponse(.ok, fields: [("Content-Type", type), ("Content-Disposition", "attachment; filename=\"\(file)\"")], body: data)
        }
        switch file {
        case "recording.json": return found(exports.scenario(session: session).map { Data($0.utf8) }, "application/json")
        case "trace.json": return found(exports.trace(session: session), "application/json")
        case "recording.gif":
            switch exports.gif(session: session, within: gifWait) {
            case .made(let data): return found(data, "image/gif")
            case .missing: return found(nil, "image/gif")
            case .making(let frames):
                return .text(.serviceUnavailable, "the GIF of \(frames) frames is still being made: ask again in a moment",
                             fields: [("Retry-After", "2")])
            case .failed(let error):
                return .text(.internalServerError, "the GIF cannot be made: \(error)")
            }
        default: return .text(.notFound, "not found: GET \(path); the playground is at /")
        }
    }
}
