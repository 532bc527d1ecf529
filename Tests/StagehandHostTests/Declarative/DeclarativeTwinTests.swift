import Foundation
import StagehandTestSupport
import StagehandCore
@testable import StagehandHost
import StagehandTrace
import Testing

/// Each declarative twin in Examples/DeclarativeEffects plays exactly as the compiled
/// effect it copies: the same standard scenario (with, for an interactive one, a drag
/// that finishes and one that cancels) gives the same trace, frame by frame, view by
/// view, and the same events.
@Suite struct DeclarativeTwinTests {
    static let examples = TestEnvironment.repositoryRoot + "/Examples/DeclarativeEffects"
    /// The twins first on the search path, so they shadow the compiled effects of their names.
    static let twins: EffectLibrary = TestEnvironment.load(plugins: [examples]).0

    static let names = ["crossfade", "slide-pop", "bounce-present", "normal-dismiss", "cover-vertical", "cross-dissolve",
                        "fade", "zoom", "zoom-out", "push-style-present", "pop-style-dismiss", "swipe-dismiss",
                        "pan", "shared-axis", "page-sheet"]

    /// Twins whose string parameter chooses a variant, played with each other choice
    /// (the default is played above).
    static let variants: [(String, [String: String])] = [
        ("pan", ["gesture": "vertical"]), ("pan", ["gesture": "pinch"]), ("pan", ["gesture": "none"]),
        ("shared-axis", ["axis": "y"]), ("shared-axis", ["axis": "z"]),
    ]

    @Test(arguments: names)
    func twinPlaysAsTheCompiledEffect(_ name: String) throws {
        try Self.compare(name, parameters: [:])
    }

    @Test(arguments: variants)
    func eachVariantPlaysAsTheCompiledEffectWithThatChoice(_ name: String, _ parameters: [String: String]) throws {
        try Self.compare(name, parameters: parameters)
    }

    static func compare(_ name: String, parameters: [String: String]) throws {
        let compiled = BuiltInEffects.library
        let original = try compiled.effect(named: name)
        let twin = try twins.effect(named: name)
        #expect(twin.bundlePath.hasSuffix("\(name).effect.json"), "the twin of \(name) did not load: \(twin.bundlePath)")
        #expect(original.bundlePath.hasSuffix(".so"))
        #expect(twin.kind == original.kind && twin.interactive == original.interactive)
        // Descriptions are words for people, written in each file: the rest must agree.
        func signature(_ parameters: [ParameterDeclaration]) -> [ParameterDeclaration] {
            parameters.map { var bare = $0; bare.description = nil; return bare }
        }
        #expect(signature(twin.parameters) == signature(original.parameters), "\(name): parameters differ")

        var scenario = StandardScenario.make(for: original, library: compiled, screen: Size(width: 390, height: 844), framesPerSecond: 60,
                                             parameters: parameters)
        if !parameters.isEmpty { scenario.parameters[name] = parameters }
        let expected = ScenarioRunner(library: compiled).run(scenario).trace
        let played = ScenarioRunner(library: twins).run(scenario).trace
        if original.interactive, parameters["gesture"] != "none" {
            #expect(StandardScenario.dragsWorked(expected), "\(name): the scenario's drags neither finished nor cancelled")
        }
        #expect(expected.events.contains { $0.kind == "completed" && $0.effect == name }, "\(name) never completed")
        #expect(played.events == expected.events, "\(name): events differ:\n\(played.events)\n\(expected.events)")
        #expect(played.frames.count == expected.frames.count, "\(name): \(played.frames.count) frames, \(expected.frames.count) expected")
        for (index, (mine, theirs)) in zip(played.frames, expected.frames).enumerated() where mine != theirs {
            let view = zip(mine.views, theirs.views).first { $0 != $1 }
            Issue.record("\(name): frame \(index) (t = \(theirs.t)) differs: \(mine.views.count) views against \(theirs.views.count); first different view:\n  twin:     \(String(describing: view?.0))\n  compiled: \(String(describing: view?.1))")
            break
        }
    }
}

/// The gesture rules the standard scenario's drags do not tell apart, played against the
/// compiled effect all the same.
@Suite struct DeclarativeTwinGestureTests {
    /// pan's vertical swipe pops only moving down (`pop.beginOnlyMoving`), and dismisses
    /// either way: an upward drag on a pushed screen leaves it, a downward one pops it,
    /// in the twin as in VCTransitionsLibrary's interaction controller.
    @Test func aVerticalSwipePopsOnlyDownward() throws {
        let text = """
            {"screen": {"width": 390, "height": 844, "fps": 60},
             "root": {"title": "Inbox", "embedInNavigation": true},
             "navigation": {"push": "pan", "pop": "pan"},
             "parameters": {"pan": {"gesture": "vertical"}},
             "steps": [
               {"push": {"title": "Article"}}, {"wait": 1},
               {"drag": {"from": [200, 600], "to": [200, 250], "duration": 0.4, "hold": 0.1}}, {"wait": 1},
               {"drag": {"from": [200, 250], "to": [200, 600], "duration": 0.4, "hold": 0.1}}, {"wait": 1}]}
            """
        let scenario = try ScenarioParser.parse(Data(text.utf8), file: "vertical.json")
        let expected = ScenarioRunner(library: BuiltInEffects.library).run(scenario).trace
        let played = ScenarioRunner(library: DeclarativeTwinTests.twins).run(scenario).trace
        let stacks = expected.frames.map(\.stack.count)
        let upwardEnds = Int((1.4 + 0.5) * 60)
        #expect(stacks[upwardEnds...].first == 2, "the upward drag popped: \(stacks)")
        #expect(stacks.last == 1, "the downward drag did not pop: \(stacks.suffix(5))")
        #expect(played.events == expected.events, "events differ:\n\(played.events)\n\(expected.events)")
        #expect(played.frames == expected.frames, "the twin's frames differ from the compiled effect's")
    }
}
