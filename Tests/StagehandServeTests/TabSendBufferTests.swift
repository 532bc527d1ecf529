import Foundation
import Testing
@testable import StagehandServe

/// A tab that reads nothing must stop costing the server soon: the kernel takes only a
/// few of its frames before the tab's writer blocks and its stage pauses. (Left to grow,
/// the send buffer took in a second of explode's frames, and 31 such tabs kept a reading
/// tab under 40 frames a second.)
@Suite struct TabSendBufferTests {
    // A sanitized server steps explode so slowly that the stage may not pause within the
    // 30 s after which a tab whose writes block is closed; the buffer is not what the
    // sanitizer looks for.
    @Test(.disabled(if: TestServer.sanitized, "a sanitized server's stage can take longer to pause than the 30 s a blocked tab is kept"))
    func aTabThatReadsNothingIsSentOnlyAFewFramesBeforeItsStagePauses() async throws {
        let server = try await TestServer()
        defer { Task { await server.stop() } }
        // A small receive buffer on the page's side, so what arrives is what the
        // server's side held.
        let page = try await PageClient.connect(port: server.port, drains: false, receiveBuffer: 16 << 10)
        // Five seconds of tiles flying: the stage keeps moving until it pauses.
        try page.sendNow(#"{"type":"select","effect":"explode","parameters":{"duration":5}}"#)
        try page.sendNow(#"{"type":"operation","name":"push"}"#)
        // The stage fills what the kernel takes, then pauses (half a second later at 60
        // frames a second; longer on a loaded machine) and the server says so.
        let paused: Bool = try await PageClient.onOwnThread { [server] in
            let deadline = Date().addingTimeInterval(300)
            while Date() < deadline {
                if server.log.contains(where: { $0.contains(": paused: the page read no frame") }) { return true }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return false
        }
        try #require(paused, "the stage never paused: \(server.log)")
        page.startDraining()
        let gap = PlaygroundSession.pauseAfterUnreadTicks / 2
        let indices: [Int] = try await PageClient.onOwnThread { [page] in
            var seen: [Int] = []
            while seen.count < 200 {
                seen.append(try page.nextNow("frame")["index"] as? Int ?? -1)
                // The pause shows as a jump: the stage stepped, unsent, until it paused.
                if seen.count > 1, seen[seen.count - 1] - seen[seen.count - 2] > gap { break }
            }
            return seen
        }
        let jump = try #require(indices.indices.dropFirst().first { indices[$0] - indices[$0 - 1] > gap }, "no pause in \(indices)")
        // The frames sent in a row before the pause.
        var first = jump - 1
        while first > 0, indices[first] - indices[first - 1] == 1 { first -= 1 }
        let run = jump - first
        #expect(run <= 12, "\(run) frames sent to a tab that read none: \(indices)")
    }
}
