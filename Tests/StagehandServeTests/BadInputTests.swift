import Foundation
import StagehandTestSupport
import Testing
@testable import StagehandServe

/// What a broken or hostile page can send: each is answered with an error message (and
/// a log line) or dropped with a log line; the session goes on, other tabs are not
/// affected, the server keeps serving.
@Suite(.serialized, .ownThread) struct BadInputTests {
    /// Sends `text` and returns the error message the page is sent.
    static func error(after text: String, on page: PageClient) async throws -> String {
        try await page.send(text)
        let message = try await page.next("error")
        return message["message"] as? String ?? ""
    }

    @Test func malformedUnknownAndOutOfOrderMessagesAreAnsweredWithErrors() async throws {
        let server = try await TestServer()
        let page = try await server.page()
        _ = try await page.next("selected")
        let cases: [(String, String)] = [
            ("{\"type\": \"pointer\", \"phase\": ", "not valid JSON"),
            ("[1, 2]", "expected a JSON object"),
            ("{\"phase\": \"down\"}", "missing \"type\""),
            ("{\"type\": \"teleport\"}", "unknown message type \"teleport\""),
            ("{\"type\": \"export\", \"extra\": 1}", "unknown key \"extra\""),
            ("{\"type\": \"pointer\", \"phase\": \"move\", \"x\": 10, \"y\": 10}", "without a pointer down first"),
            ("{\"type\": \"pointer\", \"phase\": \"up\", \"x\": 10, \"y\": 10}", "without a pointer down first"),
            ("{\"type\": \"pointer\", \"phase\": \"down\", \"x\": \"ten\", \"y\": 10}", "pointer.x, pointer.y"),
            ("{\"type\": \"pointer\", \"phase\": \"down\", \"x\": 1e300, \"y\": 10}", "pointer.x, pointer.y"),
            ("{\"type\": \"speed\", \"value\": 5}", "from 0.1 to 1"),
            ("{\"type\": \"select\", \"effect\": \"no-such-effect\"}", "no-such-effect"),
            ("{\"type\": \"select\", \"effect\": \"parallax-pop\", \"parameters\": {\"duration\": 99}}", "duration"),
            ("{\"type\": \"select\", \"effect\": \"parallax-pop\", \"parameters\": {\"nonsense\": 1}}", "nonsense"),
            ("{\"type\": \"operation\", \"name\": \"present\"}", "its operations are push, pop"),
            ("{\"type\": \"operation\", \"name\": \"fly\"}", "operation.name"),
        ]
        for (text, expected) in cases {
            let message = try await Self.error(after: text, on: page)
            #expect(message.contains(expected), "\(text.prefix(60)) → \(message)")
        }
        // A pointer down twice: the second is refused.
        try await page.send(["type": "pointer", "phase": "down", "x": 100, "y": 400])
        let twice = try await Self.error(after: "{\"type\": \"pointer\", \"phase\": \"down\", \"x\": 100, \"y\": 400}", on: page)
        #expect(twice.contains("already down"))
        try await page.sendBinary(Data([1, 2, 3]))
        #expect((try await page.next("error"))["message"] as? String == "binary message of 3 bytes ignored: messages are JSON text")
        // The session goes on: an effect can still be chosen and frames still come.
        try await page.send(["type": "select", "effect": "parallax-pop"])
        _ = try await page.next("selected") { $0["effect"] as? String == "parallax-pop" }
        _ = try await page.next("frame")
        #expect(server.log.contains { $0.contains("unknown message type \"teleport\"") })
        page.close()
        await server.stop()
    }

    /// A browser's /favicon.ico or a mistyped address: a 404 that names the request, and
    /// no log line for it (the page itself declares no icon to fetch).
    @Test func anUnknownAddressIsNotFoundQuietly() async throws {
        let server = try await TestServer()
        for path in ["/favicon.ico", "/export", "/no/such/page?x=1"] {
            let (status, body) = try await HTTPGet.response(port: server.port, path: path)
            #expect(status == 404, "\(path)")
            #expect(String(decoding: body, as: UTF8.self).hasPrefix("not found: GET \(path.split(separator: "?")[0])"), "\(path)")
        }
        let page = try await HTTPGet.fetch(port: server.port, path: "/")
        #expect(String(decoding: page, as: UTF8.self).contains(#"<link rel="icon" href="data:,">"#))
        await server.stop()
        #expect(!server.log.contains { $0.contains("unhandled") }, "\(server.log)")
    }

