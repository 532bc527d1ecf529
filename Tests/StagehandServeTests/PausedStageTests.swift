import Foundation
import StagehandCore
import StagehandHost
import StagehandTestSupport
import Testing
@testable import StagehandServe

/// A tab whose page reads no frame for half a second pauses its stage until the page
/// reads one, so tabs that read nothing cost the server nothing.
@Suite(.ownThread) struct PausedStageTests {
    /// The frames a session sent, by index, and a way to wait for the next one (on the
    /// calling thread: the session runs on its own queue).
    final class SentFrames: Sendable {
        private let indices = Locked<[Int]>([])
        private let arrived = DispatchSemaphore(value: 0)

        func add(_ index: Int) {
            indices.withLock { $0.append(index) }
            arrived.signal()
        }

        var count: Int { indices.withLock { $0.count } }

        /// The index of the frame after the first `seen`, waiting up to `seconds` for it.
        func index(after seen: Int, within seconds: Double) -> Int? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let index = indices.withLock({ $0.count > seen ? $0[seen] : nil }) { return index }
                _ = arrived.wait(timeout: .now() + 0.1)
            }
            return nil
        }
    }

    static func library() -> PlaygroundLibrary {
        let library = ProtocolTests.library
        return PlaygroundLibrary(configuration: PlaygroundConfiguration(load: { _ in (library, []) }, log: { _ in },
                                                                       temporaryDirectory: NSTemporaryDirectory()))
    }

    @Test func aStageWhosePageReadsNothingPausesUntilItReadsAFrame() async throws {
        let backlogged = Locked(false)
        let sent = SentFrames()
        // The page "reads nothing" from the moment the first frame is sent: set on the
        // session's own queue, so no tick passes between the two.
        let session = PlaygroundSession(id: "paused", library: Self.library(), exports: ExportStore(), send: { message in
            guard case .frame(let index, _, _, _, _, _) = message else { return }
            backlogged.withLock { $0 = true }
            sent.add(index)
        }, isBacklogged: { backlogged.withLock { $0 } }, log: { _ in })
        session.start()
        defer { session.close() }
        let first = try #require(await Self.onAThread { sent.index(after: 0, within: 120) }, "no first frame")
        // Three seconds of wall time: 180 ticks of a running stage.
        try await Task.sleep(for: .seconds(3))
        #expect(sent.count == 1, "frames were sent to a page that read none")
        backlogged.withLock { $0 = false }
        session.pageReadAFrame()
        let next = try #require(await Self.onAThread { sent.index(after: 1, within: 120) }, "the stage did not go on once the page read")
        // The stage stepped only until it paused, then went on from there.
        #expect(next > first)
        #expect(next - first <= PlaygroundSession.pauseAfterUnreadTicks + 2, "from \(first) to \(next)")
    }

    /// The outbox says when a frame (not another message) has been written.
    @Test func theOutboxSaysWhenAFrameHasBeenWritten() {
        let outbox = TabOutbox()
        let written = Locked(0)
        outbox.onFrameWritten { written.withLock { $0 += 1 } }
        outbox.post(.notice("not a frame"))
        _ = outbox.next()
        outbox.wrote()
        #expect(written.withLock { $0 } == 0)
        outbox.post(TabOutboxTests.frame(1))
        #expect(outbox.holdsFrame)
        _ = outbox.next()
        #expect(outbox.holdsFrame)
        outbox.wrote()
        #expect(!outbox.holdsFrame)
        #expect(written.withLock { $0 } == 1)
    }

    static func onAThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}
