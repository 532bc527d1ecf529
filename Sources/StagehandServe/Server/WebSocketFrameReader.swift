/// Reads a tab's WebSocket messages as RFC 6455 says a server must, refusing from the
/// frame's header what it will not take: a frame that declares more than the message
/// limit is refused before its payload is read (a gigabyte declared costs nothing), and
/// a frame a client must not send (unmasked, with reserved bits set, of an unknown
/// opcode, a control frame fragmented or over 125 bytes, a continuation of nothing)
/// fails the connection with 1002 (protocol error), as section 5 requires.
struct WebSocketFrameReader {
    enum Message: Equatable {
        case text(String)
        /// A binary message: only its size matters (it is refused).
        case binary(count: Int)
        case ping([UInt8])
        /// The client's close frame: its code (nil when it gave none) and reason.
        case close(code: UInt16?, reason: String)
    }

    /// Why the connection is failed: the close code and reason sent to the client.
    struct Failure: Error, Equatable {
        var code: UInt16
        var reason: String

        static func protocolError(_ reason: String) -> Failure { Failure(code: 1002, reason: reason) }
    }

    enum Problem: Error {
        case failed(Failure)
        case closed
    }

    /// The largest message taken, in bytes.
    let limit: Int
    private let reader: SocketReader
    /// The opcode and payload of a fragmented message in progress.
    private var partial: (opcode: UInt8, payload: [UInt8])?

    init(reader: SocketReader, limit: Int) {
        self.reader = reader
        self.limit = limit
    }

    /// The next message (pongs are skipped).
    mutating func next() throws(Problem) -> Message {
        do {
            while true {
                if let message = try frame() { return message }
            }
        } catch let failure as Failure {
            throw .failed(failure)
        } catch {
            throw .closed
        }
    }

    /// One frame: the message it completes, or nil.
    private mutating func frame() throws -> Message? {
        let first = try reader.byte(), second = try reader.byte()
        let final = first & 0x80 != 0
        let opcode = first & 0x0F
        guard first & 0x70 == 0 else {
            throw Failure.protocolError("reserved bits set in a frame: no extension was agreed")
        }
        guard second & 0x80 != 0 else {
            throw Failure.protocolError("unmasked frame: a client must mask every frame")
        }
        guard [0, 1, 2, 8, 9, 10].contains(opcode) else {
            throw Failure.protocolError("unknown opcode \(opcode)")
        }
        var length = UInt64(second & 0x7F)
        if length == 126 {
            length = try reader.bytes(2).reduce(0) { $0 << 8 | UInt64($1) }
        } else if length == 127 {
            length = try reader.bytes(8).reduce(0) { $0 << 8 | UInt64($1) }
            guard length >> 63 == 0 else { throw Failure.protocolError("frame length with its most significant bit set") }
        }
        let isControl = opcode >= 8
        if isControl {
            guard final, length <= 125 else {
                throw Failure.protocolError("control frame fragmented or longer than 125 bytes")
            }
        } else {
            if opcode == 0, partial == nil { throw Failure.protocolError("continuation frame with no message to continue") }
            if opcode != 0, partial != nil { throw Failure.protocolError("new message before the last one's final frame") }
            let sofar = UInt64(partial?.payload.count ?? 0)
            if length > UInt64(limit) - min(sofar, UInt64(limit)) {
                let size = sofar == 0 ? "message of \(length) bytes" : "message of more than \(UInt64(limit)) bytes"
                throw Failure(code: 1009, reason: "\(size) refused: at most \(limit)")
            }
        }
        let mask = try reader.bytes(4)
        var payload = try reader.bytes(Int(length))
        for index in payload.indices { payload[index] ^= mask[index & 3] }
        switch opcode {
        case 8:
            guard payload.count != 1 else { throw Failure.protocolError("close frame of 1 byte") }
            guard payload.count >= 2 else { return .close(code: nil, reason: "") }
            let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
            return .close(code: code, reason: String(decoding: payload[2...], as: UTF8.self))
        case 9: return .ping(payload)
        case 10: return nil
        default:
            var message = partial ?? (opcode, [])
            message.payload += payload
            guard final else {
                partial = message
                return nil
            }
            partial = nil
            if message.opcode == 2 { return .binary(count: message.payload.count) }
            guard let text = String(validating: message.payload, as: UTF8.self) else {
                throw Failure(code: 1007, reason: "text message that is not UTF-8")
            }
            return .text(text)
        }
    }
}
