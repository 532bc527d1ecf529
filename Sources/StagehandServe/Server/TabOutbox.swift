import Foundation
import StagehandCore

/// What waits to be written to one tab, bounded whatever the page does: at most one
/// frame (a newer frame replaces the one not yet written: a tab needs only the latest
/// picture) and at most `messageLimit` other messages (the catalog, errors, notices),
/// past which the tab is closed as not reading. Filled by the session's queue, emptied
/// by the tab's writer thread.
final class TabOutbox: Sendable {
    /// Messages other than frames that may wait for a page that does not read.
    static let messageLimit = 64

    enum Item: Equatable {
        /// An encoded WebSocket frame (a text message, a pong).
        case bytes([UInt8])
        /// The last frame: a close frame, after which nothing is written.
        case close([UInt8])
    }

    private struct State {
        /// Encoded messages in order; `frameAt` marks the one stage frame among them.
        var queue: [[UInt8]] = []
        var frameAt: Int?
        /// Whether the writer has taken a frame and not yet finished writing it.
        var frameInFlight = false
        var close: [UInt8]?
        var finished = false
        var droppedFrames = 0
    }

    private let state = Locked(State())
    private let ready = DispatchSemaphore(value: 0)
    private let frameWritten = Locked<(@Sendable () -> Void)?>(nil)

    /// Called (on the writer's thread) each time a frame has been written to the page.
    func onFrameWritten(_ action: @escaping @Sendable () -> Void) {
        frameWritten.withLock { $0 = action }
    }

    /// Queues a message; a frame replaces the frame still waiting (which is counted as
    /// dropped). Past `messageLimit` waiting messages the tab is closed (1008).
    func post(_ message: ServerMessage) {
        let isFrame: Bool
        if case .frame = message { isFrame = true } else { isFrame = false }
        enqueue(WebSocketFrame.text(message.text), isFrame: isFrame)
    }

    private func enqueue(_ bytes: [UInt8], isFrame: Bool) {
        let overflow = state.withLock { state -> Bool in
            guard !state.finished, state.close == nil else { return false }
            if isFrame {
                if let at = state.frameAt {
                    state.queue.remove(at: at)
                    state.droppedFrames += 1
                }
                state.frameAt = state.queue.count
            } else if state.queue.count - (state.frameAt == nil ? 0 : 1) >= Self.messageLimit {
                return true
            }
            state.queue.append(bytes)
            return false
        }
        if overflow {
            close(code: 1008, reason: "the page did not read its last \(Self.messageLimit) messages: closed")
        } else {
            ready.signal()
        }
    }

    /// Queues a control frame (a pong), counted against `messageLimit` like a message.
    func postControl(_ bytes: [UInt8]) {
        enqueue(bytes, isFrame: false)
    }

    /// Ends the conversation: the close frame is written next (what is still queued is
    /// dropped), then nothing more.
    func close(code: UInt16, reason: String) {
        let first = state.withLock { state -> Bool in
            guard !state.finished, state.close == nil else { return false }
            state.close = WebSocketFrame.close(code: code, reason: reason)
            return true
        }
        if first { ready.signal() }
    }

    /// Ends the conversation without a close frame (the connection is gone).
    func finish() {
        state.withLock { $0.finished = true }
        ready.signal()
    }

    /// The next item to write, waiting for one; nil once finished (or closed).
    func next() -> Item? {
        while true {
            let item = state.withLock { state -> Item?? in
                if state.finished { return .some(nil) }
                if let close = state.close {
                    state.finished = true
                    state.queue = []
                    return .some(.close(close))
                }
                guard !state.queue.isEmpty else { return nil }
                let bytes = state.queue.removeFirst()
                if let at = state.frameAt {
                    state.frameAt = at == 0 ? nil : at - 1
                    state.frameInFlight = at == 0
                }
                return .some(.bytes(bytes))
            }
            if let item { return item }
            ready.wait()
        }
    }

    /// The writer finished writing what `next` gave it.
    func wrote() {
        let wasFrame = state.withLock { state -> Bool in
            defer { state.frameInFlight = false }
            return state.frameInFlight
        }
        if wasFrame, let action = frameWritten.withLock({ $0 }) { action() }
    }

    /// Whether a frame is still waiting or being written: the session then does not
    /// draw the next one (the page would not read it before a later one replaced it),
    /// so a tab that reads slowly costs the server its stage's steps, not its drawings.
    var holdsFrame: Bool {
        state.withLock { $0.frameAt != nil || $0.frameInFlight }
    }

    /// How many messages wait now, and how many of them are frames (0 or 1).
    var waiting: (messages: Int, frames: Int) {
        state.withLock { ($0.queue.count, $0.frameAt == nil ? 0 : 1) }
    }

    /// The frames replaced before they were written, since the tab opened.
    var droppedFrames: Int { state.withLock { $0.droppedFrames } }
}
