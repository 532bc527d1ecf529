import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

// bottom-sheet (libUILibraries.so), PanModal's sheet: it rises to its detent (medium:
// 422 points tall; large: 780, 64 points from the top) on a spring of 0.5 s with
// damping ratio 0.8 over a black layer fading in to 0.7; a downward pan dismisses it
// past half its height or when flicked faster than 300 points per second. Every
// expected value is computed here.

private enum BottomSheet {
    static let spring = StagehandCore.Spring(duration: 0.5, dampingRatio: 0.8)

    /// A finger from (195, `from`) down by `distance` over `duration` s, still for
    /// `hold` s, then lifted.
    static func drag(_ distance: Double, from: Double = 500, duration: Double = 0.3, hold: Double = 0.2) -> String {
        #"{"drag": {"from": [195, \#(from)], "to": [195, \#(from + distance)], "duration": \#(duration), "hold": \#(hold), "release": true}}"#
    }
}

/// The sheet of `height` points and the dimming layer, the sheet `p` of the way up.
private func expectSheet(_ frame: Trace.Frame, height: Double, up p: Double, _ what: String,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
    let sheet = try #require(frame.screen("Compose"), sourceLocation: sourceLocation)
    let y = ModalStyle.height - height * p
    #expect(abs(sheet.frame[1] - y) < ModalStyle.tolerance, "\(what): sheet y \(sheet.frame[1]), expected \(y)",
            sourceLocation: sourceLocation)
    #expect(abs(sheet.frame[3] - height) < 1e-9 && sheet.frame[2] == ModalStyle.width, sourceLocation: sourceLocation)
    let dimming = try #require(frame.views("view", kind: "view").first, sourceLocation: sourceLocation)
    #expect(abs(dimming.alpha - min(0.7 * p, 1)) < ModalStyle.tolerance, "\(what): dimming \(dimming.alpha)",
            sourceLocation: sourceLocation)
    let presenter = try #require(frame.screen("Inbox"), sourceLocation: sourceLocation)
    #expect(presenter.transform == [1, 0, 0, 1, 0, 0] && presenter.frame == [0, 0, ModalStyle.width, ModalStyle.height],
            "\(what): the presenter moved", sourceLocation: sourceLocation)
}

