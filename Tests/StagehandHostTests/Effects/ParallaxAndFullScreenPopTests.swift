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

    @Test func parallaxPushMovesBySpringAndHidesTheBar() throws {
        let w = 390.0
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"push": "parallax-push"},
         "steps": [{"push": {"title": "Detail"}}]}
        """)
        // The push starts at t = 0: at its first frame, mid-way and near the end, the
        // new page is W·(1 − f) right, the old page's snapshot −0.3·W·f left.
        for t in [1.0 / 60, 0.1, 0.3, 0.5] {
            guard let frame = Self.frame(result, at: t) else { continue }
            let f = Self.spring(Self.time(of: frame))
            Self.expectClose(Self.tx(frame.views("Detail", kind: "view").first), w * (1 - f), "Detail tx at \(t)")
            let snapshots = frame.views("Root", kind: "snapshot")
            #expect(snapshots.count == 1, "one snapshot of Root at \(t)")
            Self.expectClose(Self.tx(snapshots.first), -Self.parallaxOffset * w * f, "Root snapshot tx at \(t)")
            #expect(frame.views("Root", kind: "view").first?.hidden == true, "Root's real view hidden at \(t)")
            #expect(Self.barHidden(frame) == true, "bar hidden at \(t)")
            // Back to front: the old page's view, its snapshot, the new page on top.
            let order = frame.views.filter { ($0.title == "Root" || $0.title == "Detail") && ($0.kind == "view" || $0.kind == "snapshot") }.map { "\($0.title) \($0.kind)" }
            #expect(order.suffix(3) == ["Root view", "Root snapshot", "Detail view"], "order at \(t): \(order)")
        }
        // The start is the spring's first frame: a small step, not a jump.
        if let first = Self.frame(result, at: 1.0 / 60) {
            let tx = Self.tx(first.views("Detail", kind: "view").first) ?? 0
            #expect(tx > 0.9 * w && tx < w, "the first frame is close to the start: \(tx)")
        }
        // At the end (0.6 s): the new page in place, no snapshot, the bar back.
        for t in [Self.parallaxDuration + 1.0 / 60, result.trace.frames.last!.t] {
            guard let frame = Self.frame(result, at: t) else { continue }
            Self.expectClose(Self.tx(frame.views("Detail", kind: "view").first), 0, "Detail tx at \(t)", tolerance: 1e-9)
            #expect(frame.views.allSatisfy { $0.kind != "snapshot" }, "no snapshot at \(t)")
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

    @Test func parallaxPushRestoresAHiddenBarAsHidden() throws {
        // The bar is put back to what it was: here it was shown; with a bar hidden
        // beforehand (scene built directly) it stays hidden.
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

    @Test func parallaxPopWithoutAFingerIsASpring() throws {
        let w = 390.0
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"pop": "parallax-pop"},
         "steps": [{"push": {"title": "Detail"}}, {"wait": 1}, {"pop": {}}]}
        """)
        let start = 1.0
        for t in [start + 1.0 / 60, start + 0.1, start + 0.3, start + 0.5] {
            guard let frame = Self.frame(result, at: t) else { continue }
            let f = Self.spring(Self.time(of: frame) - start)
            let snapshots = frame.views("Detail", kind: "snapshot")
            #expect(snapshots.count == 1, "one snapshot of Detail at \(t)")
            Self.expectClose(Self.tx(snapshots.first), w * f, "Detail snapshot tx at \(t)")
            Self.expectClose(Self.tx(frame.views("Root", kind: "view").first), -Self.parallaxOffset * w * (1 - f), "Root tx at \(t)")
            #expect(frame.views("Detail", kind: "view").first?.hidden == true, "Detail's real view hidden at \(t)")
            #expect(Self.barHidden(frame) == true, "bar hidden at \(t)")
            let order = frame.views.filter { ($0.title == "Root" || $0.title == "Detail") && ($0.kind == "view" || $0.kind == "snapshot") }.map { "\($0.title) \($0.kind)" }
            #expect(order.suffix(3) == ["Root view", "Detail view", "Detail snapshot"], "order at \(t): \(order)")
        }
        for t in [start + Self.parallaxDuration + 1.0 / 60, result.trace.frames.last!.t] {
            guard let frame = Self.frame(result, at: t) else { continue }
            Self.expectClose(Self.tx(frame.views("Root", kind: "view").first), 0, "Root tx at \(t)", tolerance: 1e-9)
            #expect(frame.views.allSatisfy { $0.kind != "snapshot" }, "no snapshot at \(t)")
            #expect(frame.views("Detail", kind: "view").isEmpty, "Detail's view left the window at \(t)")
            #expect(Self.barHidden(frame) == false, "bar shown at \(t)")
        }
        #expect(Self.events(result) == ["began system-push push", "completed system-push push",
                                        "began parallax-pop pop", "completed parallax-pop pop"])
        #expect(result.trace.events.filter { $0.effect == "parallax-pop" }.allSatisfy { !$0.interactive })
        #expect(Self.stack(result) == ["Root"])
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    /// A left-edge drag of `fraction` of the width, held still, then released.
    static func parallaxEdgeDrag(_ fraction: Double, width w: Double = 390) throws -> ScenarioResult {
        try BuiltInEffects.play("""
        {"screen": {"width": \(w), "height": 844, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"interactivePop": "parallax-pop"},
         "steps": [{"push": {"title": "Detail"}}, {"wait": 1},
                   {"drag": {"from": [4, 400], "to": [\(4 + fraction * w), 400], "duration": 0.3, "hold": 0.2}}]}
        """)
    }

    /// While the finger is held at `fraction` (t = 1.3 ... 1.5): linear geometry.
    static func expectParallaxPopHeld(_ result: ScenarioResult, at fraction: Double, width w: Double = 390,
                                      sourceLocation: SourceLocation = #_sourceLocation) {
        guard let frame = frame(result, at: 1.4, sourceLocation: sourceLocation) else { return }
        expectClose(frame.percent, fraction, "percent", tolerance: 1e-5, sourceLocation: sourceLocation)
        expectClose(tx(frame.views("Detail", kind: "snapshot").first), fraction * w, "Detail snapshot tx",
                    sourceLocation: sourceLocation)
        expectClose(tx(frame.views("Root", kind: "view").first), -parallaxOffset * w * (1 - fraction), "Root tx",
                    sourceLocation: sourceLocation)
        #expect(frame.views("Detail", kind: "view").first?.hidden == true, "Detail hidden", sourceLocation: sourceLocation)
        #expect(barHidden(frame) == true, "bar hidden while dragging", sourceLocation: sourceLocation)
    }

    @Test(arguments: [0.1, ParallaxAndFullScreenPopTests.parallaxThreshold - ParallaxAndFullScreenPopTests.epsilon])
    func parallaxPopEdgeDragReleasedBelowTheThresholdCancels(fraction: Double) throws {
        let result = try Self.parallaxEdgeDrag(fraction)
        Self.expectParallaxPopHeld(result, at: fraction)
        #expect(Self.events(result) == ["began system-push push", "completed system-push push",
                                        "began parallax-pop pop", "cancelled parallax-pop pop"])
        #expect(result.trace.events.first { $0.effect == "parallax-pop" }?.interactive == true)
        #expect(Self.stack(result) == ["Root", "Detail"])
        // After the cancel: the bar back, Detail shown in place, nothing of the pop left.
        let last = result.trace.frames.last!
        #expect(Self.barHidden(last) == false)
        #expect(last.views("Root", kind: "view").isEmpty)
        #expect(last.views("Detail", kind: "view").first?.hidden == false)
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test(arguments: [ParallaxAndFullScreenPopTests.parallaxThreshold + ParallaxAndFullScreenPopTests.epsilon, 0.49])
    func parallaxPopEdgeDragReleasedPastTheThresholdFinishes(fraction: Double) throws {
        let result = try Self.parallaxEdgeDrag(fraction)
        Self.expectParallaxPopHeld(result, at: fraction)
        #expect(Self.events(result) == ["began system-push push", "completed system-push push",
                                        "began parallax-pop pop", "completed parallax-pop pop"])
        #expect(Self.stack(result) == ["Root"])
        #expect(Self.barHidden(result.trace.frames.last!) == false)
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func parallaxPopEdgeDragCancelledByTheSystemAt49PercentCancels() throws {
        // Threshold 0.25: a release at 49 % finishes (above); a gesture the system
        // cancels at 49 % (touch cancelled) cancels the pop.
        let w = 390.0
        let scene = DirectScene(choices: [(.interactivePop, "parallax-pop")])
        scene.nav.pushViewController(ViewController(title: "Detail"), animated: true)
        scene.stage.settle()
        #expect(!scene.nav.interactivePopGestureRecognizer.isEnabled, "the system edge gesture is off while attached")
        scene.drag(from: 4, to: 4 + 0.49 * w, cancel: true)
        #expect(scene.nav.isNavigationBarHidden, "bar hidden while the cancel plays back")
        let result = scene.finish()
        #expect(Self.events(result) == ["began system-push push", "completed system-push push",
                                        "began parallax-pop pop", "cancelled parallax-pop pop"])
        #expect(Self.stack(result) == ["Root", "Detail"])
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func parallaxPopDoesNotBeginAwayFromTheEdge() throws {
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"interactivePop": "parallax-pop"},
         "steps": [{"push": {"title": "Detail"}}, {"wait": 1},
                   {"drag": {"from": [200, 400], "to": [380, 400], "duration": 0.3, "hold": 0.2}}]}
        """)
        #expect(Self.events(result) == ["began system-push push", "completed system-push push"])
        #expect(Self.stack(result) == ["Root", "Detail"])
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

    // MARK: - full-screen-pop

    /// A drag from x = 200 (far from the edge) of `fraction` of the width, held, released,
    /// on a 414-point screen (so that the finger stays on it past half the width).
    static func fullScreenDrag(_ fraction: Double, pop: String? = nil, from x: Double = 200,
                               parameters: [String: [String: String]] = [:]) throws -> ScenarioResult {
        let w = 414.0
        let popChoice = pop.map { ", \"pop\": \"\($0)\"" } ?? ""
        return try BuiltInEffects.play("""
        {"screen": {"width": \(w), "height": 896, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"interactivePop": "full-screen-pop"\(popChoice)},
         "steps": [{"push": {"title": "Detail"}}, {"wait": 1},
                   {"drag": {"from": [\(x), 400], "to": [\(x + fraction * w), 400], "duration": 0.3, "hold": 0.2}}]}
        """, parameters: parameters)
    }

    /// While held at `fraction`: UIKit's pop (or parallax-pop) driven linearly.
    static func expectFullScreenHeld(_ result: ScenarioResult, at fraction: Double, parallax: Bool,
                                     sourceLocation: SourceLocation = #_sourceLocation) {
        let w = 414.0
        guard let frame = frame(result, at: 1.4, sourceLocation: sourceLocation) else { return }
        expectClose(frame.percent, fraction, "percent", tolerance: 1e-5, sourceLocation: sourceLocation)
        let detail = frame.views("Detail", kind: parallax ? "snapshot" : "view").first
        expectClose(tx(detail), fraction * w, "Detail tx", sourceLocation: sourceLocation)
        // UIKit's pop and parallax-pop both bring the page below back from 30 % left.
        expectClose(tx(frame.views("Root", kind: "view").first), -0.3 * w * (1 - fraction), "Root tx",
                    sourceLocation: sourceLocation)
    }

    @Test(arguments: [(0.1, false), (0.49, false), (ParallaxAndFullScreenPopTests.fullScreenThreshold - ParallaxAndFullScreenPopTests.epsilon, false), (ParallaxAndFullScreenPopTests.fullScreenThreshold + ParallaxAndFullScreenPopTests.epsilon, true)])
    func fullScreenPopDrivesUIKitsPop(fraction: Double, finishes: Bool) throws {
        let result = try Self.fullScreenDrag(fraction)
        Self.expectFullScreenHeld(result, at: fraction, parallax: false)
        #expect(Self.events(result) == ["began system-push push", "completed system-push push",
                                        "began system-pop pop", "\(finishes ? "completed" : "cancelled") system-pop pop"])
        #expect(result.trace.events.last?.interactive == true)
        #expect(Self.stack(result) == (finishes ? ["Root"] : ["Root", "Detail"]))
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test(arguments: [(0.1, false), (0.49, false), (ParallaxAndFullScreenPopTests.fullScreenThreshold - ParallaxAndFullScreenPopTests.epsilon, false), (ParallaxAndFullScreenPopTests.fullScreenThreshold + ParallaxAndFullScreenPopTests.epsilon, true)])
    func fullScreenPopDrivesParallaxPop(fraction: Double, finishes: Bool) throws {
        let result = try Self.fullScreenDrag(fraction, pop: "parallax-pop")
        Self.expectFullScreenHeld(result, at: fraction, parallax: true)
        if let held = result.trace.frame(at: 1.4) {
            #expect(Self.barHidden(held) == true, "parallax-pop hides the bar under the finger too")
        }
        #expect(Self.events(result) == ["began system-push push", "completed system-push push",
                                        "began parallax-pop pop", "\(finishes ? "completed" : "cancelled") parallax-pop pop"])
        #expect(Self.stack(result) == (finishes ? ["Root"] : ["Root", "Detail"]))
        #expect(Self.barHidden(result.trace.frames.last!) == false)
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func fullScreenPopDoesNotBeginOnTheRoot() throws {
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 414, "height": 896, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"interactivePop": "full-screen-pop"},
         "steps": [{"drag": {"from": [200, 400], "to": [400, 400], "duration": 0.3, "hold": 0.2}}]}
        """)
        #expect(Self.events(result).isEmpty)
        #expect(Self.stack(result) == ["Root"])
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func fullScreenPopDoesNotBeginDuringATransition() throws {
        // The drag starts with the push (UIKit's, 0.35 s) and would begin on its first
        // frame: refused, and the pan stays failed for the rest of the touch.
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 414, "height": 896, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"interactivePop": "full-screen-pop"},
         "steps": [{"push": {"title": "Detail"}},
                   {"drag": {"from": [150, 400], "to": [400, 400], "duration": 0.5, "hold": 0.2}}]}
        """)
        #expect(Self.events(result) == ["began system-push push", "completed system-push push"])
        #expect(Self.stack(result) == ["Root", "Detail"])
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func fullScreenPopDoesNotBeginLeftward() throws {
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 414, "height": 896, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"interactivePop": "full-screen-pop"},
         "steps": [{"push": {"title": "Detail"}}, {"wait": 1},
                   {"drag": {"from": [300, 400], "to": [100, 400], "duration": 0.3, "hold": 0.2}}]}
        """)
        #expect(Self.events(result) == ["began system-push push", "completed system-push push"])
        #expect(Self.stack(result) == ["Root", "Detail"])
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func fullScreenPopHonoursMaxStartX() throws {
        let parameters = ["full-screen-pop": ["maxStartX": "100"]]
        let far = try Self.fullScreenDrag(0.6, from: 150, parameters: parameters)
        #expect(Self.events(far) == ["began system-push push", "completed system-push push"])
        #expect(Self.stack(far) == ["Root", "Detail"])
        expectSettled(far)
        Self.expectNoWarnings(far)
        let near = try Self.fullScreenDrag(0.6, from: 90, parameters: parameters)
        #expect(Self.events(near) == ["began system-push push", "completed system-push push",
                                      "began system-pop pop", "completed system-pop pop"])
        #expect(Self.stack(near) == ["Root"])
        expectSettled(near)
        Self.expectNoWarnings(near)
    }

    /// The refusals come from the pan's own shouldBegin (it fails before it begins), not
    /// only from the navigation handler's guards, which would let it run doing nothing
    /// (and, for a leftward drag, start a pop at 0 % and cancel it).
    @Test(arguments: ["root", "transition", "leftward", "optedOut"])
    func fullScreenPanFailsBeforeBeginning(situation: String) {
        let scene = DirectScene(choices: [(.interactivePop, "full-screen-pop")], width: 414)
        let detail = ViewController(title: "Detail")
        if situation != "root" {
            scene.nav.pushViewController(detail, animated: true)
            if situation != "transition" { scene.stage.settle() }
        }
        if situation == "optedOut" { detail.flags.insert("fullScreenPopDisabled") }
        #expect(scene.stage.isTransitioning == (situation == "transition"))
        let pans = scene.nav.view.gestureRecognizers.filter { $0 !== scene.nav.interactivePopGestureRecognizer }
        #expect(pans.count == 1, "the full-screen pan is on the navigation controller's view")
        let dx = situation == "leftward" ? -15.0 : 15.0
        scene.stage.window.send(Touch(id: 1, phase: .began, location: Point(x: 200, y: 400), timestamp: scene.stage.now))
        scene.stage.step()
        scene.stage.window.send(Touch(id: 1, phase: .moved, location: Point(x: 200 + dx, y: 400), timestamp: scene.stage.now))
        #expect(pans.first?.state == .failed, "\(situation): the pan failed")
        scene.stage.step()
        scene.stage.window.send(Touch(id: 1, phase: .ended, location: Point(x: 200 + dx, y: 400), timestamp: scene.stage.now))
        let result = scene.finish()
        #expect(result.trace.events.filter { $0.operation == "pop" }.isEmpty)
        #expect(Self.stack(result) == (situation == "root" ? ["Root"] : ["Root", "Detail"]))
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func fullScreenPopRespectsTheTopControllersOptOut() {
        let scene = DirectScene(choices: [(.interactivePop, "full-screen-pop")], width: 414)
        #expect(!scene.nav.interactivePopGestureRecognizer.isEnabled, "the system edge gesture is off while attached")
        let detail = ViewController(title: "Detail")
        scene.nav.pushViewController(detail, animated: true)
        scene.stage.settle()
        detail.flags.insert("fullScreenPopDisabled")
        scene.drag(from: 200, to: 200 + 0.8 * 414)
        scene.stage.settle()
        #expect(scene.nav.viewControllers.map(\.title) == ["Root", "Detail"], "no pop over an opted-out controller")
        #expect(scene.stage.transitionEvents.filter { $0.operation == .pop }.isEmpty)
        // The same drag pops once the flag is gone.
        detail.flags.remove("fullScreenPopDisabled")
        scene.drag(from: 200, to: 200 + 0.8 * 414)
        let result = scene.finish()
        #expect(Self.events(result) == ["began system-push push", "completed system-push push",
                                        "began system-pop pop", "completed system-pop pop"])
        #expect(Self.stack(result) == ["Root"])
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func fullScreenPopRestoresTheSystemEdgeGestureOnDetach() {
        var scene: DirectScene? = DirectScene(choices: [(.interactivePop, "full-screen-pop")])
        let nav = scene!.nav
        #expect(!nav.interactivePopGestureRecognizer.isEnabled)
        let recognizers = nav.view.gestureRecognizers.count
        scene = nil
        #expect(nav.interactivePopGestureRecognizer.isEnabled)
        #expect(nav.view.gestureRecognizers.count == recognizers - 1)
    }
}

