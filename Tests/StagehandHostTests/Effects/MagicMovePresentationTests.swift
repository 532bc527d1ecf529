import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

// magic-move presenting and dismissing: row 3's icon of Inbox flies into the picture of
// a presented Photo and back, by the numbers of MagicMoveTests (the presented picture
// stands where Mail's does: (16, 60), 358 × 214.8, so the flight lasts 0.374667 s).

enum MagicMovePresentationHand {
    static func scenario(_ steps: String) -> String {
        """
        {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Inbox"},
         "screens": {"Inbox": {"rows": ["Anna", "Ben", "Chloe", "Dan"], "matches": {"row 3": "mail-3"}},
                     "Photo": {"image": true, "text": ["At the lake."], "matches": {"image": "mail-3"}}},
         "steps": \(steps)}
        """
    }

    static let present = #"{"present": {"title": "Photo", "effect": "magic-move", "dismissal": "magic-move", "interactiveDismissal": "magic-move"}}"#
}

@Suite struct MagicMovePresentationTests {
    @Test func aPresentationFliesTheIconIntoThePictureAndTheDismissalFliesItBack() throws {
        let result = try BuiltInEffects.play(MagicMovePresentationHand.scenario(
            "[\(MagicMovePresentationHand.present), {\"wait\": 1}, {\"dismiss\": {}}, {\"wait\": 1}]"))
        let trace = result.trace
        #expect(trace.events.map { "\($0.t) \($0.operation) \($0.kind)" }
                == ["0.0 present began", "0.383333 present completed", "1.0 dismiss began", "1.383333 dismiss completed"])
        let presented = try #require(trace.frame(at: 0.5)?.views.first { $0.match == "mail-3" && $0.kind == "image" })
        #expect(presented.frame == [16, 60, 358, 214.8], "the presented picture stands where the hand numbers put it")
        // Presenting: the destination's copy above, fading in; dismissing: the source's
        // (the picture's) above, fading out.
        for (t, forward) in [(0.15, true), (1.15, false)] {
            let frame = try #require(trace.frame(at: t))
            let f = MagicMoveHand.bezier((frame.t - (forward ? 0 : 1)) / MagicMoveHand.duration)
            let views = frame.views
            let icon = try #require(views.firstIndex { $0.title == "snapshot of panel" })
            let picture = try #require(views.firstIndex { $0.title == "snapshot of image" })
            let place = forward ? MagicMoveHand.lerp(MagicMoveHand.from, MagicMoveHand.to, f)
                                : MagicMoveHand.lerp(MagicMoveHand.to, MagicMoveHand.from, f)
            MagicMoveTests.expectFrame(views[icon], place, "icon at \(t)")
            MagicMoveTests.expectFrame(views[picture], place, "picture at \(t)")
            // The picture is the destination presenting and the source dismissing: on top both ways.
            #expect(icon < picture, "the picture's copy on top at \(t)")
            #expect(abs(views[picture].alpha - (forward ? f : 1 - f)) < 1e-3 && views[icon].alpha == 1, "the picture's copy fades at \(t)")
        }
        expectSettled(result)
    }

    /// A pan down the presented Photo dismisses it, linear under the finger: past half
    /// the screen's height it finishes, before half it cancels.
    @Test(arguments: [(520.0, true), (150.0, false)])
    func aPanDownDismissesPastHalf(by distance: Double, finishes: Bool) throws {
        let steps = """
            [\(MagicMovePresentationHand.present), {"wait": 1},
             {"drag": {"from": [195, 200], "to": [195, \(200 + distance)], "duration": 0.3, "hold": 0.1, "release": true}},
             {"wait": 1}]
            """
        let result = try BuiltInEffects.play(MagicMovePresentationHand.scenario(steps))
        let trace = result.trace
        let began = try #require(trace.events.first { $0.operation == "dismiss" && $0.kind == "began" })
        #expect(began.interactive)
        let held = try #require(trace.frames.last { $0.percent != nil && $0.t > began.t })
        let p = try #require(held.percent)
        let copy = try #require(held.views.first { $0.title == "snapshot of image" })
        MagicMoveTests.expectFrame(copy, MagicMoveHand.lerp(MagicMoveHand.to, MagicMoveHand.from, p), "held at \(p)")
        #expect(trace.events.contains { $0.operation == "dismiss" && $0.kind == (finishes ? "completed" : "cancelled") })
        let last = try #require(trace.frames.last)
        #expect(!last.views.contains { $0.title.hasPrefix("snapshot of") })
        let photoShown = last.views.contains { $0.title == "Photo" && $0.kind == "view" && !$0.hidden }
        #expect(photoShown == !finishes)
        expectSettled(result)
    }
}