@Suite struct BottomSheetTests {
    /// Medium: up to half the screen on the spring (it overshoots a little), down on it.
    @Test func theSheetRisesToTheMediumDetentAndGoesBack() throws {
        let result = try ModalStyle.play("bottom-sheet", dismiss: true, interactive: true)
        let trace = result.trace
        var highest = Double.infinity
        for (operation, up) in [("present", true), ("dismiss", false)] {
            let t0 = try ModalStyle.began(trace, operation)
            for elapsed in [1.0 / 60, 0.1, 0.25, 0.4, 29.0 / 60] {
                let frame = try #require(trace.frame(at: t0 + elapsed))
                let s = BottomSheet.spring.value(at: ModalStyle.frameTime(frame.t - t0))
                try expectSheet(frame, height: 422, up: up ? s : 1 - s, "\(operation) +\(elapsed)")
            }
            if up {
                for frame in trace.frames where frame.t > t0 && frame.t < t0 + 0.5 {
                    highest = min(highest, try #require(frame.screen("Compose")).frame[1])
                }
            }
        }
        #expect(highest < 422 - 1, "no overshoot: the highest y was \(highest)")
        let shown = try #require(trace.frame(at: 0.6))
        try expectSheet(shown, height: 422, up: 1, "presented")
        // PanModal's 8-point top corners: a mask reaching 8 points below the bottom edge.
        #expect(try #require(shown.screen("Compose")).mask == [0, 0, ModalStyle.width, 422 + 8, 8])
        let settled = try #require(trace.frames.last)
        #expect(settled.presented.isEmpty && settled.views("view", kind: "view").isEmpty)
        expectCleanModal(result)
    }

    /// Large: 64 points short of the top.
    @Test func theLargeDetentLeaves64PointsAtTheTop() throws {
        let result = try ModalStyle.play("bottom-sheet", dismiss: false, interactive: true, parameters: ["detent": "large"])
        try expectSheet(try #require(result.trace.frame(at: 0.6)), height: 780, up: 1, "presented")
        let mid = try #require(result.trace.frame(at: 0.25))
        try expectSheet(mid, height: 780, up: BottomSheet.spring.value(at: 0.25), "mid-way")
        expectCleanModal(result)
    }

    /// Held still, the sheet follows the finger; released slowly, half its height decides.
    @Test(arguments: [(0.1, false), (0.5 - 1 / 422.0, false), (0.5 + 1 / 422.0, true)])
    func releasedSlowlyHalfTheHeightDecides(progress: Double, finishes: Bool) throws {
        let result = try ModalStyle.play("bottom-sheet", dismiss: false, interactive: true,
                                         steps: [BottomSheet.drag(progress * 422)])
        let trace = result.trace
        let held = try #require(trace.frame(at: 1.4))
        #expect(abs(try #require(held.percent) - progress) < 1e-6)
        try expectSheet(held, height: 422, up: 1 - progress, "held")
        let ended = try #require(trace.events.last)
        #expect(ended.operation == "dismiss" && ended.effect == "bottom-sheet")
        #expect(ended.kind == (finishes ? "completed" : "cancelled"))
        let settled = try #require(trace.frames.last)
        #expect(settled.presented == (finishes ? [] : ["Compose"]))
        if !finishes { try expectSheet(settled, height: 422, up: 1, "after the cancel") }
        expectCleanModal(result)
    }

    /// PanModal's flick: 40 points in 0.1 s, lifted at once (400 points per second),
    /// dismisses; in 0.2 s (200 points per second), or held before lifting, it does not.
    @Test(arguments: [(0.1, 0.0, true), (0.2, 0.0, false), (0.1, 0.2, false)])
    func aFlickOver300PointsPerSecondDismisses(duration: Double, hold: Double, finishes: Bool) throws {
        let result = try ModalStyle.play("bottom-sheet", dismiss: false, interactive: true,
                                         steps: [BottomSheet.drag(40, duration: duration, hold: hold)])
        let ended = try #require(result.trace.events.last)
        #expect(ended.operation == "dismiss" && ended.kind == (finishes ? "completed" : "cancelled"),
                "events: \(result.trace.events)")
        #expect(result.trace.frames.last?.presented == (finishes ? [] : ["Compose"]))
        expectCleanModal(result)
    }

    /// At a flick velocity of 0 any release that is not moving up finishes, however
    /// short and slow the drag.
    @Test func aFlickVelocityOfZeroFinishesEveryDownwardRelease() throws {
        let result = try ModalStyle.play("bottom-sheet", dismiss: false, interactive: true,
                                         steps: [BottomSheet.drag(40, duration: 0.3, hold: 0.2)],
                                         parameters: ["flickVelocity": "0"])
        #expect(result.trace.events.last?.kind == "completed", "events: \(result.trace.events)")
        #expect(result.trace.frames.last?.presented == [])
        expectCleanModal(result)
    }

    /// Anything but medium or large is refused (it is not one of the declared choices):
    /// the run says why, and the presentation should still happen with the system
    /// animation, as a push does when its effect is refused.
    @Test func anUnknownDetentFallsBackToTheSystemPresentation() throws {
        let result = try ModalStyle.play("bottom-sheet", dismiss: false, parameters: ["detent": "huge"])
        #expect(result.trace.events.contains { $0.kind == "error" && $0.effect == "bottom-sheet" })
        #expect(result.trace.frames.last?.presented == ["Compose"])
        let error = try #require(result.trace.events.first { $0.kind == "error" && $0.effect == "bottom-sheet" })
        #expect(error.message?.contains("medium") == true && error.message?.contains("system animation") == true, "\(error)")
        expectSettled(result)
    }
}
