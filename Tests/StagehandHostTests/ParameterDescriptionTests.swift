import Foundation
import StagehandTestSupport
import StagehandCore
@testable import StagehandHost
import StagehandTrace
import Testing

/// A parameter's `description` flows as its other manifest fields do: from a declarative
/// file, a catalog entry or a Swift bundle's manifest (`Parameter.described`) into
/// `EffectInfo`, shown by `info` (a DESCRIPTION column) and `info --json` / `catalog --json`,
/// and written by `catalog --write`. It is never part of the signature a catalog and a
/// manifest must agree on: a catalog without it keeps the manifest's.
@Suite struct ParameterDescriptionTests {
    static let fade = """
        {"format": "stagehand-effect/1", "name": "described-fade", "kind": "navigation", "description": "A fade.",
         "parameters": [{"name": "duration", "type": "double", "default": 0.3, "min": 0.01, "max": 10,
                         "description": "Seconds the fade takes."},
                        {"name": "depth", "type": "double", "default": 1, "min": 0, "max": 1}],
         "duration": "$duration", "tracks": {"incoming": {"start": {"alpha": "$depth - 1"}}}, "backward": "same"}
        """

    @Test func aDeclarativeEffectsDescriptionsAreShownAndWritten() throws {
        let workspace = try Workspace()
        let directory = try workspace.directory("effects")
        try workspace.write("effects/described-fade.effect.json", Self.fade)
        let (library, _) = TestEnvironment.load(plugins: [directory], catalog: nil)
        let parameters = try library.effect(named: "described-fade").parameters
        #expect(parameters.map(\.description) == ["Seconds the fade takes.", nil])

        let info = try runStagehand(["info", "described-fade", "--plugins", directory])
        #expect(info.status == 0, "\(info.errors)")
        let lines = info.output.split(separator: "\n")
        #expect(lines.contains { $0.contains("DESCRIPTION") }, "\(info.output)")
        #expect(lines.contains { $0.contains("duration") && $0.hasSuffix("Seconds the fade takes.") }, "\(info.output)")
        #expect(lines.contains { $0.contains("depth") && $0.hasSuffix("-") }, "\(info.output)")

        let json = try runStagehand(["info", "described-fade", "--plugins", directory, "--json"])
        let record = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let listed = try #require(record["parameters"] as? [[String: Any]])
        #expect(listed.first?["description"] as? String == "Seconds the fade takes.")
        #expect(listed.last?["description"] == nil, "no description: no key")

        let catalog = workspace.path + "/Catalog.json"
        let write = try runStagehand(["catalog", "--plugins", directory, "--write", catalog])
        #expect(write.status == 0, "\(write.errors)")
        let text = try String(contentsOfFile: catalog, encoding: .utf8)
        #expect(text.contains("\"description\": \"Seconds the fade takes.\""), "\(text)")
        let (claimed, diagnostics) = TestEnvironment.load(plugins: [directory], catalog: catalog)
        let effect = try claimed.effect(named: "described-fade")
        #expect(effect.source == .catalog && effect.parameters.first?.description == "Seconds the fade takes.", "\(diagnostics)")
    }

    @Test func aCatalogEntrysDescriptionIsReadAndAWrongOneRefused() throws {
        let workspace = try Workspace()
        let described = CatalogText.crossfade.replacingOccurrences(of: "\"max\": 10", with: "\"max\": 10, \"description\": \"Seconds.\"")
        #expect(described != CatalogText.crossfade)
        let file = try workspace.write("Catalog.json", CatalogText.catalog(described))
        let (library, diagnostics) = TestEnvironment.load(catalog: file)
        #expect(try library.effect(named: "crossfade").parameters.first?.description == "Seconds.", "\(diagnostics)")

        let wrong = CatalogText.crossfade.replacingOccurrences(of: "\"max\": 10", with: "\"max\": 10, \"description\": 3")
        let wrongFile = try workspace.write("Wrong.json", CatalogText.catalog(wrong))
        let (_, refused) = TestEnvironment.load(catalog: wrongFile)
        #expect(refused.contains { $0.contains("effects[0].parameters[0].description: expected a string, found the number 3") }, "\(refused)")
    }

    /// bounce-present declares its parameters with `Parameter(…).described(…)`: its
    /// manifest carries them into the catalog, and a catalog that gives none (written
    /// before) still shows the manifest's.
    @Test func aSwiftBundlesDescriptionsComeFromItsManifest() throws {
        let expected: [String?] = ["Seconds the spring runs for.", "UIKit's damping ratio: 1 settles without overshoot.", nil]
        let (library, _) = TestEnvironment.load(catalog: TestEnvironment.catalog)
        #expect(try library.effect(named: "bounce-present").parameters.map(\.description) == expected)
        let info = try runStagehand(["info", "bounce-present"])
        #expect(info.output.contains("Seconds the spring runs for."), "\(info.output)")

        let workspace = try Workspace()
        var committed = try String(contentsOfFile: TestEnvironment.catalog, encoding: .utf8)
        for case let text? in expected { committed = committed.replacingOccurrences(of: ", \"description\": \"\(text)\"", with: "") }
        #expect(!committed.contains("Seconds the spring runs for."))
        let older = try workspace.write("Catalog.json", committed)
        let (claimed, _) = TestEnvironment.load(catalog: older)
        let effect = try claimed.effect(named: "bounce-present")
        #expect(effect.source == .catalog && effect.parameters.map(\.description) == expected)
    }
}
