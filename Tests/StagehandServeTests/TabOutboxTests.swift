import Testing
@testable import StagehandServe

/// What waits for a tab that does not read: one frame at most, the other messages in
/// order up to a limit, after which the tab is closed.
struct TabOutboxTests {
    static func frame(_ index: Int) -> ServerMessage {
        .frame(index: index, time: Double(index) / 60, percent: nil, interactive: false, drawing: "{}", acknowledged: nil)
    }

    @Test func aTabThatDoesNotReadHoldsOnlyTheLatestFrame() {
        let outbox = TabOutbox()
        outbox.post(.error("first"))
        for index in 0..<240 { outbox.post(Self.frame(index)) }
        outbox.post(.notice("second"))
        #expect(outbox.waiting.messages == 3)
        #expect(outbox.waiting.frames == 1)
        #expect(outbox.droppedFrames == 239)
        // In order: the error, the latest frame (posted before the notice), the notice.
        #expect(outbox.next() == .bytes(WebSocketFrame.text(ServerMessage.error("first").text)))
        #expect(outbox.next() == .bytes(WebSocketFrame.text(Self.frame(239).text)))
        #expect(outbox.next() == .bytes(WebSocketFrame.text(ServerMessage.notice("second").text)))
        #expect(outbox.waiting.messages == 0)
    }

    @Test func pastTheMessageLimitTheTabIsClosed() {
        let outbox = TabOutbox()
        for index in 0..<TabOutbox.messageLimit { outbox.post(.error("\(index)")) }
        #expect(outbox.waiting.messages == TabOutbox.messageLimit)
        outbox.post(.error("one too many"))
        #expect(outbox.next() == .close(WebSocketFrame.close(code: 1008, reason: "the page did not read its last 64 messages: closed")))
        #expect(outbox.next() == nil)
        outbox.post(.error("after the close"))
        #expect(outbox.waiting.messages == 0)
    }

    /// A ping flood from a page that reads nothing: the pongs count as messages.
    @Test func pongsCountAgainstTheMessageLimit() {
        let outbox = TabOutbox()
        for _ in 0..<TabOutbox.messageLimit { outbox.postControl(WebSocketFrame.pong([1])) }
        outbox.postControl(WebSocketFrame.pong([1]))
        #expect(outbox.next() == .close(WebSocketFrame.close(code: 1008, reason: "the page did not read its last 64 messages: closed")))
    }
}
