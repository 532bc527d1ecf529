import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// view-transition and container-transform presenting and dismissing (not driven by a
/// finger): row 3's icon of Inbox and a presented Photo's picture, which stands where
/// Mail's does (MagicMovePresentationTests).
@Suite struct MatchedPresentationTests {
    static func play(_ effect: String) throws -> ScenarioResult {
        try BuiltInEffects.play(MagicMovePresentationHand.scenario("""
            [{"present": {"title": "Photo", "effect": "\(effect)", "dismissal": "\(effect)"}}, {"wait": 1},
             {"dismiss": {}}, {"wait": 1}]
            """))
    }

    @Test func aViewTransitionPresentsAndDismissesThroughItsGroup() throws {
        let result = try Self.play("view-transition")
        #expect(result.trace.events.map { "\($0.t) \($0.operation) \($0.kind)" }
                == ["0.0 present began", "0.25 present completed", "1.0 dismiss began", "1.25 dismiss completed"])
        for (t, forward) in [(0.1, true), (1.1, false)] {
            let frame = try #require(result.trace.frame(at: t))
            let e = ViewTransitionHand.ease((frame.t - (forward ? 0 : 1)) / 0.25)
            let group = try #require(forward ? ViewTransitionHand.group(frame)
                                             : ViewTransitionHand.group(frame, old: "snapshot of image", new: "snapshot of panel"))
            let place = forward ? MagicMoveHand.lerp(MagicMoveHand.from, MagicMoveHand.to, e)
                                : MagicMoveHand.lerp(MagicMoveHand.to, MagicMoveHand.from, e)
            ContainerTransformTests.expectClose(group.group.frame, place, "group at \(t)")
            #expect(abs(group.old.alpha - (1 - e)) < 1e-3 && abs(group.new.alpha - e) < 1e-3)
        }
        expectSettled(result)
    }

    @Test func aContainerTransformPresentsEnteringAndDismissesReturning() throws {
        let result = try Self.play("container-transform")
        #expect(result.trace.events.map { "\($0.t) \($0.operation) \($0.kind)" }
                == ["0.0 present began", "0.5 present completed", "1.0 dismiss began", "1.4 dismiss completed"])
        let entering = try #require(result.trace.frame(at: 0.1))
        let p = ContainerTransformHand.emphasized(entering.t / 0.5)
        let box = try #require(ContainerTransformHand.flight(entering)).container
        ContainerTransformTests.expectClose(box.frame, ContainerTransformHand.entering(p).container, "entering")
        let returning = try #require(result.trace.frame(at: 1.2))
        let q = ContainerTransformHand.emphasized((returning.t - 1) / 0.4)
        let back = try #require(ContainerTransformHand.flight(returning)).container
        ContainerTransformTests.expectClose(back.frame, ContainerTransformHand.returning(q).container, "returning")
        expectSettled(result)
    }
}
