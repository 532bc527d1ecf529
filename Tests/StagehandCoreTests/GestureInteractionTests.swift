import Testing
@testable import StagehandCore

/// Recognizers among each other: failure requirements, enabling, target–action,
/// simultaneity and how touches are routed.
extension GestureTests {
    // MARK: - Failure requirements

    /// How a failure requirement is stated: `require(toFail:)`, or either delegate.
    enum Requirement: CaseIterable, Sendable { case explicit, requiringDelegate, requiredDelegate }

    final class RequirementDelegate: GestureRecognizerDelegate {
        weak var pan: GestureRecognizer?, edge: GestureRecognizer?
        func gestureRecognizer(_ g: GestureRecognizer, shouldRequireFailureOf o: GestureRecognizer) -> Bool {
            g === pan && o === edge
        }
        func gestureRecognizer(_ g: GestureRecognizer, shouldBeRequiredToFailBy o: GestureRecognizer) -> Bool {
            g === edge && o === pan
        }
    }

    /// A pan on `inner` (hit first) that requires an edge pan on `outer` to fail.
    static func panRequiringEdgeToFail(_ requirement: Requirement = .explicit)
        -> (Stage, ScreenEdgePanGestureRecognizer, PanGestureRecognizer) {
        let (stage, outer) = scene()
        let inner = View(frame: outer.bounds)
        outer.addSubview(inner)
        let edge = ScreenEdgePanGestureRecognizer(edges: .left)
        outer.addGestureRecognizer(edge)
        let pan = PanGestureRecognizer()
        inner.addGestureRecognizer(pan)
        let delegate = RequirementDelegate()
        (delegate.pan, delegate.edge) = (pan, edge)
        switch requirement {
        case .explicit: pan.require(toFail: edge)
        case .requiringDelegate: pan.delegate = delegate
        case .requiredDelegate: edge.delegate = delegate
        }
        pan.addAction { _ in withExtendedLifetime(delegate) {} }  // delegates are weak: keep it
        return (stage, edge, pan)
    }

    @Test(arguments: Requirement.allCases)
    func aPanRequiringTheEdgePanToFailFailsWhenTheEdgePanBegins(_ requirement: Requirement) {
        let (stage, edge, pan) = Self.panRequiringEdgeToFail(requirement)
        let panLog = Log(pan)
        Self.send(stage.window, .began, 5, 300, t: 0)
        Self.send(stage.window, .moved, 25, 300, t: 0.02)
        // The pan was ready first but waits; then the edge pan begins and it fails.
        #expect(edge.state == .began && pan.state == .failed)
        Self.send(stage.window, .ended, 25, 300, t: 0.04)
        #expect(panLog.states.isEmpty)
        #expect(edge.state == .ended)
    }

    @Test func aPanRequiringTheEdgePanToFailBeginsWhenItFails() {
        let (stage, edge, pan) = Self.panRequiringEdgeToFail()
        let panLog = Log(pan)
        // Not at the edge: the edge pan fails at touch-down, the pan just begins.
        Self.drag(stage.window, from: Point(x: 100, y: 300), to: Point(x: 200, y: 300), duration: 0.2)
        #expect(edge.state == .failed)
        #expect(panLog.states.first == .began && panLog.states.last == .ended)

        // At the edge but vertical: the pan waits for the edge pan, which fails on the
        // same move; the pan then begins with the translation it has.
        stage.step()
        (panLog.states, panLog.translations) = ([], [])
        Self.send(stage.window, .began, 5, 300, t: 1)
        Self.send(stage.window, .moved, 7, 330, t: 1.02)
        #expect(edge.state == .failed && pan.state == .began)
        #expect(panLog.states == [.began])
        #expect(Self.close(panLog.translations[0], Point(x: 2, y: 30)))
    }

