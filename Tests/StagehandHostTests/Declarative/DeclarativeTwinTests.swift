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
