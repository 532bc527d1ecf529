import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

// A Hero effect chosen for pops has no gesture of its own, so the navigation
// controller's edge pan drives it (finishing past half the width), as it drives any pop
// animation: the finger scrubs the reversed animation (page-in pops by paging out), a
// short drag cancels and puts everything back, a long one finishes.

@Suite struct HeroInteractiveTests {
    /// Pushes with page-in, then drags from the left edge to `x` and lifts.
    static func dragPop(to x: Double) throws -> ScenarioResult {
        try BuiltInEffects.play("""
            {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Inbox"},
             "navigation": {"push": "page-in", "pop": "page-in"},
             "steps": [{"push": {"title": "Article"}}, {"wait": 1},
                       {"drag": {"from": [4, 400], "to": [\(x), 400], "duration": 0.3, "hold": 0.1, "release": true}},
                       {"wait": 1}]}
            """)
    }

    /// While the finger rests, the pop stands at its percent p of the way along page-out
    /// right: the page leaves by tx = w·f, the page beneath grows to 0.7 + 0.3·f and
    /// brightens to 0.1·(1 − f), with f = standard(p) (the finger scrubs the curve).
    static func expectScrubbed(_ trace: Trace, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let began = try #require(trace.events.first { $0.kind == "began" && $0.operation == "pop" }, sourceLocation: sourceLocation)
        #expect(began.interactive && began.effect == "page-in", sourceLocation: sourceLocation)
        let held = trace.frames.filter { $0.t > began.t && $0.percent != nil }
        #expect(held.count > 5, sourceLocation: sourceLocation)
        for frame in held {
            let f = Hero.standard.progress(at: try #require(frame.percent))
            let pose = HeroExpectedPose(tx: Hero.width * f, shadow: 0.5 * (1 - f))
            expectHeroPose(frame, "Article", pose, "interactive pop", sourceLocation: sourceLocation)
            expectHeroPose(frame, "Inbox", HeroExpectedPose(scale: 0.7 + 0.3 * f, dim: 0.1 * (1 - f)), "interactive pop",
                           sourceLocation: sourceLocation)
        }
    }

    @Test func aShortEdgeDragCancelsThePopAndPutsEverythingBack() throws {
        let result = try Self.dragPop(to: 60)
        try Self.expectScrubbed(result.trace)
        let cancelled = try #require(result.trace.events.first { $0.kind == "cancelled" && $0.operation == "pop" })
        #expect(cancelled.interactive)
        #expect(!result.trace.events.contains { $0.kind == "completed" && $0.operation == "pop" })
        let last = try #require(result.trace.frames.last)
        #expect(last.stack == ["Inbox", "Article"])
        #expect(!last.views.contains { $0.title == "view" && $0.kind == "view" }, "an overlay left")
        expectHeroPose(last, "Article", HeroExpectedPose(), "after the cancel")
        expectSettled(result)
    }

    @Test func aLongEdgeDragFinishesThePop() throws {
        let result = try Self.dragPop(to: 300)
        try Self.expectScrubbed(result.trace)
        #expect(result.trace.events.contains { $0.kind == "completed" && $0.operation == "pop" && $0.interactive })
        let last = try #require(result.trace.frames.last)
        #expect(last.stack == ["Inbox"])
        expectHeroPose(last, "Inbox", HeroExpectedPose(), "after the pop")
        expectSettled(result)
    }
}
