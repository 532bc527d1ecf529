import Foundation
import StagehandTestSupport
import StagehandCore
@testable import StagehandHost
import StagehandTrace
import Testing

/// A declarative effect's `matched` block flies matched pairs as Documentation/
/// DeclarativeEffects.md says: the guide's `my-magic-move`, saved as `magic-move` in a
/// directory searched first, plays exactly as the compiled magic-move (Hero's, with its
/// default arc and cascade) through the standard scenario, whose screens share a match
/// identifier: the same frames, view by view (the flying copies, their fades, the hidden
/// real views), the same events, drags that finish and cancel included.
@Suite struct DeclarativeMatchedTests {
    static func guideEffect(named name: String) throws -> String {
        let guide = try String(contentsOfFile: DeclarativeGuideTests.guide, encoding: .utf8)
        return try #require(GuideSnippets(markdown: guide).units.first { $0.language == "json" && $0.name == name }).code
    }

    @Test func theGuidesMagicMovePlaysAsHerosCompiledOne() throws {
        let workspace = try Workspace()
        let directory = try workspace.directory("effects")
        let text = try Self.guideEffect(named: "my-magic-move").replacingOccurrences(of: "\"my-magic-move\"", with: "\"magic-move\"")
        try workspace.write("effects/magic-move.effect.json", text)
        let (twins, diagnostics) = TestEnvironment.load(plugins: [directory])
        // The file shadows the bundle's effect (a warning names both); nothing is wrong with it.
        #expect(!diagnostics.contains { $0.contains("magic-move.effect.json:") }, "\(diagnostics)")
        let compiled = BuiltInEffects.library
        let original = try compiled.effect(named: "magic-move")
        #expect(try twins.effect(named: "magic-move").bundlePath.hasSuffix("magic-move.effect.json"))

        let scenario = StandardScenario.make(for: original, library: compiled, screen: Size(width: 390, height: 844), framesPerSecond: 60)
        let expected = ScenarioRunner(library: compiled).run(scenario).trace
        let played = ScenarioRunner(library: twins).run(scenario).trace
        #expect(StandardScenario.dragsWorked(expected), "the scenario's drags neither finished nor cancelled")
        // The scenario does pair views, and the compiled effect does fly them.
        let matched = expected.frames.contains { frame in frame.views.contains { $0.match == StandardScenario.matchIdentifier && $0.hidden } }
        #expect(matched, "no matched view was hidden for a flight: the scenario paired nothing")
        #expect(played.events == expected.events, "events differ:\n\(played.events)\n\(expected.events)")
        #expect(played.frames.count == expected.frames.count)
        for (index, (mine, theirs)) in zip(played.frames, expected.frames).enumerated() where mine != theirs {
            let view = zip(mine.views, theirs.views).first { $0 != $1 }
            Issue.record("frame \(index) (t = \(theirs.t)) differs: \(mine.views.count) views against \(theirs.views.count); first different view:\n  declarative: \(String(describing: view?.0))\n  compiled:    \(String(describing: view?.1))")
            break
        }
    }

    @Test func onlyTheNamedPairsFlyAndTheBlockIsChecked() throws {
        let workspace = try Workspace()
        let directory = try workspace.directory("effects")
        let text = try Self.guideEffect(named: "my-magic-move")
            .replacingOccurrences(of: "\"duration\": \"auto\"", with: "\"pairs\": [\"some-other-row\"], \"duration\": \"auto\"")
        try workspace.write("effects/my-magic-move.effect.json", text)
        let (library, diagnostics) = TestEnvironment.load(plugins: [directory])
        #expect(!diagnostics.contains { $0.contains("my-magic-move.effect.json") }, "\(diagnostics)")
        let info = try library.effect(named: "my-magic-move")
        let scenario = StandardScenario.make(for: info, library: library, screen: Size(width: 390, height: 844), framesPerSecond: 60)
        let trace = ScenarioRunner(library: library).run(scenario).trace
        #expect(trace.events.contains { $0.kind == "completed" && $0.effect == "my-magic-move" })
        // No pair named: nothing is hidden for a flight, and no copy appears.
        #expect(!trace.frames.contains { frame in frame.views.contains { $0.match == StandardScenario.matchIdentifier && $0.hidden } })

        let steps = DefinitionReader.read(bytes: Array(#"{"format": "stagehand-effect/1", "name": "m", "kind": "push", "tracks": {}, "matched": {"curve": "steps(3)"}}"#.utf8), file: "m.effect.json")
        guard case .failure(let error) = steps else { Issue.record("steps() accepted for a flight"); return }
        #expect(error.description.contains("matched/curve: line 1, column 98: a flight moves by frame and centre in one animation"), "\(error)")
        let key = DefinitionReader.read(bytes: Array(#"{"format": "stagehand-effect/1", "name": "m", "kind": "push", "tracks": {}, "matched": {"fdae": "cross"}}"#.utf8), file: "m.effect.json")
        guard case .failure(let keyError) = key else { Issue.record("a misspelt key accepted"); return }
        #expect(keyError.description.contains("matched/fdae: line 1, column 89: unknown key in the matched block; did you mean fade?"), "\(keyError)")
    }
}
