import Foundation
import Testing
@testable import StagehandCore

/// The layer properties of ABI 1.2 on the virtual clock: defaults as CALayer's, the
/// animatable ones half-way at mid-time (linear curves, so the fractions are exact), the
/// others changing at once, their effect on coordinates and drawing order, and a
/// cancelled transition putting them back.
@Suite struct LayerPropertyTests {
    static func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test func theDefaultsAreCALayers() {
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(v.isDoubleSided)
        #expect(v.sublayerTransform.isIdentity)
        #expect(!v.clipsToBounds)
        #expect(v.mask == nil)
        #expect(v.shadowRadius == 3)
        #expect(v.shadowOffset == Size(width: 0, height: -3))
        #expect(v.shadowColor == .black)
        #expect(v.zPosition == 0)
    }

    @Test func shadowsAndZPositionAreHalfWayAtMidTime() {
        let stage = Stage(framesPerSecond: 60)
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        stage.window.addSubview(v)
        View.animate(withDuration: 1, options: .curveLinear) {
            v.shadowRadius = 13
            v.shadowOffset = Size(width: 10, height: 7)
            v.shadowColor = .white
            v.zPosition = 10
        }
        #expect(v.zPosition == 10, "the model changes at once")
        #expect(v.presentation.zPosition == 0, "the screen does not")
        stage.advance(by: 0.5)
        let p = v.presentation
        #expect(Self.near(p.shadowRadius, 8))                 // 3 + (13 − 3) / 2
        #expect(Self.near(p.shadowOffset.width, 5))           // 0 + 10 / 2
        #expect(Self.near(p.shadowOffset.height, 2))          // −3 + (7 + 3) / 2
        #expect(Self.near(p.shadowColor.red, 0.5) && Self.near(p.shadowColor.alpha, 1))
        #expect(Self.near(p.zPosition, 5))
        stage.advance(by: 0.5)
        #expect(v.presentation == v.model)
        #expect(stage.animator.runningCount == 0)
    }

