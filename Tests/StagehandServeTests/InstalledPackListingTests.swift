import Foundation
import StagehandTestSupport
import Testing

/// The playground lists the effects of the packs installed in the user plugin directory,
/// each with its pack's name and version.
@Suite(.ownThread) struct InstalledPackListingTests {
    @Test func anInstalledEffectIsListedWithItsPack() async throws {
        let root = NSTemporaryDirectory() + "stagehand-serve-pack-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The layout `stagehand install` leaves: the pack's directory with its pack.json.
        let pack = root + "/stagehand/plugins/packs/demo"
        try FileManager.default.createDirectory(atPath: pack, withIntermediateDirectories: true)
        let fade = try String(contentsOfFile: TestServer.repositoryRoot + "/Examples/DeclarativeEffects/fade.effect.json", encoding: .utf8)
        try fade.replacingOccurrences(of: #""name": "fade""#, with: #""name": "demo-fade""#)
            .write(toFile: pack + "/demo-fade.effect.json", atomically: true, encoding: .utf8)
        try #"{"name": "demo", "version": "1.2.0"}"#.write(toFile: pack + "/pack.json", atomically: true, encoding: .utf8)

        let server = try await TestServer(dataHome: root)
        let page = try await PageClient.connect(port: server.port)
        let catalog = try await page.next("catalog")
        let effects = try #require(catalog["effects"] as? [[String: Any]])
        let demo = try #require(effects.first { $0["name"] as? String == "demo-fade" })
        #expect(demo["pack"] as? String == "demo 1.2.0")
        let builtIn = try #require(effects.first { $0["name"] as? String == "crossfade" })
        #expect(builtIn["pack"] == nil)
        page.close()
        await server.stop()
    }
}
