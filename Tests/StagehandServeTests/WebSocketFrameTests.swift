import Foundation
import Testing
@testable import StagehandServe

/// The frames and the handshake value the server writes, against RFC 6455's own examples.
@Suite struct WebSocketFrameTests {
    /// RFC 6455, 1.3: the key "dGhlIHNhbXBsZSBub25jZQ==" is answered
    /// "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=".
    @Test func theAcceptValueIsTheRFCsExample() {
        #expect(WebSocketFrame.accept(key: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    /// RFC 6455, 5.7: an unmasked text frame "Hello" is 0x81 0x05 then the bytes.
    @Test func aShortTextFrameIsTheRFCsExample() {
        #expect(WebSocketFrame.text("Hello") == [0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f])
    }

    /// Payloads of 126 bytes and more carry a 16-bit length, of 65,536 and more a 64-bit one.
    @Test func longPayloadsCarryTheirExtendedLength() {
        let medium = WebSocketFrame.text(String(repeating: "a", count: 300))
        #expect(Array(medium.prefix(4)) == [0x81, 126, 0x01, 0x2c])
        #expect(medium.count == 4 + 300)
        let long = WebSocketFrame.text(String(repeating: "a", count: 70_000))
        #expect(Array(long.prefix(10)) == [0x81, 127, 0, 0, 0, 0, 0, 0x01, 0x11, 0x70])
        #expect(long.count == 10 + 70_000)
    }
}
