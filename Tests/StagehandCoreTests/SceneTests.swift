import Testing
@testable import StagehandCore

@Suite struct SceneTests {
    @Test func frameBoundsAndCenterAgreeAsInUIKit() {
        let v = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.center == Point(x: 60, y: 45))
        #expect(v.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        v.transform = Transform2D(scaleX: 2, y: 2)
        #expect(v.frame == Rect(x: -40, y: -5, width: 200, height: 100))
        #expect(v.bounds.size == Size(width: 100, height: 50))
    }

    @Test func subviewOrderingFollowsInsertCalls() {
        let root = View(), a = View(label: "a"), b = View(label: "b"), c = View(label: "c")
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, belowSubview: b)
        #expect(root.subviews.map(\.label) == ["a", "c", "b"])
        root.insertSubview(a, aboveSubview: b)
        #expect(root.subviews.map(\.label) == ["c", "b", "a"])
        root.insertSubview(b, at: 0)
        #expect(root.subviews.map(\.label) == ["b", "c", "a"])
        c.removeFromSuperview()
        #expect(root.subviews.map(\.label) == ["b", "a"])
        #expect(c.superview == nil)
        a.addSubview(root) // a cycle: refused
        #expect(root.superview == nil)
    }

    @Test func snapshotsCopyTheLookButNotTheIdentity() {
        let stage = Stage()
        let v = View(frame: Rect(x: 10, y: 10, width: 100, height: 100), label: "Card")
        v.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.6)
        v.cornerRadius = 8
        let child = View(frame: Rect(x: 5, y: 5, width: 10, height: 10), label: "child")
        v.addSubview(child)
        stage.window.addSubview(v)
        let snap = v.snapshotView()
        #expect(snap.kind == .snapshot)
        #expect(snap.sourceKind == .view)
        #expect(snap.frame == v.frame)
        #expect(snap.backgroundColor == v.backgroundColor)
        #expect(snap.cornerRadius == 8)
        #expect(snap.subviews.count == 1)
        #expect(snap.superview == nil)
        #expect(snap !== v)
    }

    @Test func cornersProjectThrough3DTransformsWithPerspective() {
        let stage = Stage()
        let v = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        stage.window.addSubview(v)
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        v.transform3D = t.rotated(by: .pi / 4, x: 0, y: 1, z: 0)
        let c = v.cornersInWindow()
        // Turned about the vertical axis through the center: one edge comes nearer (taller),
        // the other goes away (shorter); the picture is no longer a rectangle.
        let leftHeight = c[3].y - c[0].y, rightHeight = c[2].y - c[1].y
        #expect(abs(leftHeight - rightHeight) > 1)
        #expect(c[1].x - c[0].x < 200)
        // A point round-trips through convert to and from the window.
        let p = Point(x: 30, y: 70)
        let back = v.convert(v.convert(p, to: nil), from: nil)
        #expect(abs(back.x - p.x) < 1e-6 && abs(back.y - p.y) < 1e-6)
    }

    @Test func hitTestingFindsTheDeepestVisibleView() {
        let stage = Stage()
        let a = View(frame: Rect(x: 0, y: 0, width: 200, height: 200), label: "a")
        let b = View(frame: Rect(x: 50, y: 50, width: 50, height: 50), label: "b")
        a.addSubview(b)
        stage.window.addSubview(a)
        #expect(stage.window.hitTest(windowPoint: Point(x: 60, y: 60))?.label == "b")
        #expect(stage.window.hitTest(windowPoint: Point(x: 10, y: 10))?.label == "a")
        b.isHidden = true
        #expect(stage.window.hitTest(windowPoint: Point(x: 60, y: 60))?.label == "a")
    }

    @Test func lazyViewsLoadOnce() {
        final class Counting: ViewController {
            var loads = 0
            override func viewDidLoad() { loads += 1 }
        }
        _ = Stage()
        let vc = Counting(title: "x")
        #expect(!vc.isViewLoaded)
        _ = vc.view
        _ = vc.view
        #expect(vc.loads == 1)
        #expect(vc.view.label == "x")
    }

    @Test func childTransitionCrossDissolves() {
        let stage = Stage()
        let parent = ViewController(title: "Parent")
        stage.window.rootViewController = parent
        let a = ViewController(title: "A"), b = ViewController(title: "B")
        parent.addChild(a); parent.view.addSubview(a.view); a.didMove(toParent: parent)
        parent.addChild(b)
        a.willMove(toParent: nil)
        let error = parent.transition(from: a, to: b, duration: 0.3, options: [.transitionCrossDissolve, .curveLinear])
        #expect(error == nil)
        stage.advance(by: 0.15)
        #expect(abs(b.view.presentation.alpha - 0.5) < 0.02)
        #expect(stage.settle())
        a.removeFromParent()
        b.didMove(toParent: parent)
        #expect(parent.view.subviews.map(\.label) == ["B"])
        #expect(parent.children.map(\.title) == ["B"])
        #expect(a.view.alpha == 1)
        // Not children of the same parent: an error, not a crash.
        #expect(parent.transition(from: ViewController(), to: b, duration: 0.3)?.code == .notAChild)
    }
}
