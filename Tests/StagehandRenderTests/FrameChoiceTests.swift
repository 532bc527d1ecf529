import Foundation
import StagehandCore
import StagehandHost
@testable import StagehandRender
import Testing

/// Which frame a picture of a run shows by default.
@Suite struct FrameChoiceTests {
    @Test func theDefaultFrameIsMidWayThroughTheEffectsFirstTransition() throws {
        let trace = try RenderEnvironment.play("""
            {"navigation": {"pop": "slide-pop"},
             "steps": [{"push": {"title": "A"}}, {"wait": 0.5}, {"pop": {}}, {"wait": 0.5}]}
            """)
        let (began, ended) = try RenderEnvironment.transition(trace, effect: "slide-pop")
        #expect(abs(FrameChoice.defaultTime(in: trace, effect: "slide-pop") - (began + ended) / 2) < 1e-9)
        // A contact sheet's still: two fifths of the way.
        #expect(abs(FrameChoice.defaultTime(in: trace, effect: "slide-pop", fraction: FrameChoice.stillFraction)
            - (began + 0.4 * (ended - began))) < 1e-9)
        // Without an effect: the first transition (UIKit's push, 0 ... 0.35 s).
        #expect(abs(FrameChoice.defaultTime(in: trace) - 0.175) < 0.02)
        #expect(FrameChoice.frame(at: 100, in: trace)?.t == trace.frames.last?.t)
    }
}