/// A scene built directly with a coordinator (for what a scenario cannot script: a
/// controller's flags, a touch the system cancels), recorded as a scenario is.
private final class DirectScene {
    let stage: Stage
    var coordinator: Coordinator?
    let nav: NavigationController
    private let recorder: TraceRecorder
    private var touchID = 10

    init(choices: [(CoordinatorRole, String)], width: Double = 390) {
        stage = Stage(screen: Size(width: width, height: 844), framesPerSecond: 60)
        let coordinator = Coordinator(library: BuiltInEffects.library, stage: stage)
        for (role, name) in choices {
            do {
                try coordinator.use(name, for: role)
            } catch {
                Issue.record("\(name): \(error.description)")
            }
        }
        nav = coordinator.makeNavigationController(root: ViewController(title: "Root"))
        coordinator.setRoot(nav)
        self.coordinator = coordinator
        recorder = TraceRecorder(stage: stage) { [weak coordinator] in coordinator?.topNavigationController }
        recorder.start()
    }

    /// One finger from x `from` to x `to` at y = 400 over 0.3 s (one event a frame), held
    /// still 0.2 s, then lifted (or cancelled by the system).
    func drag(from: Double, to: Double, cancel: Bool = false) {
        touchID += 1
        let y = 400.0
        stage.window.send(Touch(id: touchID, phase: .began, location: Point(x: from, y: y), timestamp: stage.now))
        let frames = 18
        for i in 1...frames {
            stage.step()
            let x = from + (to - from) * Double(i) / Double(frames)
            stage.window.send(Touch(id: touchID, phase: .moved, location: Point(x: x, y: y), timestamp: stage.now))
        }
        stage.advance(by: 0.2)
        stage.window.send(Touch(id: touchID, phase: cancel ? .cancelled : .ended, location: Point(x: to, y: y),
                                timestamp: stage.now))
    }

    /// Settles the scene and returns it as a scenario result.
    func finish() -> ScenarioResult {
        stage.settle(limit: 10)
        stage.step()
        return ScenarioResult(trace: recorder.trace, stage: stage, coordinator: coordinator!)
    }
}
