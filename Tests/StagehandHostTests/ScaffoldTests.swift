import Foundation
import Testing

/// `stagehand new`: a third party's first bundle, from nothing to the catalog.
@Suite struct ScaffoldTests {
    @Test func aScaffoldedCEffectBuildsLoadsAndRuns() throws {
        let workspace = try Workspace()
        let directory = workspace.path + "/FadeOut"
        let created = try runStagehand(["new", "fade-out", "--kind", "dismiss", "--language", "c", "--out", directory])
        #expect(created.status == 0, "\(created.errors)")
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        make.arguments = ["make", "-s", "-C", directory]
        try make.run()
        make.waitUntilExit()
        try #require(make.terminationStatus == 0, "make failed in \(directory)")

        let catalog = try runStagehand(["catalog", "--json", "--plugins", directory])
        #expect(catalog.status == 0, "\(catalog.errors)")
        let effects = try #require(try JSONSerialization.jsonObject(with: Data(catalog.output.utf8)) as? [[String: Any]])
        let fade = try #require(effects.first { $0["name"] as? String == "fade-out" })
        #expect(fade["kind"] as? String == "dismiss")
        #expect(fade["source"] as? String == "discovered")

        let scenario = workspace.path + "/s.json"
        try Data(#"{"steps": [{"present": {"title": "M", "dismissal": "fade-out"}}, {"wait": 1}, {"dismiss": {}}, {"wait": 1}]}"#.utf8)
            .write(to: URL(fileURLWithPath: scenario))
        let trace = workspace.path + "/t.json"
        let played = try runStagehand(["play", scenario, "--plugins", directory, "--trace", trace])
        #expect(played.status == 0, "\(played.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trace))) as? [String: Any])
        let events = try #require(json["events"] as? [[String: Any]])
        #expect(events.contains { $0["effect"] as? String == "fade-out" && $0["kind"] as? String == "completed" })
    }

    @Test func anExistingDirectoryIsNeverTouched() throws {
        let workspace = try Workspace()
        let directory = try workspace.directory("Taken")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: directory + "/notes.txt"))
        let run = try runStagehand(["new", "taken", "--out", directory])
        #expect(run.status == 1)
        #expect(run.errors.contains("error: --out: \(directory) already exists"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["notes.txt"])
    }

    @Test(arguments: [(["new", "Bad_Name"], "error: NAME:"), (["new", "ok", "--kind", "sideways"], "error: --kind:"),
                      (["new", "ok", "--language", "rust"], "error: --language:")])
    func badArgumentsAreNamed(arguments: [String], message: String) throws {
        let workspace = try Workspace()
        let run = try runStagehand(arguments, in: workspace.path)
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix(message), "\(run.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path).isEmpty)
    }
}