    @Test func aWaitingPanWhoseFingerLiftsBeginsAndEndsWhenTheOtherFails() {
        let (stage, edge, pan) = Self.panRequiringEdgeToFail()
        edge.hysteresis = 50
        let panLog = Log(pan)
        Self.send(stage.window, .began, 5, 300, t: 0)
        Self.send(stage.window, .moved, 25, 300, t: 0.02)
        #expect(pan.state == .possible && edge.state == .possible)  // the pan is ready, waiting
        Self.send(stage.window, .ended, 25, 300, t: 0.04)
        #expect(edge.state == .failed)
        #expect(panLog.states == [.began, .ended])
    }

    // MARK: - Enabling, target–action, simultaneity

    @Test func disablingOrCancellingTouchesMidGestureCancels() {
        let (stage, _, pan) = Self.panScene()
        let log = Log(pan)
        Self.drag(stage.window, from: Point(x: 100, y: 100), to: Point(x: 150, y: 100), duration: 0.1, lift: false)
        #expect(stage.window.hasActiveGesture)
        pan.isEnabled = false
        #expect(pan.state == .cancelled && log.states.last == .cancelled)
        #expect(!stage.window.hasActiveGesture)
        let count = log.states.count
        Self.send(stage.window, .moved, 200, 100, t: 0.2)
        Self.send(stage.window, .ended, 200, 100, t: 0.3)
        #expect(log.states.count == count)

        // Disabled, it gets nothing at all.
        Self.drag(stage.window, from: Point(x: 100, y: 100), to: Point(x: 150, y: 100), start: 1, duration: 0.1)
        #expect(log.states.count == count)
        #expect(pan.state == .possible)

        // Cancelled touches cancel it too.
        pan.isEnabled = true
        Self.drag(stage.window, from: Point(x: 100, y: 100), to: Point(x: 150, y: 100), start: 2, duration: 0.1, lift: false)
        Self.send(stage.window, .cancelled, 150, 100, t: 2.2)
        #expect(log.states.last == .cancelled && pan.state == .cancelled)
    }

    @Test func targetActionByName() {
        let (stage, _, pan) = Self.panScene()
        let target = NavigationTarget()
        #expect(pan.addTarget(target, action: "handleNavigationTransition:"))
        #expect(pan.addTarget(target, action: "handleNavigationTransition:"))  // recorded once
        #expect(!pan.addTarget(target, action: "unknownAction:"))
        Self.drag(stage.window, from: Point(x: 100, y: 100), to: Point(x: 200, y: 100), duration: 0.1)
        #expect(target.received.map(\.1) == [.began] + Array(repeating: .changed, count: 5) + [.ended])
        #expect(target.received.allSatisfy { $0.0 === pan })

        stage.step()
        pan.removeTarget(target, action: nil)
        Self.drag(stage.window, from: Point(x: 100, y: 100), to: Point(x: 200, y: 100), start: 1, duration: 0.1)
        #expect(target.received.count == 7)

        // Targets are held weakly.
        var transient: NavigationTarget? = NavigationTarget()
        pan.addTarget(transient!, action: "handleNavigationTransition:")
        transient = nil
        stage.step()
        Self.drag(stage.window, from: Point(x: 100, y: 100), to: Point(x: 200, y: 100), start: 2, duration: 0.1)
        #expect(pan.state == .ended)
    }

