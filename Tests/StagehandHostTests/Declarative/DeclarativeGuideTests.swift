import Foundation
import StagehandTestSupport
import StagehandCore
@testable import StagehandHost
import StagehandTrace
import Testing

/// Every named JSON block of Documentation/DeclarativeEffects.md (```` ```json NAME ````)
/// is a whole effect: saved as NAME.effect.json it loads without a word and plays its
/// standard scenario (with its drags, for an interactive one) without an error.
@Suite struct DeclarativeGuideTests {
    static let guide = TestEnvironment.repositoryRoot + "/Documentation/DeclarativeEffects.md"

    @Test func everyExampleOfTheGuideLoadsAndPlays() throws {
        let units = GuideSnippets(markdown: try String(contentsOfFile: Self.guide, encoding: .utf8)).units.filter { $0.language == "json" }
        #expect(units.count >= 5)
        let workspace = try Workspace()
        let directory = try workspace.directory("effects")
        for unit in units { try workspace.write("effects/\(unit.name).effect.json", unit.code) }
        let (library, diagnostics) = TestEnvironment.load(plugins: [directory], catalog: nil)
        for unit in units {
            #expect(!diagnostics.contains { $0.contains("\(unit.name).effect.json") }, "\(diagnostics)")
            let info = try library.effect(named: unit.name)
            let scenario = StandardScenario.make(for: info, library: library, screen: Size(width: 390, height: 844), framesPerSecond: 60)
            let trace = ScenarioRunner(library: library).run(scenario).trace
            #expect(!trace.events.contains { $0.kind == "error" }, "\(unit.name): \(trace.events.filter { $0.kind == "error" })")
            #expect(trace.events.contains { $0.kind == "completed" && $0.effect == unit.name }, "\(unit.name) never completed")
            if info.interactive { #expect(StandardScenario.dragsWorked(trace), "\(unit.name): the drags neither finished nor cancelled") }
        }
    }
}
