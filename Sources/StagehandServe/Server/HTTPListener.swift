import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The server's HTTP/1.1 side: accepts connections on one thread and serves each on a
/// thread of its own with blocking reads, so a slow or hostile client ties up its own
/// thread and nothing else; every tab's stage runs on its session's queue meanwhile.
///
/// Request heads are read by `RequestHeadParser` (linear time, refused past 8 KiB a
/// line the moment the 8 KiB are in); requests have no body (the playground has only
/// GETs); `/socket` becomes a tab (`WebSocketTab`).
final class HTTPListener: Sendable {
    /// What a request gets.
    enum Route: Sendable {
        case response(HTTPResponse)
        /// The tab's WebSocket: the handshake is checked and the tab served.
        case webSocket
    }

    private struct State {
        var descriptor: Int32 = -1
        var stopped = false
        var open: [ObjectIdentifier: ConnectionSocket] = [:]
        var answering = 0
    }

    let limits: ServerLimits
    private let route: @Sendable (RequestHead) -> Route
    private let serveTab: @Sendable (ConnectionSocket, SocketReader, RequestHead) -> Void
    private let log: @Sendable (String) -> Void
    private let state = Mutex(State())

    init(limits: ServerLimits, log: @escaping @Sendable (String) -> Void, route: @escaping @Sendable (RequestHead) -> Route,
         serveTab: @escaping @Sendable (ConnectionSocket, SocketReader, RequestHead) -> Void) {
        self.limits = limits
        self.log = log
        self.route = route
        self.serveTab = serveTab
    }

    /// Listens on `address` and starts accepting; returns the port.
    func start(address: ListenAddress, port: UInt16) throws(ListenAddress.Problem) -> UInt16 {
        let (descriptor, chosen) = try address.listen(port: port)
        state.withLock { $0.descriptor = descriptor }
        let thread = Thread { [self] in acceptLoop(descriptor) }
        thread.name = "stagehand.serve.accept"
        thread.start()
        return chosen
    }

    /// Stops accepting and ends every connection.
    func stop() {
        let (descriptor, open) = state.withLock { state in
            state.stopped = true
            return (state.descriptor, Array(state.open.values))
        }
        if descriptor >= 0 { Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
        for socket in open { socket.shutDown() }
    }

    private func acceptLoop(_ descriptor: Int32) {
        while true {
            let client = accept(descriptor, nil, nil)
            if state.withLock({ $0.stopped }) {
                if client >= 0 { Glibc.close(client) }
                break
            }
            guard client >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                // Out of descriptors (EMFILE) or memory: wait for connections to end.
                log("cannot accept a connection: \(String(cString: strerror(errno)))")
                usleep(100_000)
                continue
            }
            let socket = ConnectionSocket(descriptor: client)
            let admitted = state.withLock { state -> Bool in
                guard state.answering < limits.connections else { return false }
                state.answering += 1
                state.open[ObjectIdentifier(socket)] = socket
                return true
            }
            guard admitted else {
                // Answered from here: a write of a few bytes into an empty socket buffer.
                try? socket.write(HTTPResponse.text(.serviceUnavailable, "more than \(limits.connections) requests at once: try again").encoded(closing: true))
                socket.release()
                continue
            }
            let thread = Thread { [self] in
                serve(socket)
                state.withLock { state in
                    state.open[ObjectIdentifier(socket)] = nil
                }
                socket.release()
            }
            thread.name = "stagehand.serve.connection"
            thread.start()
        }
        Glibc.close(descriptor)
    }

