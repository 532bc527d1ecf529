import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

// page-sheet (libUIKitModalStyles.so, written in C): the card rises to 57 points below
// the top (787 points tall) on a critically damped spring of 0.5 s while the presenter
// shrinks to 0.92 and a black layer over it fades to 0.3; a downward pan dismisses it
// past half the way (progress = translation.y / 787) or when flicked faster than
// 1000 points per second. Every expected value is computed here.

private enum Sheet {
    static let top = 57.0
    static let cardHeight = ModalStyle.height - top
    static let spring = StagehandCore.Spring(duration: 0.5, dampingRatio: 1)

    /// A finger from (195, 300) down by `distance` over `duration` s, still for `hold`
    /// s, then lifted (or cancelled by the system).
    static func drag(_ distance: Double, duration: Double = 0.3, hold: Double = 0.2, release: String = "true") -> String {
        #"{"drag": {"from": [195, 300], "to": [195, \#(300 + distance)], "duration": \#(duration), "hold": \#(hold), "release": \#(release)}}"#
    }
}

/// The look of the scene for the card's progress `p` up (0: below the screen, 1: up).
private func expectSheet(_ frame: Trace.Frame, up p: Double, _ what: String,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
    let card = try #require(frame.screen("Compose"), sourceLocation: sourceLocation)
    let y = ModalStyle.height - Sheet.cardHeight * p
    #expect(abs(card.frame[1] - y) < ModalStyle.tolerance, "\(what): card y \(card.frame[1]), expected \(y)",
            sourceLocation: sourceLocation)
    #expect(card.frame[0] == 0 && card.frame[2] == ModalStyle.width && abs(card.frame[3] - Sheet.cardHeight) < 1e-9,
            sourceLocation: sourceLocation)
    let presenter = try #require(frame.screen("Inbox"), sourceLocation: sourceLocation)
    let scale = 1 - 0.08 * p
    #expect(abs(presenter.transform[0] - scale) < ModalStyle.tolerance && abs(presenter.transform[3] - scale) < ModalStyle.tolerance,
            "\(what): presenter \(presenter.transform), expected scale \(scale)", sourceLocation: sourceLocation)
    #expect(abs(presenter.cornerRadius - 10 * p) < ModalStyle.tolerance, sourceLocation: sourceLocation)
    let dimming = try #require(frame.views("view", kind: "view").first, sourceLocation: sourceLocation)
    #expect(abs(dimming.alpha - 0.3 * p) < ModalStyle.tolerance, "\(what): dimming \(dimming.alpha), expected \(0.3 * p)",
            sourceLocation: sourceLocation)
    #expect(dimming.frame == [0, 0, ModalStyle.width, ModalStyle.height], sourceLocation: sourceLocation)
}

@Suite struct PageSheetTests {
    /// Up on the spring, then down on it: p = spring(t) and 1 − spring(t).
    @Test func theCardRisesWhileThePresenterShrinksAndDims() throws {
        let result = try ModalStyle.play("page-sheet", dismiss: true, interactive: true)
        let trace = result.trace
        for (operation, up) in [("present", true), ("dismiss", false)] {
            let t0 = try ModalStyle.began(trace, operation)
            for elapsed in [1.0 / 60, 0.1, 0.25, 0.4, 29.0 / 60] {
                let frame = try #require(trace.frame(at: t0 + elapsed))
                let s = Sheet.spring.value(at: ModalStyle.frameTime(frame.t - t0))
                try expectSheet(frame, up: up ? s : 1 - s, "\(operation) +\(elapsed)")
            }
            let ended = try #require(trace.events.first { $0.kind == "completed" && $0.operation == operation })
            #expect(abs(ended.t - t0 - 0.5) < 1e-6)
        }
        // Presented: the card at rest, its top corners rounded by its mask.
        let shown = try #require(trace.frame(at: 0.6))
        try expectSheet(shown, up: 1, "presented")
        // Dismissed: the presenter whole again, no dimming left.
        let settled = try #require(trace.frames.last)
        #expect(settled.presented.isEmpty)
        #expect(settled.views("view", kind: "view").isEmpty)
        let presenter = try #require(settled.screen("Inbox"))
        #expect(presenter.transform == [1, 0, 0, 1, 0, 0] && presenter.cornerRadius == 0)
        expectCleanModal(result)
    }

