import Foundation
import StagehandHost
import StagehandTestSupport
import Testing
@testable import StagehandServe

/// The page's conversation with a real server on an ephemeral loopback port, through a
/// real WebSocket client: what a tab is sent on connecting, choosing an effect, driving a
/// drag, and exporting a recording that replays to the same trace.
@Suite(.serialized, .ownThread) struct ProtocolTests {
    @Test func aTabIsSentTheCatalogAStageAndFrames() async throws {
        let server = try await TestServer()
        let page = try await server.page()
        let catalog = try await page.next("catalog")
        let effects = try #require(catalog["effects"] as? [[String: Any]])
        let parallax = try #require(effects.first { $0["name"] as? String == "parallax-pop" })
        #expect(parallax["kind"] as? String == "pop")
        #expect(parallax["interactive"] as? Bool == true)
        #expect(parallax["family"] as? String == "iOS 7 recipes")
        #expect((parallax["description"] as? String)?.isEmpty == false)
        let selected = try await page.next("selected")
        #expect(selected["operations"] as? [String] == ["push", "pop"])
        let frame = try await page.next("frame")
        let drawing = try #require(frame["drawing"] as? [String: Any])
        #expect((drawing["items"] as? [Any])?.isEmpty == false)
        page.close()
        await server.stop()
    }

    @Test func theSelectedEffectsParametersCarryTheManifestsBounds() async throws {
        let server = try await TestServer()
        let page = try await server.page()
        _ = try await page.next("selected")
        try await page.send(["type": "select", "effect": "parallax-pop", "parameters": ["duration": 0.9]])
        let selected = try await page.next("selected") { $0["effect"] as? String == "parallax-pop" }
        let parameters = try #require(selected["parameters"] as? [[String: Any]])
        let duration = try #require(parameters.first { $0["name"] as? String == "duration" })
        #expect(duration["minimum"] as? String == "0.01")
        #expect(duration["maximum"] as? String == "10")
        #expect(duration["value"] as? String == "0.9")
        page.close()
        await server.stop()
    }

    /// Push, then drag from the middle of the stage to 70 % of its width and release:
    /// the pop follows the finger and, at 20 % of the width (below parallax-pop's quarter),
    /// springs back; a drag to 95 % then pops. The export replays (through
    /// `ScenarioRunner`, as `stagehand play` runs it) to a trace identical byte for byte,
    /// with no warning: each press is one `drag`, its frames and release `move` steps.
    @Test func liveDragsPopOrCancelAndTheExportReplaysToTheSameTrace() async throws {
        let server = try await TestServer()
        let page = try await server.page()
        _ = try await page.next("selected")
        try await page.send(["type": "select", "effect": "parallax-pop"])
        _ = try await page.next("selected") { $0["effect"] as? String == "parallax-pop" }
        try await page.send(["type": "operation", "name": "push"])
        try await page.transitionEnded()
        var sequence = 0
        for target in [273.0, 370.5] {
            sequence += 1
            try await page.send(["type": "pointer", "phase": "down", "x": 195, "y": 422, "seq": sequence])
            // Each move waits for the frame that shows it, as a finger moving at the
            // display's rate does: on a loaded machine, moves sent faster than frames are
            // merged into one (a longer first step of the pan, which begins past its
            // hysteresis), and the path the pan follows would depend on the load.
            for x in stride(from: 195.0, through: target, by: 6) {
                sequence += 1
                try await page.send(["type": "pointer", "phase": "move", "x": x, "y": 422, "seq": sequence])
                let sent = sequence
                _ = try await page.next("frame") { $0["ack"] as? Int == sent }
            }
            sequence += 1
            try await page.send(["type": "pointer", "phase": "move", "x": target, "y": 422, "seq": sequence])
            let held = sequence
            let following = try await page.next("frame") { $0["ack"] as? Int == held }
            let percent = following["percent"] as? Double ?? 0
            #expect(abs(percent - (target - 195) / 390) < 0.02, "the pop follows the finger: \(percent)")
            // Still for a moment, so the release carries no speed.
            try await Task.sleep(for: .milliseconds(150))
            sequence += 1
            try await page.send(["type": "pointer", "phase": "up", "x": target, "y": 422, "seq": sequence])
            let up = sequence
            let released = try await page.next("frame") { $0["ack"] as? Int == up }["t"] as? Double ?? 0
            _ = try await page.next("frame") { ($0["t"] as? Double ?? 0) >= released + 1 }
        }
        try await page.send(["type": "export"])
        let exported = try await page.next("exported")
        let scenarioText = try await Self.get(server, try #require(exported["scenario"] as? String))
        let traceFile = try await Self.get(server, try #require(exported["trace"] as? String))
        let scenario = try ScenarioParser.parse(scenarioText, file: "recording.json")
        var warnings: [String] = []
        let replay = ScenarioRunner(library: Self.library).run(scenario) { diagnostic in
            if diagnostic.severity == .warning { warnings.append(diagnostic.message) }
        }.trace
        // Each press is one touch down: the frames' moves and the release continue it.
        #expect(warnings == [], "the replay warns: \(warnings.prefix(3))")
        let steps = scenario.steps.map { step -> String in
            switch step {
            case .drag: return "drag"
            case .move: return "move"
            default: return "other"
            }
        }
        #expect(steps.filter { $0 == "drag" }.count == 2)
        #expect(steps.filter { $0 == "move" }.count > 20)
        let outcomes = replay.events.filter { $0.effect == "parallax-pop" && $0.interactive && $0.kind != "began" }.map(\.kind)
        #expect(outcomes == ["cancelled", "completed"], "\(replay.events)")
        #expect(ExportStore.traceFile(replay) == traceFile, "the replay's trace differs from the live one")
        // The recording is as long as the test took: under load, thousands of frames.
        let gif = try await HTTPGet.fetch(port: server.port, path: try #require(exported["gif"] as? String), askingAgainFor: 900)
        #expect(gif.starts(with: Data("GIF89a".utf8)))
        page.close()
        await server.stop()
    }

    static let library = EffectLibrary.load(catalogPath: TestServer.repositoryRoot + "/Catalog.json", environment: [:]).0

    /// An HTTP GET on the server (a plain socket request: one response, then closed).
    static func get(_ server: TestServer, _ path: String) async throws -> Data {
        try await HTTPGet.fetch(port: server.port, path: path)
    }
}
