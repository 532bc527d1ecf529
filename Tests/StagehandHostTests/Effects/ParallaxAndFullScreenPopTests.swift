import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// parallax-push, parallax-pop and full-screen-pop, run through the real bundles.
///
/// Geometry is computed here from the effects' constants: W the screen width, f(t) the
/// fraction of UIKit's spring with damping 1 over 0.6 s (`StagehandCore.Spring` is used
/// for the curve value only), p the finger's fraction of the width while a pop is
/// driven (linear).
@Suite struct ParallaxAndFullScreenPopTests {
    // MARK: Constants of the effects (their manifests' defaults)

    static let parallaxDuration = 0.6
    static let parallaxOffset = 0.3
    static let parallaxThreshold = 0.25
    /// full-screen-pop finishes past half the width (the navigation handler's rule).
    static let fullScreenThreshold = 0.5
    /// UIKit's own push and pop, which full-screen-pop drives when no pop effect is chosen.
    static let systemDuration = 0.35
    static let epsilon = 0.005

    /// The fraction of parallax's spring at `t` seconds into its animation.
    static func spring(_ t: Double) -> Double {
        Spring(duration: parallaxDuration, dampingRatio: 1).value(at: t)
    }

    // MARK: Helpers

    static func tx(_ record: Trace.ViewRecord?) -> Double? {
        record.map { $0.transform[4] }
    }

    static func frame(_ result: ScenarioResult, at t: Double, sourceLocation: SourceLocation = #_sourceLocation) -> Trace.Frame? {
        let frame = result.trace.frame(at: t)
        #expect(frame != nil, "no frame at \(t)", sourceLocation: sourceLocation)
        return frame
    }

    /// The frame's time in whole frames of 1/60 s (the trace rounds times to 6 decimals).
    static func time(of frame: Trace.Frame) -> Double {
        (frame.t * 60).rounded() / 60
    }

    static func barHidden(_ frame: Trace.Frame) -> Bool? {
        frame.views.first { $0.kind == "navigationBar" }?.hidden
    }

    static func expectClose(_ actual: Double?, _ expected: Double, _ what: String, tolerance: Double = 0.01,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        guard let actual else {
            Issue.record("\(what): missing", sourceLocation: sourceLocation)
            return
        }
        #expect(abs(actual - expected) <= tolerance, "\(what): \(actual), expected \(expected)", sourceLocation: sourceLocation)
    }

    /// The events other than errors, as (kind, effect, operation).
    static func events(_ result: ScenarioResult) -> [String] {
        result.trace.events.filter { $0.kind != "error" }.map { "\($0.kind) \($0.effect) \($0.operation)" }
    }

    static func stack(_ result: ScenarioResult) -> [String] {
        result.coordinator.topNavigationController?.viewControllers.map { $0.title ?? "" } ?? []
    }

    /// Nothing was repaired or refused on the way (a snapshot left in the container, a
    /// completion never called, a gesture left running...).
    static func expectNoWarnings(_ result: ScenarioResult, sourceLocation: SourceLocation = #_sourceLocation) {
        let problems = result.stage.diagnostics.filter { $0.severity != .note }
        #expect(problems.isEmpty, "diagnostics: \(problems.map(\.description))", sourceLocation: sourceLocation)
    }

    // MARK: - parallax-push

    /// The navigation bar's record (the one bar in the window).
    static func bar(_ frame: Trace.Frame) -> Trace.ViewRecord? {
        frame.views.first { $0.kind == "navigationBar" }
    }

    /// The outermost snapshots showing in a frame (not the copies inside them), back to front.
    static func snapshots(_ frame: Trace.Frame) -> [Trace.ViewRecord] {
        let all = frame.views.filter { $0.kind == "snapshot" && !$0.hidden }
        guard let top = all.map(\.depth).min() else { return [] }
        return all.filter { $0.depth == top }
    }

    /// A rectangle's corners (top-left, top-right, bottom-right, bottom-left) at x, y.
    static func corners(x: Double, y: Double, width: Double, height: Double) -> [[Double]] {
        [[x, y], [x + width, y], [x + width, y + height], [x, y + height]]
    }

    static func expectCorners(_ actual: [[Double]]?, _ expected: [[Double]], _ what: String, tolerance: Double = 0.01,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        guard let actual, actual.count == expected.count else {
            Issue.record("\(what): \(String(describing: actual)), expected \(expected)", sourceLocation: sourceLocation)
            return
        }
        let close = zip(actual, expected).allSatisfy { abs($0[0] - $1[0]) <= tolerance && abs($0[1] - $1[1]) <= tolerance }
        #expect(close, "\(what): \(actual), expected \(expected)", sourceLocation: sourceLocation)
    }

