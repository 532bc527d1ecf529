import Foundation
import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// The two-finger steps of a scenario: a `pinch` about a centre from one distance to
/// another, and a `drag` with `"fingers": 2`. Recognizers are installed on the root's
/// view after the first step and read as the runner plays.
@Suite struct MultiTouchScenarioTests {
    /// Runs `steps` after a first wait, with `recognizer` on the root view; `check` runs
    /// right after the second step (before the run settles and the recognizer resets).
    func run(_ steps: String, on recognizer: GestureRecognizer, check: @escaping () -> Void) throws {
        let scenario = try parse(#"{"steps": [{"wait": 0.1}, \#(steps)]}"#)
        var checked = false
        _ = ScenarioRunner(library: BuiltInEffects.library).run(scenario, afterStep: { index, stage, _ in
            if index == 0 { stage.window.rootViewController?.view.addGestureRecognizer(recognizer) }
            if index == 1 { check(); checked = true }
        })
        #expect(checked)
    }

    /// 100 pt apart to 200 pt over 0.5 s: 30 frames in which each finger moves 5/3 pt
    /// outwards, one after the other. In the third frame, once the first finger has
    /// moved, the distance is 100 + 2 × 10/3 + 5/3 = 325/3 pt, more than 8 pt beyond
    /// 100: the pinch begins there and ends at scale 200 / (325/3) = 600/325, changing
    /// by (100 pt / 0.5 s) / (325/3) = 600/325 per second. One `began`, then one change
    /// per finger event (1 + 2 × 27 more); the fingers stay down (`"release": false`).
    @Test func aPinchStepMovesTwoFingersApartAboutItsCentre() throws {
        let pinch = PinchGestureRecognizer()
        var states: [GestureRecognizer.State] = []
        pinch.addAction { states.append($0.state) }
        try run(#"{"pinch": {"center": [195, 422], "from": 100, "to": 200, "duration": 0.5, "release": false}}"#, on: pinch) {
            #expect(states.first == .began && states.count == 56, "\(states.count)")
            #expect(pinch.state == .changed)
            #expect(abs(pinch.scale - 600.0 / 325.0) < 1e-9)
            #expect(abs(pinch.velocity - 600.0 / 325.0) < 1e-9)
            #expect(pinch.numberOfTouches == 2)
            #expect(pinch.location(in: nil) == Point(x: 195, y: 422))
        }
    }

    @Test func aPinchAlongAnAngleEndsWhenReleased() throws {
        let pinch = PinchGestureRecognizer()
        try run(#"{"pinch": {"center": [195, 422], "from": 300, "to": 150, "angle": 90, "duration": 0.25}}"#, on: pinch) {
            #expect(pinch.state == .ended)
            #expect(pinch.scale < 1)
            #expect(abs(pinch.location(in: nil).x - 195) < 1e-9, "vertical: the fingers share x")
        }
    }

    @Test func aTwoFingerDragMovesATwoFingerPan() throws {
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        var touches: [Int] = []
        pan.addAction { touches.append($0.numberOfTouches) }
        try run(#"{"drag": {"from": [100, 300], "to": [200, 300], "duration": 0.3, "fingers": 2}}"#, on: pan) {
            #expect(pan.state == .ended)
            let t = pan.translation(in: nil)
            #expect(abs(t.x - 100) < 1e-9 && t.y == 0, "\(t)")
            #expect(touches.dropLast().allSatisfy { $0 == 2 } && !touches.isEmpty)
        }

        let lone = PanGestureRecognizer()
        lone.minimumNumberOfTouches = 2
        try run(#"{"drag": {"from": [100, 300], "to": [200, 300], "duration": 0.3}}"#, on: lone) {
            #expect(lone.state == .failed, "one finger never begins a two-finger pan")
        }
    }

    @Test func badTwoFingerStepsAreNamed() {
        #expect(failure(#"{"steps": [{"drag": {"from": [0, 0], "to": [1, 1], "fingers": 3}}]}"#)
                == "error: s.json: steps[0].drag.fingers: expected a number in 1.0...2.0, got 3.0")
        #expect(failure(#"{"steps": [{"drag": {"from": [0, 0], "to": [1, 1], "fingers": 1.5}}]}"#)
                == "error: s.json: steps[0].drag.fingers: expected 1 or 2")
        #expect(failure(#"{"steps": [{"pinch": {"from": 100, "to": 200}}]}"#)
                == "error: s.json: steps[0].pinch.center: missing; expected [x, y]")
        #expect(failure(#"{"steps": [{"pinch": {"center": [1, 2], "to": 200}}]}"#)
                == "error: s.json: steps[0].pinch.from: missing; expected the fingers' first distance in points")
        #expect(failure(#"{"steps": [{"pinch": {"center": [1, 2], "from": 0, "to": 200}}]}"#)
                == "error: s.json: steps[0].pinch.from: expected a number in 1.0...10000.0, got 0.0")
        #expect(failure(#"{"steps": [{"pinch": {"center": [1, 2], "from": 10, "to": 20, "scale": 2}}]}"#).hasPrefix(
                "error: s.json: steps[0].pinch.scale: unknown key; expected one of angle, center, duration, from, hold, release, to"))
        #expect(failure(#"{"steps": [{"pinch": {"center": [1, 2], "from": 10, "to": 20, "duration": 4000}}]}"#)
                == "error: s.json: steps[0].pinch.duration: expected a number in 0.0...600.0, got 4000.0")
    }
}
