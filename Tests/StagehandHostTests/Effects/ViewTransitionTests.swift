import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

// view-transition against the CSS View Transitions user agent stylesheet, worked by
// hand on the scene of MagicMoveTests: the group of "mail-3" animates from the icon's
// frame (28, 176, 28, 28) to the picture's (16, 60, 358, 214.8) over 0.25 s on `ease`,
// cubic-bezier(0.25, 0.1, 0.25, 1); its old image is as wide as the group and square
// (the icon's ratio), its new image as wide and 214.8 / 358 of that high, both at its top
// left; the old fades out, the new in, both plus-lighter; the screens cross-fade, also
// plus-lighter.

enum ViewTransitionHand {
    static func ease(_ x: Double) -> Double { MagicMoveHand.bezier(x, 0.25, 0.1, 0.25, 1) }

    static func scenario(_ steps: String, inbox: String = #"{"row 3": "mail-3"}"#, mail: String = #"{"image": "mail-3"}"#) -> String {
        """
        {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Inbox"},
         "navigation": {"push": "view-transition", "pop": "view-transition"},
         "screens": {"Inbox": {"rows": ["Anna", "Ben", "Chloe", "Dan"], "matches": \(inbox)},
                     "Mail": {"back": "Inbox", "image": true, "text": ["Chloe wrote:", "See you at the lake."], "matches": \(mail)}},
         "steps": \(steps)}
        """
    }

    /// The group and its two images in `frame`: the group is the view just before the
    /// old image, one level up.
    static func group(_ frame: Trace.Frame, old: String = "snapshot of panel", new: String = "snapshot of image")
        -> (group: Trace.ViewRecord, old: Trace.ViewRecord, new: Trace.ViewRecord)? {
        let views = frame.views
        guard let o = views.firstIndex(where: { $0.title == old }), let n = views.firstIndex(where: { $0.title == new }),
              let g = views[..<o].lastIndex(where: { $0.depth == views[o].depth - 1 }) else { return nil }
        return (views[g], views[o], views[n])
    }
}

@Suite struct ViewTransitionTests {
    @Test func aPushAnimatesTheGroupAndCrossFadesItsImagesPlusLighter() throws {
        let result = try BuiltInEffects.play(ViewTransitionHand.scenario(MagicMoveHand.pushAndPop))
        let trace = result.trace
        #expect(trace.events.map { "\($0.t) \($0.kind)" } == ["0.0 began", "0.25 completed", "1.0 began", "1.25 completed"])
        for t in [1.0 / 60, 0.1, 0.2] {
            let frame = try #require(trace.frame(at: t))
            let e = ViewTransitionHand.ease(frame.t / 0.25)
            let found = try #require(ViewTransitionHand.group(frame), "no group at \(t)")
            let w = 28 + 330 * e
            ContainerTransformTests.expectClose(found.group.frame, MagicMoveHand.lerp(MagicMoveHand.from, MagicMoveHand.to, e), "group at \(t)")
            ContainerTransformTests.expectClose(found.old.frame, [0, 0, w, w], "old image at \(t)")
            ContainerTransformTests.expectClose(found.new.frame, [0, 0, w, w * 214.8 / 358], "new image at \(t)")
            #expect(abs(found.old.alpha - (1 - e)) < 1e-3 && abs(found.new.alpha - e) < 1e-3, "fades at \(t)")
            #expect(found.old.compositing == "plus-lighter" && found.new.compositing == "plus-lighter")
            // The root: the screens cross-fade, added to each other.
            let inbox = try #require(frame.views.first { $0.title == "Inbox" && $0.kind == "view" })
            let mail = try #require(frame.views.first { $0.title == "Mail" && $0.kind == "view" })
            #expect(abs(inbox.alpha - (1 - e)) < 1e-3 && abs(mail.alpha - e) < 1e-3)
            #expect(mail.compositing == "plus-lighter")
        }
        let settled = try #require(trace.frame(at: 0.3))
        #expect(ViewTransitionHand.group(settled) == nil)
        let mail = try #require(settled.views.first { $0.title == "Mail" && $0.kind == "view" })
        #expect(mail.compositing == nil && mail.alpha == 1)
        expectSettled(result)
    }

    @Test func aPopAnimatesTheGroupBack() throws {
        let result = try BuiltInEffects.play(ViewTransitionHand.scenario(MagicMoveHand.pushAndPop))
        let frame = try #require(result.trace.frame(at: 1.1))
        let e = ViewTransitionHand.ease((frame.t - 1) / 0.25)
        let found = try #require(ViewTransitionHand.group(frame, old: "snapshot of image", new: "snapshot of panel"))
        let w = 358 - 330 * e
        ContainerTransformTests.expectClose(found.group.frame, MagicMoveHand.lerp(MagicMoveHand.to, MagicMoveHand.from, e), "group")
        ContainerTransformTests.expectClose(found.old.frame, [0, 0, w, w * 214.8 / 358], "old image")
        ContainerTransformTests.expectClose(found.new.frame, [0, 0, w, w], "new image")
        expectSettled(result)
    }

    /// CSS skips the names of a transition with a duplicate: "mail-3" twice in Inbox
    /// pairs nothing, and the valid "subject" pair is skipped too; the screens still
    /// cross-fade, the push happens, and the log names the duplicate.
    @Test func aDuplicateIdentifierSkipsTheMatchedPartAndThePushStillHappens() throws {
        let json = ViewTransitionHand.scenario(MagicMoveHand.pushAndPop,
                                               inbox: #"{"row 3": "mail-3", "row 4": "mail-3", "row 3 text": "subject"}"#,
                                               mail: #"{"image": "mail-3", "line 1": "subject"}"#)
        let result = try BuiltInEffects.play(json)
        #expect(result.stage.diagnostics.contains { $0.message.hasPrefix("match identifier 'mail-3'") && $0.message.hasSuffix("neither is matched") },
                "\(result.stage.diagnostics.map(\.message))")
        #expect(!result.trace.frames.contains { $0.views.contains { $0.title.hasPrefix("snapshot of") } })
        let frame = try #require(result.trace.frame(at: 0.1))
        let mail = try #require(frame.views.first { $0.title == "Mail" && $0.kind == "view" })
        #expect(abs(mail.alpha - ViewTransitionHand.ease(frame.t / 0.25)) < 1e-3)
        #expect(result.trace.frames.last?.stack == ["Inbox"])
        #expect(result.trace.events.filter { $0.kind == "completed" }.count == 2)
        expectSettled(result)
    }

    @Test func withoutAPairTheScreensCrossFade() throws {
        let result = try BuiltInEffects.play(ViewTransitionHand.scenario(MagicMoveHand.pushAndPop, inbox: "{}", mail: "{}"))
        let frame = try #require(result.trace.frame(at: 0.1))
        let e = ViewTransitionHand.ease(frame.t / 0.25)
        let inbox = try #require(frame.views.first { $0.title == "Inbox" && $0.kind == "view" })
        let mail = try #require(frame.views.first { $0.title == "Mail" && $0.kind == "view" })
        #expect(abs(inbox.alpha - (1 - e)) < 1e-3 && abs(mail.alpha - e) < 1e-3)
        expectSettled(result)
    }
}
