import Foundation
import StagehandCore
#if canImport(Glibc)
import Glibc
#endif

/// A tab's side of the WebSocket, as the page speaks it: a plain RFC 6455 client over a
/// TCP socket (Foundation's WebSocket task needs a libcurl built with WebSocket support,
/// which Debian's is not), written from the RFC, separate from the server's library.
/// Blocking reads run on Dispatch's threads, never on the test's task.
///
/// As a browser's network stack does, a thread of its own drains the socket as the
/// server writes, whatever the test is doing: a test's task can wait minutes for a
/// thread on a busy machine, and a server whose writes to a tab block for long enough
/// closes that tab as one that reads nothing.
// @unchecked Sendable: the handshake's buffer is touched only by `init`, the socket
// written only on `writes`; what arrives after the handshake is in `inbox` (locked).
final class PageClient: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32
    private let inbox = Inbox()
    /// Signalled when the draining thread has stopped reading the socket.
    private let drained = DispatchSemaphore(value: 0)
    private let reads = DispatchQueue(label: "page-client.reads")
    private let writes = DispatchQueue(label: "page-client.writes")

    /// Connects and completes the handshake (throws when the server refuses it). On the
    /// test's task: the server is another process, so the short wait for its answer
    /// holds no thread it needs, and the client is made and used on one task (made on
    /// another thread and handed over, ThreadSanitizer took its first use for a race).
    ///
    /// With `drains` false, nothing is read until `startDraining()`: a tab that reads
    /// nothing, whose kernel receive buffer is `receiveBuffer` bytes when given.
    static func connect(port: UInt16, path: String = "/socket", drains: Bool = true,
                        receiveBuffer: Int32? = nil) async throws -> PageClient {
        try PageClient(port: port, path: path, drains: drains, receiveBuffer: receiveBuffer)
    }

    private init(port: UInt16, path: String, drains: Bool, receiveBuffer: Int32?) throws {
        descriptor = try LoopbackSocket.connect(port: port, readTimeout: 20)
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        try write(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n".utf8))
        var head: [UInt8] = []
        while !(head.count >= 4 && Array(head.suffix(4)) == [13, 10, 13, 10]) {
            head.append(try handshakeByte())
        }
        let status = String(decoding: head, as: UTF8.self)
        guard status.hasPrefix("HTTP/1.1 101") else { throw Failure(description: "handshake refused: \(status.prefix(80))") }
        // What came after the head is the first of the messages; the rest is drained.
        inbox.append(readBuffer[readStart..<readEnd])
        readStart = readEnd
        if drains { startDraining() }
    }

    private var drainStarted = false

    /// Starts the thread that reads the socket as the server writes (for a client made
    /// with `drains` false; once).
    func startDraining() {
        drainStarted = true
        let fd = descriptor, inbox = inbox, drained = drained
        DispatchQueue(label: "page-client.drain").async {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = LoopbackSocket.receive(fd, into: &chunk)
                if n > 0 {
                    inbox.append(chunk[0..<n])
                } else if n < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    continue  // the socket's read timeout: nothing sent for a while
                } else {
                    inbox.end(n == 0 ? "the connection closed" : "no data (\(LoopbackSocket.reason()))")
                    break
                }
            }
            drained.signal()
        }
    }

    deinit {
        // The draining thread stops before the descriptor is closed, so it can never
        // read from another socket given the same number.
        shutdown(descriptor, Int32(SHUT_RDWR))
        if drainStarted { drained.wait() }
        Glibc.close(descriptor)
    }

    func send(_ text: String) async throws { try await write(opcode: 1, Array(text.utf8)) }

    func send(_ object: [String: Any]) async throws {
        try await send(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
    }

    func sendBinary(_ data: Data) async throws { try await write(opcode: 2, Array(data)) }

    /// Sends `bytes` as they are: a frame a well-behaved client would never send.
    func sendRaw(_ bytes: [UInt8]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            writes.async {
                continuation.resume(with: Result { try self.write(bytes) })
            }
        }
    }

    /// The next close frame's code and reason, skipping other messages (at most `limit`).
    func closing(limit: Int = 3000) async throws -> (code: Int, reason: String) {
        let message = try await next("close", limit: limit)
        return (message["code"] as? Int ?? 0, message["reason"] as? String ?? "")
    }

    private func write(opcode: UInt8, _ payload: [UInt8]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            writes.async {
                continuation.resume(with: Result { try self.frame(opcode: opcode, payload) })
            }
        }
    }

    /// Sends `payload` as one masked frame, as a client must.
    private func frame(opcode: UInt8, _ payload: [UInt8]) throws {
        var out: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            out.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            out += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            out.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8((payload.count >> shift) & 0xFF)) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        out += mask
        out += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try write(out)
    }

    /// The next message from the server, as a JSON object (`{"type": "close"}` when the
    /// server closes).
    func receive() async throws -> [String: Any] {
        try await withCheckedThrowingContinuation { continuation in
            reads.async {
                continuation.resume(with: Result { try Self.object(self.readIncoming()) })
            }
        }
    }

    /// One message as it came off the wire.
    private enum Incoming {
        case text([UInt8])
        case close(code: Int, reason: String)
    }

    /// The next message, its fragments joined (pings and pongs skipped).
    private func readIncoming() throws -> Incoming {
        var message: [UInt8] = []
        while true {
            let first = try byte(), second = try byte()
            var length = Int(second & 0x7F)
            if length == 126 { length = Int(try byte()) << 8 | Int(try byte()) }
            else if length == 127 { length = 0; for _ in 0..<8 { length = length << 8 | Int(try byte()) } }
            let payload = try bytes(length)
            let opcode = first & 0x0F
            if opcode == 8 {
                let code = payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : 1005
                return .close(code: code, reason: String(decoding: payload.dropFirst(2), as: UTF8.self))
            }
            if opcode == 9 || opcode == 10 { continue }
            message += payload
            if first & 0x80 != 0 { return .text(message) }
        }
    }

    private static func object(_ incoming: Incoming) throws -> [String: Any] {
        switch incoming {
        case .close(let code, let reason): return ["type": "close", "code": code, "reason": reason]
        case .text(let bytes): return (try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]) ?? [:]
        }
    }

    private static let typePrefix = Array(#"{"type":""#.utf8)

    /// A message's type read from its first bytes (every message the server sends begins
    /// `{"type":"…"`), so a message not waited for is skipped unparsed: frames, most of
    /// what comes, carry a whole drawing, and parsing each one (under a sanitizer, on a
    /// loaded machine) can take longer than the stage takes to send the next.
    private static func type(of text: [UInt8]) -> String? {
        guard text.starts(with: typePrefix),
              let end = text[typePrefix.count...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: text[typePrefix.count..<end], as: UTF8.self)
    }

    /// On `reads`: reads until a message of one of `types` that `accept` takes; nil when
    /// `limit` messages came without one or, given a deadline, it passed first.
    private func scan(_ types: Set<String>, limit: Int, until deadline: ContinuousClock.Instant?,
                      accept: ([String: Any]) -> Bool) throws -> [String: Any]? {
        let wanted = types.sorted().joined(separator: " or ")
        for _ in 0..<limit {
            if let deadline, ContinuousClock.now >= deadline { return nil }
            let incoming = try readIncoming()
            switch incoming {
            case .close:
                let message = try Self.object(incoming)
                if types.contains("close") { return message }
                throw Failure(description: "the server closed the socket (\(message["code"] ?? "") \(message["reason"] ?? "")) while waiting for \(wanted)")
            case .text(let bytes):
                if let type = Self.type(of: bytes), !types.contains(type) { continue }
                let message = try Self.object(incoming)
                if let type = message["type"] as? String, types.contains(type), accept(message) { return message }
            }
        }
        return nil
    }

    /// Reads messages until one of `type` satisfying `accept` arrives. The messages are
    /// read in one go on the client's own queue, not one task hop each: a test's task can
    /// wait long for a thread on a busy machine, while the stage goes on sending.
    func next(_ type: String, limit: Int = 3000,
              where accept: @escaping @Sendable ([String: Any]) -> Bool = { _ in true }) async throws -> [String: Any] {
        try await withCheckedThrowingContinuation { continuation in
            reads.async {
                continuation.resume(with: Result {
                    guard let message = try self.scan([type], limit: limit, until: nil, accept: accept) else {
                        throw Failure(description: "no \(type) message within \(limit) messages")
                    }
                    return message
                })
            }
        }
    }

    /// Waits until the transition an operation just sent has ended: a frame showing it
    /// under way (its `percent`), then one without. A busy server can take the operation
    /// a few frames after the test sent it, so a frame's time alone says nothing about
    /// whether it has begun; a finger put down while it runs is not a pop's (as in UIKit,
    /// the navigation bar's pan does not begin during a transition). Should every frame
    /// of the transition be skipped (the page not reading for its whole length), ten
    /// seconds of the stage after the first frame read stand for it.
    func transitionEnded() async throws {
        let first = try await next("frame")["t"] as? Double ?? 0
        _ = try await next("frame") { $0["percent"] is Double || ($0["t"] as? Double ?? 0) >= first + 10 }
        _ = try await next("frame") { !($0["percent"] is Double) }
    }

    /// Reads messages until one whose type is in `types` arrives, for at most `seconds`
    /// of wall time (checked as each message comes: an idle stage still sends two frames
    /// a second); nil when none came in that time.
    func first(of types: Set<String>, within seconds: Double) async throws -> [String: Any]? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        return try await withCheckedThrowingContinuation { continuation in
            reads.async {
                continuation.resume(with: Result { try self.scan(types, limit: .max, until: deadline) { _ in true } })
            }
        }
    }

    /// On the calling thread (one of its own, not a task): sends `text`. For a sequence
    /// whose timing matters, which a task could be kept from for minutes on a busy
    /// machine (the cooperative pool is two threads that other tests block).
    func sendNow(_ text: String) throws {
        try writes.sync { try frame(opcode: 1, Array(text.utf8)) }
    }

    /// On the calling thread: reads messages until one of `type` satisfying `accept`.
    func nextNow(_ type: String, limit: Int = 3000, where accept: ([String: Any]) -> Bool = { _ in true }) throws -> [String: Any] {
        try reads.sync {
            guard let message = try scan([type], limit: limit, until: nil, accept: accept) else {
                throw Failure(description: "no \(type) message within \(limit) messages")
            }
            return message
        }
    }

    /// Runs `body` on a thread of its own and returns what it returns.
    static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "page-client.drain").async { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Drops the connection without a closing handshake, as a crashed or closed tab does.
    func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    private func write(_ bytes: [UInt8]) throws {
        if let problem = LoopbackSocket.send(descriptor, bytes[...]) {
            throw Failure(description: "the connection closed while sending (\(problem))")
        }
    }

    private var readBuffer = [UInt8](repeating: 0, count: 65536)
    private var readStart = 0, readEnd = 0

    /// The next byte from the server, waiting up to 20 s for one (the draining thread
    /// reads the socket; this reads what it kept).
    private func byte() throws -> UInt8 {
        if readStart == readEnd { try refill() }
        defer { readStart += 1 }
        return readBuffer[readStart]
    }

    /// The next `count` bytes from the server, taken a block at a time.
    private func bytes(_ count: Int) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            if readStart == readEnd { try refill() }
            let n = min(count - out.count, readEnd - readStart)
            out.append(contentsOf: readBuffer[readStart..<readStart + n])
            readStart += n
        }
        return out
    }

    /// Takes what the draining thread kept, waiting up to 20 s for something.
    private func refill() throws {
        guard let bytes = inbox.take(within: 20) else {
            throw Failure(description: inbox.ending ?? "no data (the read timeout is 20 s)")
        }
        readBuffer = bytes
        readStart = 0
        readEnd = bytes.count
    }

    /// During the handshake, before the draining thread starts: reads the socket itself.
    private func handshakeByte() throws -> UInt8 {
        if readStart == readEnd {
            let n = LoopbackSocket.receive(descriptor, into: &readBuffer)
            guard n > 0 else { throw Failure(description: n == 0 ? "the connection closed" : "no data (\(LoopbackSocket.reason()); the read timeout is 20 s)") }
            readStart = 0
            readEnd = n
        }
        defer { readStart += 1 }
        return readBuffer[readStart]
    }
}

/// The bytes the draining thread has read and the reader has not yet taken, and how the
/// connection ended, if it has.
private final class Inbox: Sendable {
    private struct State {
        var bytes: [UInt8] = []
        var ending: String?
    }

    private let state = Locked(State())
    private let arrived = DispatchSemaphore(value: 0)

    func append(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        state.withLock { $0.bytes.append(contentsOf: bytes) }
        arrived.signal()
    }

    func end(_ reason: String) {
        state.withLock { $0.ending = reason }
        arrived.signal()
    }

    var ending: String? { state.withLock { $0.ending } }

    /// Everything kept so far, waiting up to `seconds` for something; nil when nothing
    /// came (or the connection ended with nothing left).
    func take(within seconds: Double) -> [UInt8]? {
        let deadline = DispatchTime.now() + seconds
        while true {
            let (bytes, ended) = state.withLock { state -> ([UInt8], Bool) in
                defer { state.bytes = [] }
                return (state.bytes, state.ending != nil)
            }
            if !bytes.isEmpty { return bytes }
            if ended { return nil }
            if arrived.wait(timeout: deadline) == .timedOut { return nil }
        }
    }
}
