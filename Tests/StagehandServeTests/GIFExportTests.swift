import Foundation
import StagehandCore
import StagehandRender
import StagehandTrace
import StagehandTestSupport
import Testing
@testable import StagehandServe

/// A GIF is made off the server's tasks, once per export, and belongs to that export: a
/// session that exports again while its last GIF is being made is never served the old
/// one, and a request that outwaits the making is told to ask again (never a bare 500).
@Suite(.ownThread) struct GIFExportTests {
    /// A trace told apart by its screen (the injected render writes the screen).
    static func trace(_ side: Double) -> Trace {
        Trace(fps: 60, screen: [side, side], frames: [], events: [])
    }

    /// A render that writes the trace's screen, held until `gate` opens for `held` traces.
    final class GatedRender: Sendable {
        let gate = DispatchSemaphore(value: 0)
        let held: Double
        private let count = Locked(0)
        var calls: Int { count.withLock { $0 } }

        init(holding side: Double) { held = side }

        var render: GIFMaking.Render {
            { [self] trace in
                count.withLock { $0 += 1 }
                if trace.screen.first == held { gate.wait() }
                return .success(Data("screen \(trace.screen)".utf8))
            }
        }
    }

    @Test func aGIFStillBeingMadeForAnEarlierExportIsNeverServedForALaterOne() async throws {
        let gated = GatedRender(holding: 1)
        let store = ExportStore(render: gated.render)
        _ = store.store(session: "s", scenario: "first", trace: Self.trace(1))
        guard case .making = store.gif(session: "s", within: 0) else {
            Issue.record("the held GIF was answered as made")
            return
        }
        _ = store.store(session: "s", scenario: "second", trace: Self.trace(2))
        guard case .made(let second) = store.gif(session: "s", within: Self.patience) else {
            Issue.record("the second export's GIF was not made")
            return
        }
        #expect(String(decoding: second, as: UTF8.self) == "screen [2.0, 2.0]")
        // The first export's GIF ends now: it must not replace the second's.
        gated.gate.signal()
        try await Task.sleep(for: .milliseconds(50))
        guard case .made(let again) = store.gif(session: "s", within: Self.patience) else {
            Issue.record("the second export's GIF was lost")
            return
        }
        #expect(String(decoding: again, as: UTF8.self) == "screen [2.0, 2.0]")
        #expect(gated.calls == 2)
    }

    /// How long a request here waits for a GIF: the making runs on a Dispatch thread,
    /// which on a machine loaded by every other test (under a sanitizer, with threads
    /// blocked by other tests) can be slow to come; only the answer is checked.
    static let patience = 180.0

    static func onAThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }

    @Test func requestsForOneExportShareOneMakingAndAFailureIsSaid() async throws {
        let gated = GatedRender(holding: 3)
        let store = ExportStore(render: gated.render)
        _ = store.store(session: "s", scenario: "x", trace: Self.trace(3))
        // Each request waits on a thread of its own, as the server's requests do.
        async let a = Self.onAThread { store.gif(session: "s", within: Self.patience) }
        async let b = Self.onAThread { store.gif(session: "s", within: Self.patience) }
        try await Task.sleep(for: .milliseconds(100))
        gated.gate.signal()
        for answer in await [a, b] {
            guard case .made(let data) = answer else { Issue.record("not made: \(answer)"); continue }
            #expect(String(decoding: data, as: UTF8.self) == "screen [3.0, 3.0]")
        }
        #expect(gated.calls == 1)
        guard case .missing = store.gif(session: "other", within: 1) else { Issue.record("an unknown session has a GIF"); return }

        let failing = ExportStore(render: { _ in .failure(RenderError("no frames here")) })
        _ = failing.store(session: "s", scenario: "x", trace: Self.trace(1))
        guard case .failed(let error) = failing.gif(session: "s", within: Self.patience) else { Issue.record("a failure was not said"); return }
        #expect(error.message == "no frames here")
    }

    /// Through the server: with no wait, the first request is told the GIF is being made
    /// (503, with a reason), and asking again gets it. Not under a sanitizer: a sanitized
    /// debug server takes minutes to paint and encode a whole GIF, and the making itself
    /// runs in this process in the tests above, where the sanitizer sees it.
    @Test(.disabled(if: TestServer.sanitized, "a sanitized server takes minutes to make a GIF; the making is checked in process above"))
    func aGIFNotMadeYetIsAnsweredAskAgainThenServed() async throws {
        let server = try await TestServer(gifWait: 0)
        let page = try await server.page()
        _ = try await page.next("selected")
        // The recording starts again at `select`, and is exported a few frames later, on a
        // thread of this test's own: its length (and so the GIF's making) does not depend
        // on how long this test's task waited for a thread (on a busy machine, minutes,
        // while the stage records).
        let port = server.port
        let (path, frames, first) = try await PageClient.onOwnThread { () throws -> (String, Int, (status: Int, body: Data)) in
            try page.sendNow(#"{"type": "select", "effect": null}"#)
            _ = try page.nextNow("selected")
            _ = try page.nextNow("frame") { ($0["t"] as? Double ?? 0) >= 0.2 }
            try page.sendNow(#"{"type": "export"}"#)
            let exported = try page.nextNow("exported")
            guard let path = exported["gif"] as? String else { throw PageClient.Failure(description: "no gif in \(exported)") }
            return (path, exported["frames"] as? Int ?? -1, try HTTPGet.fetchBlocking(port: port, path: path))
        }
        #expect(frames > 0 && frames < 600, "the exported recording has \(frames) frames")
        #expect(first.status == 503)
        #expect(String(decoding: first.body, as: UTF8.self).contains("is still being made: ask again"))
        var answer = first
        // Patient: on a busy machine the GIF can take a while; the answer is what counts.
        let deadline = Date().addingTimeInterval(300)
        while answer.status == 503 && Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            answer = try await HTTPGet.response(port: server.port, path: path)
        }
        #expect(answer.status == 200)
        #expect(answer.body.starts(with: Data("GIF89a".utf8)))
        page.close()
        await server.stop()
    }
}
