import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// The bugs the peers' users report most about matched transitions, each a test named
/// after the behaviour it protects, run through the real bundles (libMagicMove.so):
/// reused list cells with stale identifiers, the corner squared in flight, the shadow
/// lost, the source flashing above the destination, the alpha dip of a translucent
/// cross-fade, Material's fade-through thresholds (ContainerTransformTests), and a
/// destination not yet laid out.
@Suite struct MatchedRegressionTests {
    /// A stage with a navigation controller whose pushes and pops play `effect`, a list
    /// `Inbox` and a detail `Mail` made by the caller.
    struct Scene {
        let stage = Stage(screen: Size(width: 390, height: 844), framesPerSecond: 60)
        let coordinator: Coordinator
        let nav: NavigationController
        let inbox = ViewController(title: "Inbox")
        let mail = ViewController(title: "Mail")

        init(_ effect: String) throws {
            coordinator = Coordinator(library: BuiltInEffects.library, stage: stage)
            try coordinator.use(effect, for: .push)
            try coordinator.use(effect, for: .pop)
            nav = coordinator.makeNavigationController(root: inbox)
            coordinator.setRoot(nav)
            stage.step()
        }

        /// A panel named `name` with identifier `id` at `frame` in `parent`, opaque unless told.
        @discardableResult
        static func add(_ name: String, _ id: String?, _ frame: Rect, to parent: View, color: Color = .white) -> View {
            let v = View(frame: frame, kind: .panel, label: name)
            v.matchID = id
            v.backgroundColor = color
            parent.addSubview(v)
            return v
        }

        /// The flying copies of the views labelled with one of `names` (copies carry no identifier),
        /// back to front, after each frame of the running transition.
        func framesOfFlight(_ names: Set<String>) -> [[View]] {
            var frames: [[View]] = []
            // The push starts on the next frame.
            var first = true
            while first || stage.isTransitioning {
                first = false
                stage.step()
                frames.append(stage.window.allViewsBackToFront.filter { names.contains($0.label ?? "") && $0.matchID == nil })
            }
            return frames.dropLast().filter { !$0.isEmpty }
        }
    }

    static let icon = Rect(x: 28, y: 176, width: 28, height: 28)
    static let picture = Rect(x: 16, y: 60, width: 358, height: 214.8)

    /// Hero takes the last of two views with one identifier: a reused cell still
    /// carrying a stale identifier then flies the wrong row. Here neither flies, the run
    /// says which identifier and which views, and the push still happens.
    @Test func aReusedCellWithAStaleIdentifierFliesNoRowAndIsReported() throws {
        let json = MagicMoveHand.scenario(MagicMoveHand.pushAndPop)
            .replacingOccurrences(of: #""matches": {"row 3": "mail-3"}"#, with: #""matches": {"row 1": "mail-3", "row 3": "mail-3"}"#)
        let result = try BuiltInEffects.play(json)
        #expect(result.stage.diagnostics.contains { $0.message.hasPrefix("match identifier 'mail-3' is carried by") })
        #expect(!result.trace.frames.contains { $0.views.contains { $0.title.hasPrefix("snapshot of") } })
        #expect(result.trace.events.filter { $0.kind == "completed" }.count == 2)
        expectSettled(result)
    }

    /// Hero's long-standing report: the corner radius snaps square while the view flies.
    /// Every frame of magic-move's flight keeps the copies round (between the icon's 7
    /// and the picture's 12), and container-transform's container too.
    @Test func theCornerRadiusStaysRoundThroughTheFlight() throws {
        let trace = try BuiltInEffects.play(MagicMoveHand.scenario(MagicMoveHand.pushAndPop)).trace
        let flying = trace.frames.filter { $0.t > 0 && $0.t < 0.38 }.compactMap(MagicMoveHand.copies)
        #expect(flying.count > 10)
        for copies in flying {
            #expect(copies.destination.cornerRadius >= 7 - 1e-9 && copies.destination.cornerRadius <= 12 + 1e-9)
            #expect(copies.source.cornerRadius >= 7 - 1e-9 && copies.source.cornerRadius <= 12 + 1e-9)
        }
        let container = try BuiltInEffects.play(ContainerTransformHand.scenario(MagicMoveHand.pushAndPop)).trace
        let boxes = container.frames.filter { $0.t > 0 && $0.t < 0.5 }.compactMap(ContainerTransformHand.flight)
        #expect(boxes.count > 20 && boxes.allSatisfy { $0.container.cornerRadius >= 7 - 1e-9 })
    }

    /// Hero's "shadow disappears": a card with a shadow flies with it. Both sides cast
    /// the same shadow; in every frame the copy that shows it (the source's: the
    /// destination's is turned off so there are not two) is fully opaque with it.
    @Test func theShadowFliesWithTheCard() throws {
        let scene = try Scene("magic-move")
        let source = Scene.add("card", "card", Self.icon, to: scene.inbox.view)
        let destination = Scene.add("card", "card", Self.picture, to: scene.mail.view)
        for view in [source, destination] {
            view.shadowOpacity = 0.4
            view.shadowRadius = 8
        }
        _ = scene.nav.pushViewController(scene.mail, animated: true)
        let frames = scene.framesOfFlight(["card"])
        #expect(frames.count > 10)
        for copies in frames {
            #expect(copies.contains { $0.model.shadowOpacity == 0.4 && $0.model.shadowRadius == 8 && $0.model.alpha == 1 },
                    "\(copies.map { ($0.model.shadowOpacity, $0.model.alpha) })")
        }
    }

