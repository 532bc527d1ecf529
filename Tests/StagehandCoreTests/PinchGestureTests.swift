import Testing
@testable import StagehandCore

/// The pinch: UIKit's began rule (two fingers whose distance changed by more than the
/// hysteresis), scale as the fingers' distance over their distance at `began`, velocity
/// in scale per second from the touches' timestamps, and the ends.
@Suite struct PinchGestureTests {
    static func scene() -> (Stage, PinchGestureRecognizer, [GestureRecognizer.State]) {
        let stage = Stage()
        let content = View(frame: stage.window.bounds)
        stage.window.addSubview(content)
        let pinch = PinchGestureRecognizer()
        content.addGestureRecognizer(pinch)
        return (stage, pinch, [])
    }

    static func send(_ stage: Stage, _ phase: TouchPhase, _ x: Double, _ y: Double, t: Double, id: Int) {
        stage.window.send(Touch(id: id, phase: phase, location: Point(x: x, y: y), timestamp: t))
    }

    /// Fingers 200 pt apart; the second moves right 10 pt every 1/60 s. The first move
    /// (210 pt, 10 > 8) begins it at scale 1; each further move adds 10 / 210, so after
    /// six moves the scale is 260 / 210 and the velocity (600 pt/s) / 210 scale/s.
    @Test func scaleIsTheDistanceOverTheDistanceAtBeganAndVelocityItsRate() {
        let (stage, pinch, _) = Self.scene()
        var states: [GestureRecognizer.State] = []
        var scaleAtBegan: Double?
        pinch.addAction { r in
            states.append(r.state)
            if r.state == .began { scaleAtBegan = (r as? PinchGestureRecognizer)?.scale }
        }
        Self.send(stage, .began, 100, 400, t: 0, id: 1)
        Self.send(stage, .began, 300, 400, t: 0, id: 2)
        Self.send(stage, .moved, 305, 400, t: 1.0 / 60, id: 2)
        #expect(pinch.state == .possible, "5 pt is within the hysteresis")
        for i in 1...6 {
            Self.send(stage, .moved, 300 + 10 * Double(i), 400, t: Double(i + 1) / 60, id: 2)
        }
        #expect(scaleAtBegan == 1)
        #expect(states.first == .began && states.dropFirst().allSatisfy { $0 == .changed } && states.count == 6)
        #expect(abs(pinch.scale - 260.0 / 210.0) < 1e-12)
        #expect(abs(pinch.velocity - 600.0 / 210.0) < 1e-9, "\(pinch.velocity)")
        #expect(pinch.numberOfTouches == 2)
        Self.send(stage, .began, 200, 600, t: 0.2, id: 3)
        #expect(pinch.numberOfTouches == 2, "a third finger is ignored")
        Self.send(stage, .moved, 250, 900, t: 0.21, id: 3)
        #expect(abs(pinch.scale - 260.0 / 210.0) < 1e-12)
        Self.send(stage, .ended, 360, 400, t: 0.25, id: 2)
        #expect(pinch.state == .ended, "a pinch ends when either finger lifts")
        #expect(abs(pinch.scale - 260.0 / 210.0) < 1e-12, "the last scale stays readable")
    }

    @Test func pinchingInReadsBelowOneWithANegativeVelocity() {
        let (stage, pinch, _) = Self.scene()
        Self.send(stage, .began, 100, 400, t: 0, id: 1)
        Self.send(stage, .began, 300, 400, t: 0, id: 2)
        Self.send(stage, .moved, 280, 400, t: 0.1, id: 2)   // 180: begins
        Self.send(stage, .moved, 190, 400, t: 0.2, id: 2)   // 90: half
        #expect(pinch.state == .changed)
        #expect(abs(pinch.scale - 0.5) < 1e-12)
        #expect(abs(pinch.velocity - (-0.5 / 0.1)) < 1e-9)
    }

    @Test func oneFingerNeverBeginsAPinchAndFailsWhenItLifts() {
        let (stage, pinch, _) = Self.scene()
        Self.send(stage, .began, 100, 400, t: 0, id: 1)
        Self.send(stage, .moved, 300, 400, t: 0.1, id: 1)
        #expect(pinch.state == .possible)
        #expect(pinch.numberOfTouches == 1)
        Self.send(stage, .ended, 300, 400, t: 0.2, id: 1)
        #expect(pinch.state == .failed)
        #expect(pinch.scale == 1)
    }

    @Test func cancelledTouchesCancelARunningPinch() {
        let (stage, pinch, _) = Self.scene()
        Self.send(stage, .began, 100, 400, t: 0, id: 1)
        Self.send(stage, .began, 300, 400, t: 0, id: 2)
        Self.send(stage, .moved, 330, 400, t: 0.1, id: 2)
        #expect(pinch.state == .began)
        Self.send(stage, .cancelled, 330, 400, t: 0.2, id: 2)
        #expect(pinch.state == .cancelled)
    }
}