    @Test func nestedPansExcludeEachOtherUnlessTheDelegateAllows() {
        let (stage, outer) = Self.scene()
        let inner = View(frame: Rect(x: 50, y: 50, width: 200, height: 200))
        outer.addSubview(inner)
        let outerPan = PanGestureRecognizer()
        let innerPan = PanGestureRecognizer()
        outer.addGestureRecognizer(outerPan)
        inner.addGestureRecognizer(innerPan)
        let outerLog = Log(outerPan)
        let innerLog = Log(innerPan)

        Self.drag(stage.window, from: Point(x: 100, y: 100), to: Point(x: 150, y: 100), duration: 0.1)
        #expect(innerLog.states.first == .began && innerLog.states.last == .ended)
        #expect(outerLog.states.isEmpty && outerPan.state == .failed)

        // A touch outside the inner view reaches only the outer pan.
        stage.step()
        innerLog.states = []
        Self.drag(stage.window, from: Point(x: 300, y: 400), to: Point(x: 350, y: 400), start: 1, duration: 0.1)
        #expect(outerLog.states.first == .began && innerLog.states.isEmpty)

        stage.step()
        outerLog.states = []
        let delegate = Delegate()
        delegate.simultaneous = true
        outerPan.delegate = delegate
        Self.drag(stage.window, from: Point(x: 100, y: 100), to: Point(x: 150, y: 100), start: 2, duration: 0.1, lift: false)
        #expect(innerPan.state == .changed && outerPan.state == .changed)
        Self.send(stage.window, .ended, 150, 100, t: 2.2)
        #expect(innerLog.states.last == .ended && outerLog.states.last == .ended)
    }

    // MARK: - Routing

    @Test func aHiddenWindowGivesTouchesToItsOwnRecognizersOnly() {
        let (stage, _, contentPan) = Self.panScene()
        let windowPan = PanGestureRecognizer()
        stage.window.addGestureRecognizer(windowPan)
        stage.window.isHidden = true
        Self.drag(stage.window, from: Point(x: 100, y: 100), to: Point(x: 150, y: 100), duration: 0.1, lift: false)
        #expect(windowPan.state == .changed)
        #expect(contentPan.state == .possible)
    }

    @Test func aRecognizerWhoseViewLeavesTheWindowIsCancelled() {
        let (stage, content) = Self.scene()
        let inner = View(frame: content.bounds)
        content.addSubview(inner)
        let pan = PanGestureRecognizer()
        inner.addGestureRecognizer(pan)
        let log = Log(pan)
        Self.drag(stage.window, from: Point(x: 100, y: 100), to: Point(x: 150, y: 100), duration: 0.1, lift: false)
        inner.removeFromSuperview()
        Self.send(stage.window, .moved, 160, 100, t: 0.2)
        #expect(log.states.last == .cancelled)
    }

    @Test func malformedTouchSequencesAreReportedNotFatal() {
        let (stage, _, pan) = Self.panScene()
        Self.send(stage.window, .moved, 10, 10, t: 0, id: 7)
        Self.send(stage.window, .began, 10, 10, t: 0, id: 1)
        Self.send(stage.window, .began, 40, 10, t: 0.1, id: 1)
        #expect(pan.state == .began)  // the second "began" counted as a move
        #expect(stage.diagnostics.filter { $0.source == "gesture" }.count == 2)

        // A recognizer that never ends itself is cancelled when the last finger lifts.
        final class Stubborn: GestureRecognizer { override func touchesBegan(_ t: [Touch]) { setState(.began) } }
        let stubborn = Stubborn()
        pan.view!.addGestureRecognizer(stubborn)
        Self.send(stage.window, .ended, 40, 10, t: 0.2, id: 1)
        Self.send(stage.window, .began, 40, 10, t: 0.3, id: 1)
        #expect(stubborn.state == .began && pan.state == .failed)  // excluded by the stubborn one
        Self.send(stage.window, .ended, 40, 10, t: 0.4, id: 1)
        #expect(stubborn.state == .cancelled && !stage.window.hasActiveGesture)
    }

    @Test func touchConvenienceUsesTheStageClock() {
        let (stage, _, pan) = Self.panScene()
        stage.window.touch(.began, at: Point(x: 100, y: 100))
        for x in stride(from: 110.0, through: 200, by: 10) {
            stage.step()
            stage.window.touch(.moved, at: Point(x: x, y: 100))
        }
        #expect(abs(pan.velocity(in: nil).x - 600) < 1e-6)
        stage.window.touch(.ended, at: Point(x: 200, y: 100))
        #expect(pan.state == .ended)
    }
}
