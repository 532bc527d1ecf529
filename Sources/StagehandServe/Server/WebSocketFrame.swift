import Foundation
import Crypto

/// A frame the server sends (RFC 6455, 5.2): final, unmasked, of one opcode.
enum WebSocketFrame {
    static func text(_ text: String) -> [UInt8] { encode(opcode: 1, Array(text.utf8)) }

    static func pong(_ payload: [UInt8]) -> [UInt8] { encode(opcode: 10, payload) }

    /// A close frame: `code` and `reason` (cut to the 123 bytes a control frame leaves
    /// for it, at a character boundary).
    static func close(code: UInt16, reason: String) -> [UInt8] {
        var cut = Substring(reason)
        while cut.utf8.count > 123 { cut.removeLast() }
        return encode(opcode: 8, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(cut.utf8))
    }

    static func encode(opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x80 | opcode]
        out.reserveCapacity(payload.count + 10)
        if payload.count < 126 {
            out.append(UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            out += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            out.append(127)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: payload.count >> shift)) }
        }
        out += payload
        return out
    }

    /// `Sec-WebSocket-Accept` for a client's `Sec-WebSocket-Key` (RFC 6455, 4.2.2): the
    /// SHA-1 of the key and the protocol's GUID, in base 64. (SHA-1 is what the protocol
    /// names; it protects nothing here.)
    static func accept(key: String) -> String {
        Data(Insecure.SHA1.hash(data: Data((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }
}
