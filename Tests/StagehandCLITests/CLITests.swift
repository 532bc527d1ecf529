import Foundation
import StagehandTestSupport
import Testing

/// The built `stagehand` executable, run as a user would: exit codes, standard output,
/// and diagnostics on standard error naming the file and the field.
@Suite struct CLITests {
    func stagehand(_ arguments: [String]) throws -> ProcessRun {
        try runStagehand(arguments)
    }

    @Test func catalogJSONListsCrossfadeWithItsParameters() throws {
        let run = try stagehand(["catalog", "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let effects = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        let crossfade = try #require(effects.first { $0["name"] as? String == "crossfade" })
        #expect(crossfade["kind"] as? String == "container")
        #expect(crossfade["interactive"] as? Bool == false)
        #expect(crossfade["source"] as? String == "catalog")
        #expect(crossfade["version"] as? String == "1.0.0")
        #expect((crossfade["bundle"] as? String)?.hasSuffix("/libCrossfade.so") == true)
        #expect(crossfade["author"] as? String == "Stagehand")
        #expect(crossfade["license"] as? String == "MIT")
        let parameters = try #require(crossfade["parameters"] as? [[String: Any]])
        #expect(parameters.count == 1)
        #expect(parameters.first?["name"] as? String == "duration")
        #expect(parameters.first?["type"] as? String == "double")
        #expect(parameters.first?["default"] as? Double == 0.3)
        #expect(parameters.first?["min"] as? Double == 0)
        #expect(parameters.first?["max"] as? Double == 10)
    }

    @Test func catalogTableHasOneRowPerEffect() throws {
        let run = try stagehand(["catalog"])
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("NAME") == true)
        // Columns widen with the longest value; compare the cells, not the spacing.
        let rows = lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.contains { Array($0.prefix(6)) == ["crossfade", "container", "no", "libCrossfade.so", "catalog", "1.0.0"] })
    }

    @Test func aBadFieldInTheCatalogIsAWarningAndTheRestIsListed() throws {
        let workspace = try Workspace()
        let bad = CatalogText.crossfade.replacingOccurrences(of: "\"kind\": \"container\"", with: "\"kind\": \"fade\"")
            .replacingOccurrences(of: "\"name\": \"crossfade\"", with: "\"name\": \"fade\"")
        let file = try workspace.write("Catalog.json", CatalogText.catalog(bad, CatalogText.crossfade))
        let run = try stagehand(["catalog", "--json", "--catalog", file])
        #expect(run.status == 0)
        #expect(run.errors.contains("warning: \(file): effects[0].kind: expected one of push, pop, present, dismiss, container, interaction, navigation, modal, any, found the string \"fade\"; entry skipped\n"), "\(run.errors)")
        #expect(run.output.contains("\"name\" : \"crossfade\""))
    }

    @Test func aCatalogThatIsNotJSONFailsWithExitCode1() throws {
        let workspace = try Workspace()
        let file = try workspace.write("Catalog.json", "{\"schemaVersion\": 1, \"effects\": [")
        let run = try stagehand(["catalog", "--catalog", file])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.contains("error: \(file): not JSON: truncated at line 1, column 34: the text ends before the array opened at line 1, column 33 is closed\n"), "\(run.errors)")
    }

    @Test func infoShowsParametersWithBounds() throws {
        let run = try stagehand(["info", "crossfade"])
        #expect(run.status == 0, "\(run.errors)")
        let rows = run.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.contains(["kind:", "container"]), "\(run.output)")
        // The row ends with the parameter's description, which the bundle's declaration gives.
        #expect(rows.contains { Array($0.prefix(5)) == ["duration", "double", "0.3", "0", "10"] && $0.count > 5 }, "\(run.output)")
        let json = try stagehand(["info", "crossfade", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["factory"] as? String == "crossfade_create")
    }

    @Test func infoOfARefusedEffectSaysItWasRefused() throws {
        let workspace = try Workspace()
        let wrong = CatalogText.crossfade.replacingOccurrences(of: "\"crossfade_create\"", with: "\"crossfade_make\"")
        let file = try workspace.write("Catalog.json", CatalogText.catalog(wrong))
        let run = try stagehand(["info", "crossfade", "--catalog", file])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        let lines = run.errors.split(separator: "\n").map(String.init)
        #expect(lines == [
            "warning: \(file): effects[0].factory: the catalog and the manifest of \(TestEnvironment.crossfadeBundle) disagree on effect crossfade: factory is crossfade_make in the catalog, crossfade_create in the manifest; entry skipped, its factory is not called",
            "error: effect crossfade was refused when the effects were loaded (the catalog and the manifest of \(TestEnvironment.crossfadeBundle) disagree on its factory); see the warning above",
        ], "\(run.errors)")
    }

    @Test(arguments: [
        ("parallax-pop", "gesture:     its own, installed when it is attached (chosen for an interactive role, or as the pop or dismiss effect); finishes past 0.25 of the way (parameter threshold)", "own", 0.25),
        ("flip-pop", "gesture:     the navigation controller's edge pan; finishes when the position 0.2 s ahead passes 0.5 of the width", "navigationEdgePan", 0.5),
    ])
    func infoSaysWhichGestureAndThresholdApply(name: String, line: String, gesture: String, threshold: Double) throws {
        let run = try stagehand(["info", name])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == line.trimmingCharacters(in: .whitespaces) }, "\(run.output)")
        let json = try stagehand(["info", name, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let interaction = try #require(object["interaction"] as? [String: Any])
        #expect(interaction["gesture"] as? String == gesture)
        #expect(interaction["threshold"] as? Double == threshold)
    }

    @Test func infoOfAPushSaysNoGestureDrivesIt() throws {
        let run = try stagehand(["info", "parallax-push"])
        #expect(run.output.contains("gesture:     none (no gesture drives it)"), "\(run.output)")
        let json = try stagehand(["info", "parallax-push", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["interaction"] == nil)
    }

    @Test func infoOfAnUnknownNameFailsWithCloseNames() throws {
        let run = try stagehand(["info", "crosfade"])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.contains("error: no effect named crosfade; closest known names: crossfade"), "\(run.errors)")
    }
}
