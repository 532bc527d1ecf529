import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// slide-pop, from its recipe (Documentation/References.md): 0.25 s, the from-view
/// slides right over the to-view; with its pan, progress = translation.x / width,
/// finishing above 0.5, and a pan the system cancels is decided by the same threshold.
@Suite struct SlidePopTests {
    let width = 390.0
    let epsilon = 0.005

    @Test func theFromViewSlidesRightOverTheToViewIn250Milliseconds() throws {
        let result = try BuiltInEffects.play("""
            {"root": {"title": "Inbox"}, "navigation": {"pop": "slide-pop"},
             "steps": [{"push": {"title": "Detail"}}, {"wait": 0.5}, {"pop": {}}, {"wait": 0.5}]}
            """)
        let trace = result.trace
        let began = try #require(trace.events.first { $0.kind == "began" && $0.operation == "pop" })
        let ended = try #require(trace.events.last { $0.operation == "pop" })
        #expect(ended.kind == "completed")
        #expect(abs(ended.t - began.t - 0.25) < 1e-6)
        // Start, middle and end: x = width × easeInOut(t / 0.25), computed here.
        for k in [1, 8, 14] {
            let t = began.t + Double(k) / 60
            let frame = try #require(trace.frame(at: t))
            let detail = try #require(frame.views("Detail", kind: "view").first)
            let x = width * TimingCurve.easeInOut.progress(at: Double(k) / 60 / 0.25)
            #expect(abs(detail.corners[0][0] - x) < 1e-3)
            #expect(abs(detail.corners[1][0] - (x + width)) < 1e-3)
            // The to-view is below it (earlier in back-to-front order), unmoved.
            let order = frame.views.map(\.title)
            #expect(order.firstIndex(of: "Inbox")! < order.firstIndex(of: "Detail")!)
        }
        #expect(trace.frames.last?.stack == ["Inbox"])
        expectSettled(result)
    }

    @Test(arguments: [0.1, 0.49, 0.5 - 0.005])
    func releasedBelowTheThresholdItCancels(fraction: Double) throws {
        let result = try drag(fraction)
        #expect(result.trace.events.filter { $0.operation == "pop" }.map(\.kind) == ["began", "cancelled"])
        #expect(result.trace.frames.last?.stack == ["Inbox", "Detail"])
        expectSettled(result)
    }

    @Test func releasedAboveTheThresholdItFinishes() throws {
        let result = try drag(0.5 + epsilon)
        #expect(result.trace.events.filter { $0.operation == "pop" }.map(\.kind) == ["began", "completed"])
        #expect(result.trace.frames.last?.stack == ["Inbox"])
        expectSettled(result)
    }

    /// The recipe's handler tests for ended or cancelled alike.
    @Test(arguments: [(0.3, false), (0.6, true)])
    func cancelledByTheSystemTheThresholdDecides(fraction: Double, finishes: Bool) throws {
        let result = try drag(fraction, release: #""cancel""#)
        #expect(result.trace.events.filter { $0.operation == "pop" }.map(\.kind) == ["began", finishes ? "completed" : "cancelled"])
        #expect(result.trace.frames.last?.stack == (finishes ? ["Inbox"] : ["Inbox", "Detail"]))
        expectSettled(result)
    }

    /// Pushes Detail, then drags from x = 40 to 40 + fraction × width, holds still, lifts
    /// (or the system cancels the touch).
    func drag(_ fraction: Double, release: String = "true") throws -> ScenarioResult {
        let result = try BuiltInEffects.play("""
            {"root": {"title": "Inbox"}, "navigation": {"interactivePop": "slide-pop"},
             "steps": [{"push": {"title": "Detail"}}, {"wait": 0.5},
                       {"drag": {"from": [40, 400], "to": [\(40 + fraction * width), 400], "duration": 0.3, "hold": 0.2,
                                 "release": \(release)}},
                       {"wait": 0.5}]}
            """)
        // While held, the from-view sits under the finger: linear, percent = fraction.
        let held = try #require(result.trace.frame(at: 0.5 + 0.3 + 0.1))
        #expect(abs((held.percent ?? -1) - fraction) < 1e-6)
        let detail = try #require(held.views("Detail", kind: "view").first)
        #expect(abs(detail.transform[4] - fraction * width) < 1e-3)
        return result
    }
}