    @Test func parallaxPushSlidesTheWholeNavigationViewWithItsBarOverTheOldScreen() throws {
        let w = 390.0, h = 844.0, barHeight = 44.0
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"push": "parallax-push"},
         "steps": [{"push": {"title": "Detail"}}]}
        """)
        // The push starts at t = 0. The navigation view — the new page and the bar with
        // it — is W·(1 − f) right; beneath it, in the window, the old screen's snapshot
        // is −0.3·W·f left.
        for t in [1.0 / 60, 0.1, 0.3, 0.5] {
            guard let frame = Self.frame(result, at: t) else { continue }
            let f = Self.spring(Self.time(of: frame))
            let x = w * (1 - f)
            let bar = Self.bar(frame)
            #expect(bar?.hidden == false, "the bar arrives with the page at \(t)")
            Self.expectCorners(bar?.corners, Self.corners(x: x, y: 0, width: w, height: barHeight), "bar at \(t)")
            Self.expectCorners(frame.views("Detail", kind: "view").first?.corners,
                               Self.corners(x: x, y: 0, width: w, height: h), "Detail at \(t)")
            let snapshots = Self.snapshots(frame)
            #expect(snapshots.count == 1, "one snapshot of the old screen at \(t)")
            #expect(snapshots.first?.depth == 0, "the snapshot is in the window, beside the navigation view, at \(t)")
            Self.expectCorners(snapshots.first?.corners, Self.corners(x: -0.3 * w * f, y: 0, width: w, height: h),
                               "old screen at \(t)")
            // Back to front at the window's level: the snapshot, then the navigation view.
            let top = frame.views.filter { $0.depth == 0 }.map(\.kind)
            #expect(top == ["snapshot", "container"], "window's views at \(t): \(top)")
            #expect(frame.views("Root", kind: "view").first?.hidden == true, "the old page is no longer in the navigation view at \(t)")
        }
        // The bar on the page shows the new title; the old screen's bar, in its
        // snapshot, the old one (the snapshot is taken before the push changes it).
        if let mid = Self.frame(result, at: 0.3) {
            #expect(Self.bar(mid)?.title == "Detail")
            #expect(mid.views.first { $0.kind == "snapshot" && $0.source == "navigationBar" }?.title == "Root")
        }
        // Mid-time, worked by hand: UIKit's spring of damping ratio 1 over 0.6 s is, at
        // 0.3 s, f = 1 − (1 + ωt)·e^(−ωt) for the ω it settles with.
        if let mid = Self.frame(result, at: 0.3) {
            let f = Self.spring(0.3)
            #expect(f > 0.9 && f < 1, "the critically damped spring is near its end at mid-time: \(f)")
            Self.expectCorners(Self.bar(mid)?.corners, [[w * (1 - f), 0], [w * (2 - f), 0], [w * (2 - f), 44], [w * (1 - f), 44]],
                               "the bar's frame at mid-time")
        }
        // The first frame is the spring's first step, not a jump.
        if let first = Self.frame(result, at: 1.0 / 60) {
            let x = Self.bar(first)?.corners.first?[0] ?? 0
            #expect(x > 0.9 * w && x < w, "the first frame is close to the start: \(x)")
        }
        // At the end (0.6 s): all in place, the snapshot off the screen, the bar shown.
        for t in [Self.parallaxDuration + 1.0 / 60, result.trace.frames.last!.t] {
            guard let frame = Self.frame(result, at: t) else { continue }
            Self.expectCorners(Self.bar(frame)?.corners, Self.corners(x: 0, y: 0, width: w, height: barHeight), "bar at \(t)",
                               tolerance: 1e-9)
            Self.expectClose(Self.tx(frame.views("Detail", kind: "view").first), 0, "Detail tx at \(t)", tolerance: 1e-9)
            #expect(frame.views.allSatisfy { $0.kind != "snapshot" }, "no snapshot in the window at \(t)")
            #expect(frame.views("Root", kind: "view").isEmpty, "Root's view left the window at \(t)")
            #expect(Self.barHidden(frame) == false, "bar shown at \(t)")
        }
        #expect(Self.events(result) == ["began parallax-push push", "completed parallax-push push"])
        let completed = result.trace.events.first { $0.kind == "completed" }
        Self.expectClose(completed?.t, Self.parallaxDuration, "completion time", tolerance: 1.0 / 60 + 1e-9)
        #expect(Self.stack(result) == ["Root", "Detail"])
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func parallaxPushLeavesAHiddenBarHidden() throws {
        let scene = DirectScene(choices: [(.push, "parallax-push")])
        scene.nav.isNavigationBarHidden = true
        scene.nav.pushViewController(ViewController(title: "Detail"), animated: true)
        #expect(scene.nav.isNavigationBarHidden)
        scene.stage.advance(by: 0.3)
        #expect(scene.nav.isNavigationBarHidden)
        let result = scene.finish()
        #expect(Self.events(result) == ["began parallax-push push", "completed parallax-push push"])
        expectSettled(result, navigationBarHidden: true)
        Self.expectNoWarnings(result)
    }

    // MARK: - parallax-pop

    @Test func parallaxPopShowsThePageBelowByItsPushTimeSnapshot() throws {
        let scene = DirectScene(choices: [(.push, "parallax-push"), (.pop, "parallax-pop")])
        let root = scene.nav.topViewController!
        scene.nav.pushViewController(ViewController(title: "Detail"), animated: true)
        scene.stage.settle()
        // Between the push and the pop the old screen's snapshot waits, hidden, with the
        // page it shows (whose view is off the screen).
        let kept = root.view.subviews.filter { $0.kind == .snapshot }
        #expect(kept.count == 1 && kept.first?.model.isHidden == true, "the push-time snapshot is kept with Root")
        #expect(root.view.window == nil)
        scene.nav.popViewController(animated: true)
        scene.stage.advance(by: 0.2)
        let showing = scene.nav.transitionView.subviews.filter { $0.kind == .snapshot }
        #expect(showing.count == 1 && showing.first === kept.first, "the pop shows that same snapshot")
        #expect(showing.first?.model.isHidden == false)
        #expect(root.view.model.isHidden, "the real page below is hidden during the pop")
        #expect(scene.nav.isNavigationBarHidden, "the bar is hidden during the pop")
        let result = scene.finish()
        #expect(Self.events(result) == ["began parallax-push push", "completed parallax-push push",
                                        "began parallax-pop pop", "completed parallax-pop pop"])
        #expect(root.view.subviews.allSatisfy { $0.kind != .snapshot }, "the snapshot is gone once the pop completed")
        #expect(!root.view.model.isHidden)
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func parallaxPopWithoutAFingerIsASpring() throws {
        let w = 390.0
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"push": "parallax-push", "pop": "parallax-pop"},
         "steps": [{"push": {"title": "Detail"}}, {"wait": 1}, {"pop": {}}]}
        """)
        let start = 1.0
        for t in [start + 1.0 / 60, start + 0.1, start + 0.3, start + 0.5] {
            guard let frame = Self.frame(result, at: t) else { continue }
            let f = Self.spring(Self.time(of: frame) - start)
            // The real top page moves right; the page below, as its snapshot, comes back.
            Self.expectClose(Self.tx(frame.views("Detail", kind: "view").first), w * f, "Detail tx at \(t)")
            #expect(frame.views("Detail", kind: "view").first?.hidden == false, "Detail's real view moves at \(t)")
            let snapshots = Self.snapshots(frame)
            #expect(snapshots.count == 1, "one snapshot of the old screen at \(t)")
            Self.expectClose(Self.tx(snapshots.first), -Self.parallaxOffset * w * (1 - f), "old screen tx at \(t)")
            #expect(frame.views("Root", kind: "view").first?.hidden == true, "Root's real view hidden at \(t)")
            #expect(Self.barHidden(frame) == true, "bar hidden at \(t)")
            let order = frame.views.filter { $0.depth == 2 }.map { "\($0.title) \($0.kind)" }
            #expect(order.count == 3 && order.first == "Root view" && order.last == "Detail view",
                    "in the container, back to front: Root, its snapshot, Detail at \(t): \(order)")
        }
        for t in [start + Self.parallaxDuration + 1.0 / 60, result.trace.frames.last!.t] {
            guard let frame = Self.frame(result, at: t) else { continue }
            Self.expectClose(Self.tx(frame.views("Root", kind: "view").first), 0, "Root tx at \(t)", tolerance: 1e-9)
            #expect(frame.views("Root", kind: "view").first?.hidden == false, "Root shown at \(t)")
            #expect(frame.views.allSatisfy { $0.kind != "snapshot" }, "no snapshot at \(t)")
            #expect(frame.views("Detail", kind: "view").isEmpty, "Detail's view left the window at \(t)")
            #expect(Self.barHidden(frame) == false, "bar shown at \(t)")
        }
        #expect(Self.events(result) == ["began parallax-push push", "completed parallax-push push",
                                        "began parallax-pop pop", "completed parallax-pop pop"])
        #expect(result.trace.events.filter { $0.effect == "parallax-pop" }.allSatisfy { !$0.interactive })
        #expect(Self.stack(result) == ["Root"])
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    /// Pushes Detail with parallax-push, then a drag from x = `startX` of `fraction` of
    /// the width, held still, then released (or cancelled by the system).
    static func parallaxDrag(_ fraction: Double, from startX: Double = 150, release: String = "true",
                             parameters: [String: [String: String]] = [:]) throws -> ScenarioResult {
        let w = 390.0
        return try BuiltInEffects.play("""
        {"screen": {"width": \(w), "height": 844, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"push": "parallax-push", "interactivePop": "parallax-pop"},
         "steps": [{"push": {"title": "Detail"}}, {"wait": 1},
                   {"drag": {"from": [\(startX), 400], "to": [\(startX + fraction * w), 400], "duration": 0.3, "hold": 0.2,
                             "release": \(release)}}]}
        """, parameters: parameters)
    }

    /// While the finger is held at `fraction` (t = 1.3 ... 1.5): linear geometry.
    static func expectParallaxPopHeld(_ result: ScenarioResult, at fraction: Double, width w: Double = 390,
                                      sourceLocation: SourceLocation = #_sourceLocation) {
        guard let frame = frame(result, at: 1.4, sourceLocation: sourceLocation) else { return }
        expectClose(frame.percent, fraction, "percent", tolerance: 1e-5, sourceLocation: sourceLocation)
        expectClose(tx(frame.views("Detail", kind: "view").first), fraction * w, "Detail tx",
                    sourceLocation: sourceLocation)
        expectClose(tx(snapshots(frame).first), -parallaxOffset * w * (1 - fraction), "old screen tx",
                    sourceLocation: sourceLocation)
        #expect(frame.views("Root", kind: "view").first?.hidden == true, "Root hidden", sourceLocation: sourceLocation)
        #expect(barHidden(frame) == true, "bar hidden while dragging", sourceLocation: sourceLocation)
    }

    @Test func parallaxPopSwipedFromX150FollowsTheFingerFromItsFirstMoveAfterBegan() throws {
        // The finger goes down at x = 150, far from the edge, and moves 0.3·W in 18 steps
        // of 6.5 pt; the pan begins past 10 pt, at the second step (13 pt). There the page
        // has not moved (no jump at began); from the third step (19.5 pt) the progress is
        // translation / W = 0.05, linear, and held at 0.3 the page sits 117 pt right and
        // the old screen at −0.3·W·0.7 = −81.9 pt.
        let w = 390.0
        let result = try Self.parallaxDrag(0.3)
        let began = try #require(result.trace.events.first { $0.effect == "parallax-pop" && $0.kind == "began" })
        #expect(began.interactive)
        Self.expectClose(began.t, 1 + 2.0 / 60, "the pan begins at the second step", tolerance: 1e-6)
        // A frame is recorded as the clock steps, before that frame's touch is handled:
        // the frame after `began` shows the pan begun, the next one the third step.
        let atBegan = try #require(result.trace.frame(at: began.t + 1.0 / 60))
        Self.expectClose(atBegan.percent, 0, "percent at began", tolerance: 1e-9)
        Self.expectClose(Self.tx(atBegan.views("Detail", kind: "view").first), 0, "Detail tx at began", tolerance: 1e-9)
        let next = try #require(result.trace.frame(at: began.t + 2.0 / 60))
        Self.expectClose(next.percent, 19.5 / w, "percent at the next move", tolerance: 1e-6)
        Self.expectClose(Self.tx(next.views("Detail", kind: "view").first), 19.5, "Detail tx at the next move")
        Self.expectClose(Self.tx(Self.snapshots(next).first), -0.3 * (w - 19.5), "old screen tx at the next move")
        Self.expectParallaxPopHeld(result, at: 0.3)
        if let held = result.trace.frame(at: 1.4) {
            Self.expectClose(Self.tx(held.views("Detail", kind: "view").first), 117, "Detail tx held at 0.3")
            Self.expectClose(Self.tx(Self.snapshots(held).first), -81.9, "old screen tx held at 0.3")
        }
        #expect(Self.events(result) == ["began parallax-push push", "completed parallax-push push",
                                        "began parallax-pop pop", "completed parallax-pop pop"])
        #expect(Self.stack(result) == ["Root"])
        #expect(Self.barHidden(result.trace.frames.last!) == false)
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test(arguments: [0.1, ParallaxAndFullScreenPopTests.parallaxThreshold - ParallaxAndFullScreenPopTests.epsilon])
    func parallaxPopReleasedBelowTheThresholdCancels(fraction: Double) throws {
        let result = try Self.parallaxDrag(fraction)
        Self.expectParallaxPopHeld(result, at: fraction)
        #expect(Self.events(result) == ["began parallax-push push", "completed parallax-push push",
                                        "began parallax-pop pop", "cancelled parallax-pop pop"])
        #expect(result.trace.events.first { $0.effect == "parallax-pop" }?.interactive == true)
        #expect(Self.stack(result) == ["Root", "Detail"])
        // After the cancel: the bar back, Detail shown in place, nothing of the pop left.
        let last = result.trace.frames.last!
        #expect(Self.barHidden(last) == false)
        #expect(last.views("Root", kind: "view").isEmpty)
        #expect(last.views("Detail", kind: "view").first?.hidden == false)
        #expect(last.views.allSatisfy { $0.kind != "snapshot" })
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test(arguments: [ParallaxAndFullScreenPopTests.parallaxThreshold + ParallaxAndFullScreenPopTests.epsilon, 0.49])
    func parallaxPopReleasedPastTheThresholdFinishes(fraction: Double) throws {
        let result = try Self.parallaxDrag(fraction)
        Self.expectParallaxPopHeld(result, at: fraction)
        #expect(Self.events(result) == ["began parallax-push push", "completed parallax-push push",
                                        "began parallax-pop pop", "completed parallax-pop pop"])
        #expect(Self.stack(result) == ["Root"])
        #expect(Self.barHidden(result.trace.frames.last!) == false)
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    /// The recipe's handler tests for ended or cancelled alike: a pan the system cancels
    /// is a release there, and the same threshold (0.25) decides.
    @Test(arguments: [(0.1, false), (0.49, true)])
    func parallaxPopCancelledByTheSystemIsDecidedByTheThreshold(fraction: Double, finishes: Bool) throws {
        let result = try Self.parallaxDrag(fraction, release: #""cancel""#)
        Self.expectParallaxPopHeld(result, at: fraction)
        #expect(Self.events(result) == ["began parallax-push push", "completed parallax-push push",
                                        "began parallax-pop pop", "\(finishes ? "completed" : "cancelled") parallax-pop pop"])
        #expect(Self.stack(result) == (finishes ? ["Root"] : ["Root", "Detail"]))
        #expect(Self.barHidden(result.trace.frames.last!) == false, "the bar is back either way")
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func parallaxPopCancelledTwiceThenFinishedReusesThePushTimeSnapshot() throws {
        let scene = DirectScene(choices: [(.push, "parallax-push"), (.interactivePop, "parallax-pop")])
        let root = scene.nav.topViewController!
        scene.nav.pushViewController(ViewController(title: "Detail"), animated: true)
        scene.stage.settle()
        let kept = root.view.subviews.filter { $0.kind == .snapshot }
        #expect(kept.count == 1)
        for _ in 0..<2 {
            scene.drag(from: 150, to: 150 + 0.1 * 390)
            scene.stage.settle()
            #expect(scene.nav.viewControllers.count == 2)
            #expect(!scene.nav.isNavigationBarHidden, "the bar is back after a cancel")
            let again = root.view.subviews.filter { $0.kind == .snapshot }
            #expect(again.count == 1 && again.first === kept.first && again.first?.model.isHidden == true,
                    "the same snapshot is kept for the next swipe")
        }
        scene.drag(from: 150, to: 150 + 0.4 * 390)
        let result = scene.finish()
        #expect(Self.stack(result) == ["Root"])
        #expect(root.view.subviews.allSatisfy { $0.kind != .snapshot })
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func parallaxPopEdgeGestureBeginsOnlyAtTheLeftEdge() throws {
        let edge = ["parallax-pop": ["gesture": "edge"]]
        let away = try Self.parallaxDrag(0.4, from: 150, parameters: edge)
        #expect(Self.events(away) == ["began parallax-push push", "completed parallax-push push"])
        #expect(Self.stack(away) == ["Root", "Detail"])
        expectSettled(away)
        Self.expectNoWarnings(away)
        let atEdge = try Self.parallaxDrag(0.4, from: 4, parameters: edge)
        #expect(Self.events(atEdge) == ["began parallax-push push", "completed parallax-push push",
                                        "began parallax-pop pop", "completed parallax-pop pop"])
        #expect(Self.stack(atEdge) == ["Root"])
        expectSettled(atEdge)
        Self.expectNoWarnings(atEdge)
    }

    @Test func parallaxPopRefusesAnUnknownGesture() throws {
        let result = try Self.parallaxDrag(0.4, parameters: ["parallax-pop": ["gesture": "sideways"]])
        // The value is not one of the declared choices: the host refuses it before the
        // factory runs, naming the choices, and the swipe pops nothing.
        let errors = result.stage.diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(errors.contains { $0.contains("parameter gesture of effect parallax-pop: expected one of anywhere, edge, got \"sideways\"") }, "\(errors)")
        #expect(Self.events(result) == ["began parallax-push push", "completed parallax-push push"])
        #expect(Self.stack(result) == ["Root", "Detail"])
    }

    @Test func parallaxPopUnderAPageThatWasNotParallaxPushedSnapshotsThePageBelowAtTheStart() throws {
        // UIKit's own push, then the swipe: the page below is snapshotted when the pop begins.
        let w = 390.0
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"interactivePop": "parallax-pop"},
         "steps": [{"push": {"title": "Detail"}}, {"wait": 1},
                   {"drag": {"from": [150, 400], "to": [\(150 + 0.3 * w), 400], "duration": 0.3, "hold": 0.2}}]}
        """)
        Self.expectParallaxPopHeld(result, at: 0.3)
        #expect(Self.events(result) == ["began system-push push", "completed system-push push",
                                        "began parallax-pop pop", "completed parallax-pop pop"])
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func eachPopShowsTheScreenItsPageLeft() throws {
        // Two pushes, two pops: each pop brings back the screen as it was when the page
        // being popped was pushed — its page, and its bar with that page's title.
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"push": "parallax-push", "pop": "parallax-pop"},
         "steps": [{"push": {"title": "A"}}, {"wait": 1}, {"push": {"title": "B"}}, {"wait": 1},
                   {"pop": {}}, {"wait": 1}, {"pop": {}}, {"wait": 1}]}
        """)
        for (start, below) in [(2.0, "A"), (3.0, "Root")] {
            guard let frame = Self.frame(result, at: start + 0.1) else { continue }
            let snapshotBar = frame.views.first { $0.kind == "snapshot" && $0.source == "navigationBar" && !$0.hidden }
            #expect(snapshotBar?.title == below, "the old screen's bar at \(start + 0.1)")
            let snapshotPage = frame.views.first { $0.kind == "snapshot" && $0.source == "view" && !$0.hidden }
            #expect(snapshotPage?.title == below, "the old screen's page at \(start + 0.1)")
        }
        #expect(Self.stack(result) == ["Root"])
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func aCancelledPopLeavesNoSnapshotOfItsOwnBehind() {
        // Only a push-time snapshot is kept for the next swipe; one taken by the pop goes.
        let scene = DirectScene(choices: [(.interactivePop, "parallax-pop")])
        let root = scene.nav.topViewController!
        scene.nav.pushViewController(ViewController(title: "Detail"), animated: true)
        scene.stage.settle()
        scene.drag(from: 150, to: 150 + 0.1 * 390)
        let result = scene.finish()
        #expect(Self.events(result) == ["began system-push push", "completed system-push push",
                                        "began parallax-pop pop", "cancelled parallax-pop pop"])
        #expect(root.view.subviews.allSatisfy { $0.kind != .snapshot })
        #expect(scene.nav.transitionView.allViewsBackToFront.allSatisfy { $0.kind != .snapshot })
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func parallaxPopRestoresTheSystemEdgeGestureOnDetach() {
        var scene: DirectScene? = DirectScene(choices: [(.interactivePop, "parallax-pop")])
        let nav = scene!.nav
        #expect(!nav.interactivePopGestureRecognizer.isEnabled)
        let recognizers = nav.view.gestureRecognizers.count
        scene = nil  // the coordinator goes, detaching its effects
        #expect(nav.interactivePopGestureRecognizer.isEnabled)
        #expect(nav.view.gestureRecognizers.count == recognizers - 1)
    }
}