    @Test func aFloodOfPointerEventsIsDroppedBeyondAThousandASecond() async throws {
        let server = try await TestServer()
        let flood = try await server.page()
        let other = try await server.page()
        _ = try await flood.next("selected")
        _ = try await other.next("selected")
        try await flood.send(["type": "pointer", "phase": "down", "x": 100, "y": 400])
        // Bursts of 3000 moves, each sent from a thread of its own in one go (a task's
        // sends can each wait for a thread on a busy machine and fall under 1000 a
        // second); a few more bursts until the server has seen more than 1000 in a second.
        var refusal: [String: Any]?
        for _ in 0..<5 where refusal == nil {
            try await PageClient.onOwnThread {
                for i in 0..<3000 {
                    try flood.sendNow("{\"type\":\"pointer\",\"phase\":\"move\",\"x\":\(100 + i % 50),\"y\":400}")
                }
            }
            // Frames keep coming while the finger is down: 600 messages are ten seconds.
            refusal = try? await flood.next("error", limit: 600)
        }
        let message = try #require(refusal, "no error after five bursts of 3000 moves")
        #expect((message["message"] as? String)?.contains("more than 1000 pointer events in a second") == true, "\(message)")
        // The other tab's stage goes on meanwhile.
        try await other.send(["type": "operation", "name": "push"])
        _ = try await other.next("frame") { ($0["t"] as? Double ?? 0) >= 0.5 }
        // The count of dropped moves is logged when the second ends.
        try await Task.sleep(for: .milliseconds(1100))
        try await flood.send(["type": "pointer", "phase": "up", "x": 100, "y": 400])
        for _ in 0..<100 where !server.log.contains(where: { $0.contains("pointer moves (more than 1000 in a second)") }) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(server.log.contains { $0.contains("pointer moves (more than 1000 in a second)") }, "\(server.log)")
        flood.close()
        other.close()
        await server.stop()
    }

    @Test func aTabThatDisconnectsMidDragIsCancelledAndOthersGoOn() async throws {
        let server = try await TestServer()
        let leaving = try await server.page()
        let staying = try await server.page()
        _ = try await leaving.next("selected")
        _ = try await staying.next("selected")
        try await leaving.send(["type": "select", "effect": "parallax-pop"])
        try await leaving.send(["type": "operation", "name": "push"])
        try await leaving.transitionEnded()
        try await leaving.send(["type": "pointer", "phase": "down", "x": 195, "y": 400])
        try await leaving.send(["type": "pointer", "phase": "move", "x": 240, "y": 400, "seq": 7])
        _ = try await leaving.next("frame") { $0["ack"] as? Int == 7 }
        leaving.close()
        for _ in 0..<100 where !server.log.contains(where: { $0.contains("disconnected mid-drag") }) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(server.log.contains { $0.contains("disconnected mid-drag; its touch was cancelled") }, "\(server.log)")
        // The other tab and new ones are served.
        try await staying.send(["type": "operation", "name": "push"])
        _ = try await staying.next("frame") { ($0["t"] as? Double ?? 0) >= 0.5 }
        let newcomer = try await server.page()
        _ = try await newcomer.next("catalog")
        staying.close()
        newcomer.close()
        await server.stop()
    }

    /// A bundle dropped into a watched directory that cannot be loaded: the catalog is
    /// sent again with its problem; removing it clears the problem; the server goes on.
    @Test func aBrokenBundleInAWatchedDirectoryIsShownAndTheServerGoesOn() async throws {
        let directory = NSTemporaryDirectory() + "stagehand-serve-plugins-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await TestServer(pluginDirectories: [directory])
        let page = try await server.page()
        let first = try await page.next("catalog")
        #expect((first["problems"] as? [String])?.isEmpty == true, "\(first["problems"] ?? "")")
        try Data("not an ELF file".utf8).write(to: URL(fileURLWithPath: directory + "/libBroken.so"))
        let firstGeneration = first["generation"] as? Int ?? 0
        let broken = try await page.next("catalog") { ($0["generation"] as? Int ?? 0) > firstGeneration }
        let problems = try #require(broken["problems"] as? [String])
        #expect(problems.contains { $0.contains(directory + "/libBroken.so") }, "\(problems)")
        #expect((broken["effects"] as? [[String: Any]])?.contains { $0["name"] as? String == "parallax-pop" } == true)
        try FileManager.default.removeItem(atPath: directory + "/libBroken.so")
        let brokenGeneration = broken["generation"] as? Int ?? 0
        let fixed = try await page.next("catalog") { ($0["generation"] as? Int ?? 0) > brokenGeneration }
        #expect((fixed["problems"] as? [String])?.isEmpty == true)
        page.close()
        await server.stop()
    }
}
