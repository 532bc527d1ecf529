import Foundation
import StagehandTestSupport
import Testing
import StagehandShared
@testable import StagehandServe
#if canImport(Glibc)
import Glibc
#endif

/// The listener's own bounds, with limits small enough to reach: a head that never
/// completes (408), more connections at once than allowed (503), a port already taken
/// (a clear error before anything is served). The listener runs in this process on its
/// own threads (not Swift's cooperative pool), so the suites beside it cannot starve it.
@Suite(.serialized, .ownThread) struct ListenerLimitsTests {
    /// A listener answering every request with "hello", its log lines kept.
    final class Listening: Sendable {
        let listener: HTTPListener
        let port: UInt16
        private let lines: Locked<[String]>
        var log: [String] { lines.withLock { $0 } }

        init(_ limits: ServerLimits) throws {
            let lines = Locked<[String]>([])
            self.lines = lines
            listener = HTTPListener(limits: limits, log: { line in lines.withLock { $0.append(line) } },
                                    route: { _ in .response(.text(.ok, "hello")) }, serveTab: { _, _, _ in })
            port = try listener.start(address: ListenAddress("127.0.0.1"), port: 0)
        }

        deinit { listener.stop() }
    }

    static let request = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)

    /// A head begun and never finished is answered 408 once `headSeconds` have passed,
    /// and the listener says so in its log; a connection that sends nothing at all is
    /// closed without an answer.
    @Test func aHeadNeverFinishedIsAnswered408() async throws {
        var limits = ServerLimits()
        limits.headSeconds = 1
        let server = try Listening(limits)
        let answer = try await RawHTTP.send(port: server.port, Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow:".utf8))
        #expect(answer.status == 408, "\(answer)")
        #expect(answer.body == "request head not complete after 1 s: refused\n")
        #expect(answer.seconds >= 0.9, "answered before the head's time was up: \(answer)")
        #expect(server.log.contains { $0.contains("(408)") }, "\(server.log)")
        // The listener goes on serving.
        let next = try await RawHTTP.send(port: server.port, Self.request)
        #expect(next.status == 200 && next.body == "hello\n", "\(next)")
    }

    /// Past `connections` requests being answered at once the next connection is answered
    /// 503 at once, naming the limit; once the others end, requests are served again.
    @Test func connectionsBeyondTheLimitAreAnswered503() async throws {
        var limits = ServerLimits()
        limits.connections = 2
        limits.headSeconds = 600
        let server = try Listening(limits)
        // Two connections that send nothing hold both places.
        let idle = try (0..<2).map { _ in try LoopbackSocket.connect(port: server.port, readTimeout: 60) }
        let refused = try await RawHTTP.send(port: server.port, Self.request)
        #expect(refused.status == 503, "\(refused)")
        #expect(refused.body == "more than 2 requests at once: try again\n")
        for socket in idle { close(socket) }
        // The listener notices the closed connections as their reads end; until then a
        // request may still be refused.
        var served: RawHTTP.Answer?
        for _ in 0..<600 {
            let answer = try await RawHTTP.send(port: server.port, Self.request)
            if answer.status == 200 { served = answer; break }
            #expect(answer.status == 503, "\(answer)")
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(served?.body == "hello\n", "still refused after the idle connections closed")
    }

    /// A port another socket holds: the listener throws naming the address, the port and
    /// the system's reason, and `stagehand serve` says it about `--port` and exits 1.
    @Test func aPortAlreadyTakenIsNamed() async throws {
        let holder = try Listening(ServerLimits())
        let second = HTTPListener(limits: ServerLimits(), log: { _ in }, route: { _ in .response(.text(.ok, "")) }, serveTab: { _, _, _ in })
        do {
            _ = try second.start(address: ListenAddress("127.0.0.1"), port: holder.port)
            Issue.record("a second listener started on port \(holder.port)")
        } catch {
            #expect(error.description == "cannot listen on 127.0.0.1:\(holder.port): Address already in use", "\(error)")
        }
        let (status, text) = try TestServer.refusal(["serve", "--port", String(holder.port), "--catalog", TestServer.repositoryRoot + "/Catalog.json"])
        #expect(status == 1, "\(text)")
        #expect(text.contains("--port \(holder.port)") && text.contains("Address already in use"), "\(text)")
    }
}