    /// Hero's z-order report: the source flashing above the destination. On a push the
    /// destination's copy is above the source's in every frame; on a pop the source's
    /// (the picture's) is above.
    @Test func theSourceNeverFlashesAboveTheDestinationOnAPush() throws {
        let trace = try BuiltInEffects.play(MagicMoveHand.scenario(MagicMoveHand.pushAndPop)).trace
        let push = trace.frames.filter { $0.t > 0 && $0.t < 0.38 }.compactMap(MagicMoveHand.copies)
        let pop = trace.frames.filter { $0.t > 1 && $0.t < 1.38 }.compactMap(MagicMoveHand.copies)
        #expect(push.count > 10 && pop.count > 10)
        // The icon's copy ("panel") is the source on the push and the destination on the pop.
        #expect(push.allSatisfy { $0.sourceBelow } && pop.allSatisfy { $0.sourceBelow })
    }

    /// Hero's semi-transparent cross-fade: "A.opacity + B.opacity is less than 1.0", so
    /// what lies behind shows through mid-way. A pair at opacity 0.6 cross-fades its
    /// copies plus-lighter in a holder of their own, their opacities summing to 0.6 in
    /// every frame: added, the two images make the image.
    @Test func aTranslucentPairCrossFadesWithoutAnAlphaDip() throws {
        let scene = try Scene("magic-move")
        let source = Scene.add("badge", "badge", Self.icon, to: scene.inbox.view)
        let destination = Scene.add("badge", "badge", Self.picture, to: scene.mail.view)
        source.alpha = 0.6
        destination.alpha = 0.6
        _ = scene.nav.pushViewController(scene.mail, animated: true)
        let frames = scene.framesOfFlight(["badge"])
        #expect(frames.count > 10)
        for copies in frames {
            #expect(copies.count == 2 && copies.allSatisfy { $0.model.compositing == .plusLighter })
            // In a holder of their own, not straight in the container.
            #expect(copies.first?.superview === copies.last?.superview && copies.first?.superview?.kind != .container)
            let sum = copies.map(\.presentation.alpha).reduce(0, +)
            #expect(abs(sum - 0.6) < 1e-9, "opacities sum to \(sum)")
        }
    }

    /// Android's and Hero's "destination not laid out yet": the incoming screen is still
    /// where a previous transition left it (off screen to the right) when the push
    /// starts. The flight goes to the picture's settled place in the incoming screen
    /// at its final frame, not to where the view stood.
    @Test func aDestinationNotYetLaidOutFliesToItsSettledPlace() throws {
        let scene = try Scene("magic-move")
        Scene.add("icon", "mail-3", Self.icon, to: scene.inbox.view)
        Scene.add("picture", "mail-3", Self.picture, to: scene.mail.view)
        scene.mail.view.frame = Rect(x: 390, y: 0, width: 390, height: 844)
        _ = scene.nav.pushViewController(scene.mail, animated: true)
        let frames = scene.framesOfFlight(["picture", "icon"])
        #expect(frames.count > 10)
        let last = try #require(frames.last)
        for copy in last {
            let f = copy.presentation.frame
            // The last frame before the end: within a point of the picture's place.
            #expect(abs(f.minX - 16) < 1 && abs(f.minY - 60) < 1 && abs(f.width - 358) < 2, "\(f)")
        }
    }
}