    /// Answers requests on one connection until it closes, is idle too long, sends
    /// something refused, or becomes a tab.
    private func serve(_ socket: ConnectionSocket) {
        let reader = SocketReader(socket: socket)
        var answering = true
        defer { if answering { state.withLock { $0.answering -= 1 } } }
        var first = true
        while true {
            let head: RequestHead
            switch readHead(reader, waiting: first ? limits.headSeconds : limits.idleSeconds) {
            case .head(let read): head = read
            case .gone: return
            case .refused(let status, let message):
                log("refused a request (\(status.rawValue)): \(message)")
                return answerAndClose(socket, reader, .text(status, message))
            }
            first = false
            if let problem = Self.bodyProblem(head) {
                return answerAndClose(socket, reader, problem)
            }
            switch route(head) {
            case .response(let response):
                let closing = !head.keepsAlive
                do { try socket.write(response.encoded(closing: closing)) } catch { return }
                if closing { return answerAndClose(socket, reader, nil) }
            case .webSocket:
                guard let key = Self.handshakeKey(head) else {
                    return answerAndClose(socket, reader, .text(.badRequest, "/socket is a WebSocket: expected a WebSocket handshake (version 13)", fields: [("Sec-WebSocket-Version", "13")]))
                }
                let accept = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(WebSocketFrame.accept(key: key))\r\n\r\n"
                do { try socket.write(Array(accept.utf8)) } catch { return }
                // A tab is bounded by the tab limit, not by the connection limit.
                state.withLock { $0.answering -= 1 }
                answering = false
                socket.setSendTimeout(limits.sendSeconds)
                return serveTab(socket, reader, head)
            }
        }
    }

    private enum HeadRead {
        case head(RequestHead)
        case gone
        case refused(HTTPStatus, String)
    }

    private func readHead(_ reader: SocketReader, waiting: Double) -> HeadRead {
        var parser = RequestHeadParser()
        let deadline = Date().addingTimeInterval(waiting)
        var started = false
        while true {
            let pending = reader.pending
            if !pending.isEmpty {
                started = true
                do {
                    switch try parser.feed(pending) {
                    case .needMore:
                        reader.take(pending.count)
                    case .complete(let head, let leftover):
                        reader.take(pending.count - leftover)
                        return .head(head)
                    }
                } catch {
                    return .refused(error.status, error.message)
                }
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                return started ? .refused(.requestTimeout, "request head not complete after \(Int(waiting)) s: refused") : .gone
            }
            do {
                if try !reader.fill(timeout: left) { continue }
            } catch {
                return .gone
            }
        }
    }

    /// A request with a body is refused: the playground's requests are GETs.
    private static func bodyProblem(_ head: RequestHead) -> HTTPResponse? {
        if head.field("Transfer-Encoding") != nil {
            return .text(.notImplemented, "request bodies are not taken: the playground answers GET only")
        }
        if let length = head.field("Content-Length"), length != "0" {
            return .text(.payloadTooLarge, "request bodies are not taken: the playground answers GET only")
        }
        return nil
    }

    /// The client's key, when `head` is a WebSocket handshake this server speaks.
    private static func handshakeKey(_ head: RequestHead) -> String? {
        guard head.method == "GET", head.field("Upgrade", includes: "websocket"), head.field("Connection", includes: "upgrade"),
              head.field("Sec-WebSocket-Version") == "13", let key = head.field("Sec-WebSocket-Key"),
              Data(base64Encoded: key)?.count == 16 else { return nil }
        return key
    }

    /// Writes `response` (if any) and closes the connection so the client reads it: the
    /// sending side is shut first, and what the client still sends is read and dropped
    /// for up to a second (closing with unread input would reset the connection, and
    /// the client could lose the answer).
    private func answerAndClose(_ socket: ConnectionSocket, _ reader: SocketReader, _ response: HTTPResponse?) {
        if let response { try? socket.write(response.encoded(closing: true)) }
        Self.linger(socket, reader)
    }

    static func linger(_ socket: ConnectionSocket, _ reader: SocketReader) {
        socket.shutDownWriting()
        let deadline = Date().addingTimeInterval(1)
        while deadline.timeIntervalSinceNow > 0 {
            reader.take(reader.pending.count)
            do { _ = try reader.fill(timeout: deadline.timeIntervalSinceNow) } catch { return }
        }
    }
}