    /// Only the card's top corners are rounded: its mask reaches 10 points below its
    /// bottom edge; dismissed, the view leaves unmasked.
    @Test func onlyTheTopCornersAreRounded() throws {
        let result = try ModalStyle.play("page-sheet", dismiss: true, interactive: true)
        let card = try #require(result.trace.frame(at: 0.6)?.screen("Compose"))
        #expect(card.mask == [0, 0, ModalStyle.width, Sheet.cardHeight + 10, 10])
        let end = try #require(result.trace.frames.last)
        #expect(end.presented.isEmpty)
        expectCleanModal(result)
    }

    /// Held still, the card sits where the finger put it: y = 57 + the finger's travel.
    /// Released slowly, only past half the way does it finish.
    @Test(arguments: [(0.1, false), (0.5 - 1 / Sheet.cardHeight, false), (0.5 + 1 / Sheet.cardHeight, true), (0.8, true)])
    func releasedSlowlyHalfTheWayDecides(progress: Double, finishes: Bool) throws {
        let result = try ModalStyle.play("page-sheet", dismiss: false, interactive: true,
                                         steps: [Sheet.drag(progress * Sheet.cardHeight)])
        let trace = result.trace
        let began = try #require(trace.events.first { $0.kind == "began" && $0.operation == "dismiss" })
        #expect(began.effect == "page-sheet" && began.interactive)
        let held = try #require(trace.frame(at: 1.4))
        #expect(abs(try #require(held.percent) - progress) < 1e-6)
        try expectSheet(held, up: 1 - progress, "held")
        let ended = try #require(trace.events.last)
        #expect(ended.operation == "dismiss" && ended.kind == (finishes ? "completed" : "cancelled"))
        #expect(ended.t > 1.5 - 1e-9, "ended before the finger lifted")
        let settled = try #require(trace.frames.last)
        #expect(settled.presented == (finishes ? [] : ["Compose"]))
        if !finishes { try expectSheet(settled, up: 1, "after the cancel") }
        expectCleanModal(result)
    }

    /// The velocity rule: 100 points in 0.05 s, lifted at once (2000 points per second)
    /// finishes though it is an eighth of the way; the same 100 points in 0.3 s (333
    /// points per second), or held still before lifting, cancels.
    @Test(arguments: [(0.05, 0.0, true), (0.3, 0.0, false), (0.3, 0.2, false)])
    func aFlickFinishesASlowShortDragCancels(duration: Double, hold: Double, finishes: Bool) throws {
        let result = try ModalStyle.play("page-sheet", dismiss: false, interactive: true,
                                         steps: [Sheet.drag(100, duration: duration, hold: hold)])
        let trace = result.trace
        let ended = try #require(trace.events.last)
        #expect(ended.operation == "dismiss" && ended.effect == "page-sheet")
        #expect(ended.kind == (finishes ? "completed" : "cancelled"), "events: \(trace.events)")
        #expect(trace.frames.last?.presented == (finishes ? [] : ["Compose"]))
        expectCleanModal(result)
    }

    /// A pan the system cancels cancels the dismissal, wherever it got.
    @Test func aDragCancelledByTheSystemCancels() throws {
        let result = try ModalStyle.play("page-sheet", dismiss: false, interactive: true,
                                         steps: [Sheet.drag(0.8 * Sheet.cardHeight, release: #""cancel""#)])
        let ended = try #require(result.trace.events.last)
        #expect(ended.operation == "dismiss" && ended.kind == "cancelled")
        try expectSheet(try #require(result.trace.frames.last), up: 1, "after the cancel")
        expectCleanModal(result)
    }

    /// An upward or sideways drag is not a dismissal.
    @Test func anUpwardDragDoesNotDismiss() throws {
        let result = try ModalStyle.play("page-sheet", dismiss: false, interactive: true, steps: [
            #"{"drag": {"from": [195, 600], "to": [195, 300], "duration": 0.3, "hold": 0.1, "release": true}}"#,
            #"{"drag": {"from": [50, 400], "to": [350, 420], "duration": 0.3, "hold": 0.1, "release": true}}"#,
        ])
        #expect(!result.trace.events.contains { $0.operation == "dismiss" })
        #expect(result.trace.frames.last?.presented == ["Compose"])
        expectCleanModal(result)
    }
}
