import Testing
@testable import StagehandCore

/// Gestures: touches injected with explicit timestamps, recognizers with UIKit's state
/// machine, and the rules between recognizers. No sleeping: time is in the touches.
@Suite struct GestureTests {
    // MARK: - Helpers

    /// Records every action a recognizer sends: its state, and for pans the translation
    /// and velocity in the window at that moment.
    final class Log {
        var states: [GestureRecognizer.State] = []
        var translations: [Point] = []
        var velocities: [Point] = []
        init(_ recognizer: GestureRecognizer) {
            recognizer.addAction { [unowned self] r in
                states.append(r.state)
                if let pan = r as? PanGestureRecognizer {
                    translations.append(pan.translation(in: nil))
                    velocities.append(pan.velocity(in: nil))
                }
            }
        }
    }

    final class Delegate: GestureRecognizerDelegate {
        var shouldBegin = true
        var simultaneous = false
        var askedToBegin: [Point] = []
        func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
            askedToBegin.append((gestureRecognizer as? PanGestureRecognizer)?.translation(in: nil) ?? .zero)
            return shouldBegin
        }
        func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                               shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            simultaneous
        }
    }

    final class NavigationTarget: ActionTarget {
        var received: [(GestureRecognizer, GestureRecognizer.State)] = []
        func responds(to action: String) -> Bool { action == "handleNavigationTransition:" }
        func perform(action: String, sender: GestureRecognizer) {
            received.append((sender, sender.state))
        }
    }

    /// A stage whose window holds one full-screen view.
    static func scene() -> (Stage, View) {
        let stage = Stage()
        let content = View(frame: stage.window.bounds)
        stage.window.addSubview(content)
        return (stage, content)
    }

    /// `scene()` with a pan on the full-screen view.
    static func panScene() -> (Stage, View, PanGestureRecognizer) {
        let (stage, content) = scene()
        let pan = PanGestureRecognizer()
        content.addGestureRecognizer(pan)
        return (stage, content, pan)
    }

    static func send(_ window: Window, _ phase: TouchPhase, _ x: Double, _ y: Double, t: Double, id: Int = 0) {
        window.send(Touch(id: id, phase: phase, location: Point(x: x, y: y), timestamp: t))
    }

    /// A straight drag at constant speed, one move per 60 Hz frame after the touch-down.
    static func drag(_ window: Window, from a: Point, to b: Point, start: Double = 0, duration: Double,
                     lift: Bool = true, id: Int = 0) {
        send(window, .began, a.x, a.y, t: start, id: id)
        let frames = Int((duration * 60).rounded())
        for k in 1...frames {
            let f = Double(k) / Double(frames)
            send(window, .moved, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, t: start + Double(k) / 60, id: id)
        }
        if lift { send(window, .ended, b.x, b.y, t: start + duration, id: id) }
    }

    static func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    // MARK: - Pan

    @Test func panGoesThroughBeganChangedEndedWithTranslationInEachSpace() {
        let (stage, content, pan) = Self.panScene()
        let window = stage.window
        let scaled = View(frame: Rect(x: 100, y: 200, width: 100, height: 100))
        scaled.transform = Transform2D(scaleX: 2, y: 2)
        content.addSubview(scaled)
        let log = Log(pan)

        Self.send(window, .began, 50, 300, t: 0)
        Self.send(window, .moved, 53, 300, t: 0.01)
        #expect(pan.state == .possible)
        #expect(Self.close(pan.translation(in: nil), Point(x: 3, y: 0)))
        Self.send(window, .moved, 70, 300, t: 0.02)
        #expect(pan.state == .began)
        #expect(window.hasActiveGesture)
        Self.send(window, .moved, 90, 305, t: 0.03)
        Self.send(window, .moved, 100, 310, t: 0.04)
        #expect(pan.state == .changed)
        #expect(Self.close(pan.translation(in: nil), Point(x: 50, y: 10)))
        #expect(Self.close(pan.translation(in: scaled), Point(x: 25, y: 5)))
        // The scaled view's centre (150, 250) is its local (50, 50); (-50, +60) is (-25, +30).
        #expect(Self.close(pan.location(in: scaled), Point(x: 25, y: 80)))
        Self.send(window, .ended, 100, 310, t: 0.05)

        #expect(log.states == [.began, .changed, .changed, .ended])
        #expect(Self.close(log.translations[0], Point(x: 20, y: 0)))
        #expect(Self.close(log.translations[3], Point(x: 50, y: 10)))
        #expect(pan.state == .ended && !window.hasActiveGesture)
        #expect(Self.close(pan.location(in: nil), Point(x: 100, y: 310)))
        stage.step()
        #expect(pan.state == .possible)
    }

    @Test func translationIgnoresWhereTheViewIsButFollowsItsScale() {
        let (stage, content) = Self.scene()
        let moved = View(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        content.addSubview(moved)
        let pan = PanGestureRecognizer()
        moved.addGestureRecognizer(pan)
        let log = Log(pan)
        var inView: [Point] = []
        pan.addAction { r in
            let pan = r as! PanGestureRecognizer
            inView.append(pan.translation(in: r.view))
            // Drag the view along with the finger, as interactive code does.
            r.view!.transform = Transform2D(translationX: pan.translation(in: nil).x, y: 0).scaledBy(x: 0.5, y: 0.5)
        }
        Self.drag(stage.window, from: Point(x: 100, y: 100), to: Point(x: 200, y: 100), duration: 0.1)
        #expect(log.states.first == .began && log.states.last == .ended)
        #expect(Self.close(inView.last!, Point(x: 200, y: 0), 1e-6))
    }

    @Test func setTranslationRebasesLaterMoves() {
        let (stage, content, pan) = Self.panScene()
        Self.send(stage.window, .began, 10, 10, t: 0)
        Self.send(stage.window, .moved, 40, 10, t: 0.1)
        pan.setTranslation(.zero, in: nil)
        #expect(Self.close(pan.translation(in: nil), .zero))
        #expect(Self.close(pan.velocity(in: nil), .zero))
        Self.send(stage.window, .moved, 45, 12, t: 0.2)
        #expect(Self.close(pan.translation(in: nil), Point(x: 5, y: 2)))
        let scaled = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        scaled.transform = Transform2D(scaleX: 4, y: 4)
        content.addSubview(scaled)
        pan.setTranslation(Point(x: 1, y: 1), in: scaled)
        #expect(Self.close(pan.translation(in: scaled), Point(x: 1, y: 1), 1e-9))
        #expect(Self.close(pan.translation(in: nil), Point(x: 4, y: 4), 1e-9))
    }

    @Test func aMoveWithinTheHysteresisDoesNotBegin() {
        let (stage, _, pan) = Self.panScene()
        let log = Log(pan)
        Self.send(stage.window, .began, 100, 100, t: 0)
        Self.send(stage.window, .moved, 104, 103, t: 0.05)  // 5 points
        #expect(pan.state == .possible)
        Self.send(stage.window, .ended, 104, 103, t: 0.1)
        #expect(pan.state == .failed && log.states.isEmpty)

        pan.hysteresis = 4
        Self.send(stage.window, .began, 100, 100, t: 1)
        #expect(pan.state == .possible)  // reset at the next touch-down
        Self.send(stage.window, .moved, 104, 103, t: 1.05)
        #expect(pan.state == .began)
    }

    @Test func velocityOfAConstantDragAndOfAFingerHeldStill() {
        let (stage, content, pan) = Self.panScene()
        let scaled = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        scaled.transform = Transform2D(scaleX: 2, y: 2)
        content.addSubview(scaled)
        let log = Log(pan)

        // 300 points in 0.5 s, sampled at 60 Hz: 600 points per second; the finger
        // lifts still moving.
        Self.drag(stage.window, from: Point(x: 50, y: 400), to: Point(x: 350, y: 400), duration: 0.5, lift: false)
        #expect(abs(pan.velocity(in: nil).x - 600) <= 6 && abs(pan.velocity(in: nil).y) <= 1e-6)
        #expect(abs(pan.velocity(in: scaled).x - 300) <= 3)
        Self.send(stage.window, .ended, 360, 400, t: 0.5 + 1.0 / 60)
        #expect(log.states.last == .ended)
        #expect(abs(log.velocities.last!.x - 600) <= 6)

        // The same drag, then the finger rests 0.2 s before lifting.
        stage.step()
        let held = Log(pan)
        Self.drag(stage.window, from: Point(x: 50, y: 400), to: Point(x: 350, y: 400), start: 10, duration: 0.5, lift: false)
        Self.send(stage.window, .ended, 350, 400, t: 10.7)
        #expect(held.states.last == .ended)
        #expect(abs(held.velocities.last!.x) < 1)

        // Stationary events let the velocity decay while the finger is still down.
        stage.step()
        Self.drag(stage.window, from: Point(x: 50, y: 400), to: Point(x: 350, y: 400), start: 20, duration: 0.5, lift: false)
        Self.send(stage.window, .stationary, 350, 400, t: 20.55)
        #expect(pan.velocity(in: nil).x > 100)
        Self.send(stage.window, .stationary, 350, 400, t: 20.65)
        #expect(abs(pan.velocity(in: nil).x) < 1)
        #expect(pan.state == .changed)  // a stationary finger sends no action

        // Sparse events (a script with few points): the last interval gives the speed.
        Self.send(stage.window, .ended, 350, 400, t: 20.7)
        stage.step()
        Self.send(stage.window, .began, 0, 0, t: 30)
        Self.send(stage.window, .moved, 100, 50, t: 30.5)
        #expect(Self.close(pan.velocity(in: nil), Point(x: 200, y: 100), 1e-6))
    }

    @Test func shouldBeginFalseFailsWithoutActions() {
        let (stage, _, pan) = Self.panScene()
        let delegate = Delegate()
        delegate.shouldBegin = false
        pan.delegate = delegate
        let target = NavigationTarget()
        #expect(pan.addTarget(target, action: "handleNavigationTransition:"))
        let log = Log(pan)
        Self.drag(stage.window, from: Point(x: 100, y: 100), to: Point(x: 200, y: 100), duration: 0.2, lift: false)
        #expect(pan.state == .failed)
        #expect(delegate.askedToBegin.count == 1 && delegate.askedToBegin[0].x > 10)  // readable when asked
        Self.send(stage.window, .ended, 200, 100, t: 0.3)
        #expect(log.states.isEmpty && target.received.isEmpty)
        #expect(!stage.window.hasActiveGesture)
    }

    @Test func extraFingersDoNotMakeTheTranslationJump() {
        let (stage, _, pan) = Self.panScene()
        Self.send(stage.window, .began, 100, 100, t: 0, id: 1)
        Self.send(stage.window, .moved, 130, 100, t: 0.1, id: 1)
        Self.send(stage.window, .began, 300, 500, t: 0.2, id: 2)
        #expect(pan.numberOfTouches == 2)
        #expect(Self.close(pan.translation(in: nil), Point(x: 30, y: 0)))
        Self.send(stage.window, .moved, 320, 500, t: 0.3, id: 2)  // the centroid moves 10
        #expect(Self.close(pan.translation(in: nil), Point(x: 40, y: 0)))
        Self.send(stage.window, .ended, 320, 500, t: 0.4, id: 2)
        #expect(pan.state == .changed)
        Self.send(stage.window, .ended, 130, 100, t: 0.5, id: 1)
        #expect(pan.state == .ended)

        stage.step()
        pan.maximumNumberOfTouches = 1
        Self.send(stage.window, .began, 100, 100, t: 1, id: 1)
        Self.send(stage.window, .began, 300, 100, t: 1, id: 2)
        #expect(pan.numberOfTouches == 1)
    }

    /// `maximumNumberOfTouches = 1` (the slide-pop recipe's pan): a second finger is
    /// ignored for its whole life — it neither moves the centroid the pan follows, nor
    /// its velocity, nor ends it by lifting — whereas with no limit the same touches move
    /// the centroid by half the second finger's motion.
    @Test(arguments: [1, Int.max])
    func aSecondFingerDoesNotMoveAOneFingerPan(maximum: Int) {
        let (stage, _, pan) = Self.panScene()
        pan.maximumNumberOfTouches = maximum
        let log = Log(pan)
        Self.send(stage.window, .began, 100, 100, t: 0, id: 1)
        Self.send(stage.window, .moved, 130, 100, t: 0.1, id: 1)
        #expect(pan.state == .began)
        Self.send(stage.window, .began, 300, 500, t: 0.2, id: 2)
        Self.send(stage.window, .moved, 400, 500, t: 0.3, id: 2)  // the second finger moves 100 pt right
        if maximum == 1 {
            #expect(pan.numberOfTouches == 1)
            #expect(Self.close(pan.translation(in: nil), Point(x: 30, y: 0)))
            #expect(Self.close(pan.location(in: nil), Point(x: 130, y: 100)))
            #expect(log.states == [.began], "the ignored finger sends no change")
        } else {
            #expect(pan.numberOfTouches == 2)
            #expect(Self.close(pan.translation(in: nil), Point(x: 80, y: 0)))
            #expect(log.states == [.began, .changed])
        }
        Self.send(stage.window, .ended, 400, 500, t: 0.4, id: 2)
        #expect(pan.state == .began || pan.state == .changed, "lifting the second finger does not end the pan")
        Self.send(stage.window, .moved, 140, 100, t: 0.5, id: 1)
        #expect(Self.close(pan.translation(in: nil), Point(x: maximum == 1 ? 40 : 90, y: 0)))
        Self.send(stage.window, .ended, 140, 100, t: 0.6, id: 1)
        #expect(pan.state == .ended)
    }

    /// `minimumNumberOfTouches = 2`: one finger alone never begins the pan, however far it
    /// goes; it begins when two fingers move, and ends as soon as one lifts.
    @Test func aTwoFingerPanWaitsForTheSecondFingerAndEndsWhenOneLifts() {
        let (stage, _, pan) = Self.panScene()
        pan.minimumNumberOfTouches = 2
        Self.send(stage.window, .began, 100, 100, t: 0, id: 1)
        Self.send(stage.window, .moved, 200, 100, t: 0.1, id: 1)
        #expect(pan.state == .possible, "one finger is not enough")
        Self.send(stage.window, .began, 300, 100, t: 0.2, id: 2)
        Self.send(stage.window, .moved, 210, 100, t: 0.3, id: 1)
        #expect(pan.state == .began)
        #expect(pan.numberOfTouches == 2)
        Self.send(stage.window, .ended, 300, 100, t: 0.4, id: 2)
        #expect(pan.state == .ended)
        Self.send(stage.window, .ended, 210, 100, t: 0.5, id: 1)
        #expect(pan.state == .ended)

        // A lone finger lifting before a second came makes the pan fail.
        stage.step()
        Self.send(stage.window, .began, 100, 100, t: 1, id: 1)
        Self.send(stage.window, .moved, 200, 100, t: 1.1, id: 1)
        Self.send(stage.window, .ended, 200, 100, t: 1.2, id: 1)
        #expect(pan.state == .failed)
    }

    // MARK: - Screen-edge pan

    @Test func edgePanBeginsOnlyFromTheEdgeAndAwayFromIt() {
        let (stage, content) = Self.scene()
        let edge = ScreenEdgePanGestureRecognizer(edges: .left)
        content.addGestureRecognizer(edge)
        let log = Log(edge)

        Self.drag(stage.window, from: Point(x: 5, y: 300), to: Point(x: 105, y: 310), duration: 0.2)
        #expect(log.states.first == .began && log.states.last == .ended)

        stage.step()
        log.states = []
        Self.send(stage.window, .began, 100, 300, t: 1)
        #expect(edge.state == .failed)  // at once, not at the first move
        Self.send(stage.window, .moved, 200, 300, t: 1.1)
        Self.send(stage.window, .ended, 200, 300, t: 1.2)
        #expect(log.states.isEmpty)

        stage.step()
        Self.drag(stage.window, from: Point(x: 5, y: 300), to: Point(x: 15, y: 400), start: 2, duration: 0.2, lift: false)
        #expect(edge.state == .failed)  // mostly vertical
        Self.send(stage.window, .ended, 15, 400, t: 2.3)
        #expect(log.states.isEmpty)

        stage.step()
        let right = ScreenEdgePanGestureRecognizer(edges: .right)
        content.addGestureRecognizer(right)
        Self.drag(stage.window, from: Point(x: 385, y: 300), to: Point(x: 300, y: 300), start: 3, duration: 0.2, lift: false)
        #expect(right.state == .changed && edge.state == .failed)
    }
}