    @Test func aSublayerTransformIsInterpolatedLikeATransform() {
        let stage = Stage(framesPerSecond: 60)
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        stage.window.addSubview(v)
        View.animate(withDuration: 1, options: .curveLinear) {
            v.sublayerTransform = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0)
        }
        stage.advance(by: 0.5)
        // Half of 60° about y is 30°.
        let mid = v.presentation.sublayerTransform, expected = Transform3D(rotationAngle: .pi / 6, x: 0, y: 1, z: 0)
        #expect(zip(mid.values, expected.values).allSatisfy { Self.near($0, $1, 1e-9) }, "\(mid)")
    }

    /// The parent's perspective reaches its children: a child 100 pt nearer the eye
    /// (zPosition 100) under a perspective of 500 pt is magnified 500 / 400 about the
    /// parent's centre, so its top left corner (−100, −100 from the centre) lands at
    /// −125 from it: (100 − 125, 100 − 125).
    @Test func aSublayerPerspectiveAndZPositionPlaceTheChildren() {
        let stage = Stage(framesPerSecond: 60)
        let parent = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let child = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        stage.window.addSubview(parent)
        parent.addSubview(child)
        parent.sublayerTransform = Transform3D(perspectiveDistance: 500)
        #expect(Self.near(child.cornersInWindow()[0].x, 0), "at z = 0 a perspective changes nothing")
        child.zPosition = 100
        let corner = child.cornersInWindow()[0]
        #expect(Self.near(corner.x, -25) && Self.near(corner.y, -25), "\(corner)")
        // And back: the window point maps to the child's own corner.
        let back = child.convert(corner, from: nil)
        #expect(Self.near(back.x, 0, 1e-6) && Self.near(back.y, 0, 1e-6))
    }

    @Test func aMaskAnimatesFromOneCircleToAnother() {
        let stage = Stage(framesPerSecond: 60)
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        stage.window.addSubview(v)
        View.animate(withDuration: 1, options: .curveLinear) {
            v.mask = .circle(center: Point(x: 50, y: 50), radius: 10)
        }
        #expect(v.presentation.mask == .circle(center: Point(x: 50, y: 50), radius: 10), "a first mask is set at once")
        #expect(stage.animator.runningCount == 0)
        View.animate(withDuration: 1, options: .curveLinear) {
            v.mask = .circle(center: Point(x: 50, y: 50), radius: 50)
        }
        stage.advance(by: 0.5)
        let mid = try! #require(v.presentation.mask)
        // Radius 10 → 50: half-way 30, so the square is 60 wide about (50, 50).
        #expect(Self.near(mid.cornerRadius, 30))
        #expect(Self.near(mid.rect.origin.x, 20) && Self.near(mid.rect.origin.y, 20))
        #expect(Self.near(mid.rect.width, 60) && Self.near(mid.rect.height, 60))
        v.mask = nil
        #expect(v.presentation.mask == nil, "removing the mask is at once and stops its animation")
        #expect(stage.animator.runningCount == 0)
    }

    @Test func doubleSidedAndClippingChangeAtOnceEvenInsideABlock() {
        let stage = Stage(framesPerSecond: 60)
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        stage.window.addSubview(v)
        View.animate(withDuration: 1) {
            v.isDoubleSided = false
            v.clipsToBounds = true
        }
        #expect(!v.presentation.isDoubleSided && v.presentation.clipsToBounds)
        #expect(stage.animator.runningCount == 0)
    }

    @Test func aViewTurnedHalfWayRoundFacesAway() {
        let stage = Stage(framesPerSecond: 60)
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        stage.window.addSubview(v)
        #expect(!v.isFacingAway)
        v.transform3D = Transform3D(rotationAngle: .pi * 0.75, x: 0, y: 1, z: 0)
        #expect(v.isFacingAway)
        v.transform3D = Transform3D(rotationAngle: .pi * 0.25, x: 0, y: 1, z: 0)
        #expect(!v.isFacingAway)
    }

    @Test func siblingsAreDrawnAndHitInZPositionOrder() {
        let stage = Stage(framesPerSecond: 60)
        let a = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), label: "a")
        let b = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), label: "b")
        let c = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), label: "c")
        for v in [a, b, c] { stage.window.addSubview(v) }
        #expect(stage.window.subviewsInDrawingOrder.map(\.label) == ["a", "b", "c"])
        #expect(stage.window.hitTest(windowPoint: Point(x: 50, y: 50)) === c)
        a.zPosition = 1
        #expect(stage.window.subviewsInDrawingOrder.map(\.label) == ["b", "c", "a"])
        #expect(stage.window.allViewsBackToFront.compactMap(\.label) == ["b", "c", "a"])
        #expect(stage.window.hitTest(windowPoint: Point(x: 50, y: 50)) === a)
        #expect(stage.window.subviews.map(\.label) == ["a", "b", "c"], "the subviews keep their order")
    }

    /// A tile of a screen: a clipping view the size of the rectangle, holding a copy of
    /// the whole view placed so the rectangle's origin is at the tile's top left — so a
    /// subview at y = 300 shows at y = 300 − 211 in the tile taken from y = 211. The
    /// tile is a container (it draws nothing); the copy inside is the view's look.
    @Test func aResizableSnapshotIsATileOfTheView() throws {
        let stage = Stage(framesPerSecond: 60)
        let screen = View(frame: Rect(x: 0, y: 0, width: 390, height: 844), label: "Inbox")
        let row = View(frame: Rect(x: 10, y: 300, width: 50, height: 50), label: "row")
        screen.addSubview(row)
        stage.window.addSubview(screen)
        let tile = try #require(screen.resizableSnapshotView(from: Rect(x: 0, y: 211, width: 390, height: 211)))
        #expect(tile.frame == Rect(x: 0, y: 0, width: 390, height: 211))
        #expect(tile.kind == .snapshot && tile.sourceKind == .container)
        #expect(tile.clipsToBounds)
        #expect(tile.superview == nil)
        stage.window.addSubview(tile)
        let copy = try #require(tile.subviews.first)
        #expect(copy.label == "Inbox")
        let copiedRow = try #require(copy.subviews.first)
        #expect(copiedRow.cornersInWindow()[0] == Point(x: 10, y: 89))
        // A source that moves later leaves the tile as it was.
        row.center = Point(x: 0, y: 0)
        #expect(copiedRow.cornersInWindow()[0] == Point(x: 10, y: 89))
        #expect(screen.resizableSnapshotView(from: Rect(x: 0, y: 0, width: 0, height: 10)) == nil)
        #expect(screen.resizableSnapshotView(from: Rect(x: .nan, y: 0, width: 10, height: 10)) == nil)
    }

    /// An animator that animates every layer property of the view it pops.
    final class LayerAnimator: AnimatedTransitioning {
        func transitionDuration(using context: TransitionContext?) -> Double { 1 }
        func animateTransition(using context: TransitionContext) {
            let from = context.viewController(forKey: .from).view
            let to = context.viewController(forKey: .to).view
            context.containerView.insertSubview(to, belowSubview: from)
            from.mask = Mask(rect: from.bounds)
            from.isDoubleSided = false
            View.animate(withDuration: 1, options: .curveLinear, animations: {
                from.sublayerTransform = Transform3D(perspectiveDistance: 500)
                from.mask = Mask(rect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 5)
                from.shadowRadius = 20
                from.shadowOffset = Size(width: 5, height: 5)
                from.shadowColor = .white
                from.zPosition = 50
            }, completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
        }
    }

    @Test func cancellingATransitionRestoresTheLayerProperties() {
        let (stage, nav) = makeNavigationStage(["A", "B"])
        let driver = PercentDrivenInteractiveTransition()
        let delegate = FixedDelegate(LayerAnimator(), driver)
        nav.delegate = delegate
        let fromView = nav.topViewController!.view
        stage.step()
        let before = fromView.model
        nav.popViewController(animated: true)
        stage.step()
        driver.update(0.5)
        stage.step()
        #expect(Self.near(fromView.presentation.zPosition, 25))
        #expect(Self.near(fromView.presentation.shadowRadius, 11.5))
        driver.cancel()
        #expect(stage.settle())
        #expect(fromView.model == before)
        #expect(fromView.presentation == before)
        #expect(nav.viewControllers.map(\.title) == ["A", "B"])
        withExtendedLifetime(delegate) {}
    }
}
