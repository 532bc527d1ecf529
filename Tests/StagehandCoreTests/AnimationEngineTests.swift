import Testing
@testable import StagehandCore

@Suite struct AnimationEngineTests {
    @Test func changesInsideTheBlockBecomeAnimationsFromTheOldToTheNewValue() {
        let stage = Stage(framesPerSecond: 60)
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        stage.window.addSubview(v)
        var finished: Bool?
        View.animate(withDuration: 1, options: .curveLinear, animations: {
            v.center = Point(x: 150, y: 50)
            v.alpha = 0
        }, completion: { finished = $0 })
        #expect(v.center == Point(x: 150, y: 50))          // the model changes at once
        #expect(v.presentation.center == Point(x: 50, y: 50)) // the screen does not
        stage.advance(by: 0.5)
        #expect(abs(v.presentation.center.x - 100) < 1e-9)
        #expect(abs(v.presentation.alpha - 0.5) < 1e-9)
        #expect(finished == nil)
        stage.advance(by: 0.5)
        #expect(finished == true)
        #expect(v.presentation == v.model)
    }

    @Test func framesAndTransformsAndColoursAnimate() {
        let stage = Stage(framesPerSecond: 60)
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        v.backgroundColor = Color(red: 1, green: 0, blue: 0)
        View.animate(withDuration: 1, options: .curveLinear) {
            v.frame = Rect(x: 100, y: 0, width: 200, height: 100)
            v.transform = Transform2D(scaleX: 2, y: 2)
            v.backgroundColor = Color(red: 0, green: 0, blue: 1)
            v.cornerRadius = 20
        }
        stage.advance(by: 0.5)
        let p = v.presentation
        #expect(abs(p.bounds.width - 150) < 1e-9)
        #expect(abs(p.center.x - 125) < 1e-9)
        #expect(abs(p.transform.a - 1.5) < 1e-9)
        #expect(abs((p.backgroundColor?.red ?? -1) - 0.5) < 1e-9)
        #expect(abs(p.cornerRadius - 10) < 1e-9)
    }

    @Test func anInterruptedAnimationCompletesUnfinishedAndBeginFromCurrentStateStartsWhereItIs() {
        let stage = Stage(framesPerSecond: 60)
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var first: Bool?
        View.animate(withDuration: 1, options: .curveLinear, animations: { v.alpha = 0 }, completion: { first = $0 })
        stage.advance(by: 0.5)
        View.animate(withDuration: 1, options: [.curveLinear, .beginFromCurrentState], animations: { v.alpha = 1 })
        stage.step()
        #expect(first == false)
        // It starts from 0.5 (on screen), not from 0 (the interrupted target).
        #expect(abs(v.presentation.alpha - (0.5 + 0.5 / 60)) < 1e-9)
    }

    @Test func withoutBeginFromCurrentStateTheNewAnimationStartsFromTheInFlightTarget() {
        let stage = Stage(framesPerSecond: 60)
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        View.animate(withDuration: 1, options: .curveLinear) { v.alpha = 0 }
        stage.advance(by: 0.5)
        View.animate(withDuration: 1, options: .curveLinear) { v.alpha = 1 }
        stage.step()
        #expect(abs(v.presentation.alpha - 1.0 / 60) < 1e-9)
    }

    @Test func delayHoldsTheStartValue() {
        let stage = Stage(framesPerSecond: 60)
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        View.animate(withDuration: 1, delay: 0.5, options: .curveLinear) { v.alpha = 0 }
        stage.advance(by: 0.5)
        #expect(v.presentation.alpha == 1)
        stage.advance(by: 0.5)
        #expect(abs(v.presentation.alpha - 0.5) < 1e-9)
    }

    @Test func aBlockThatChangesNothingCompletesOnTheNextFrameNotInsideTheCall() {
        let stage = Stage()
        var finished: Bool?
        View.animate(withDuration: 1, animations: {}, completion: { finished = $0 })
        #expect(finished == nil)
        stage.step()
        #expect(finished == true)
    }

    @Test func keyframesSliceTheDuration() {
        let stage = Stage(framesPerSecond: 60)
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var done = false
        View.animateKeyframes(withDuration: 1, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { v.center = Point(x: 100, y: 5) }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.center = Point(x: 100, y: 105) }
        }, completion: { done = $0 })
        stage.advance(by: 0.25)
        #expect(abs(v.presentation.center.x - (5 + 95 * 0.5)) < 1e-9)
        #expect(abs(v.presentation.center.y - 5) < 1e-9)
        stage.advance(by: 0.5)
        #expect(abs(v.presentation.center.x - 100) < 1e-9)
        #expect(abs(v.presentation.center.y - 55) < 1e-9)
        stage.advance(by: 0.25)
        #expect(done)
        #expect(v.presentation.center == Point(x: 100, y: 105))
    }

    /// Slices with gaps before, between and after them: before the first starts the
    /// view shows `from`, in a gap the value the last started slice reached, in a slice
    /// its own way.
    @Test func keyframesHoldTheirValueBetweenSlices() {
        let stage = Stage(framesPerSecond: 60)
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        View.animateKeyframes(withDuration: 1, animations: {
            View.addKeyframe(withRelativeStartTime: 0.6, relativeDuration: 0.3) { v.alpha = 0 }
            View.addKeyframe(withRelativeStartTime: 0.2, relativeDuration: 0.2) { v.alpha = 0.4 }
        })
        func expected(_ x: Double) -> Double {
            if x < 0.2 { return 1 }
            if x < 0.4 { return 1 + (0.4 - 1) * (x - 0.2) / 0.2 }
            if x < 0.6 { return 0.4 }
            if x < 0.9 { return 0.4 + (0 - 0.4) * (x - 0.6) / 0.3 }
            return 0
        }
        for frames in [6, 12, 12, 15, 12] {
            for _ in 0..<frames { stage.step() }
            #expect(abs(v.presentation.alpha - expected(stage.now)) < 1e-9, "at \(stage.now)")
        }
    }

    @Test func springAnimationsFollowTheSpringAndEndOnTime() {
        let stage = Stage(framesPerSecond: 60)
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        View.animate(withDuration: 0.8, usingSpringWithDamping: 0.6, initialSpringVelocity: 0) {
            v.center = Point(x: 105, y: 5)
        }
        let spring = Spring(duration: 0.8, dampingRatio: 0.6)
        var overshot = false
        for _ in 0..<47 {
            stage.step()
            let expected = 5 + 100 * spring.value(at: stage.now)
            #expect(abs(v.presentation.center.x - expected) < 1e-9)
            if v.presentation.center.x > 105 { overshot = true }
        }
        #expect(overshot)
        stage.advance(by: 0.1)
        #expect(stage.animator.runningCount == 0)
        #expect(v.presentation.center.x == 105)
    }

    @Test func aPropertyChangedTwiceInOneBlockAmongManyViewsIsOneAnimationFromTheFirstOldToTheLastNewValue() {
        let stage = Stage(framesPerSecond: 60)
        let views = (0..<40).map { i in View(frame: Rect(x: Double(i) * 10, y: 0, width: 10, height: 10)) }
        for v in views { stage.window.addSubview(v) }
        View.animate(withDuration: 1, options: .curveLinear) {
            // Interleaved: each view's alpha is changed again after every other view's
            // centre, so the second change must find its own view's first one.
            for v in views { v.alpha = 0.2 }
            for (i, v) in views.enumerated() { v.center = Point(x: v.center.x, y: 5 + Double(i)) }
            for (i, v) in views.enumerated() { v.alpha = Double(i) / 40 }
        }
        #expect(stage.animator.runningCount == 2 * views.count)
        stage.advance(by: 0.5)
        for (i, v) in views.enumerated() {
            #expect(abs(v.presentation.alpha - (1 + Double(i) / 40) / 2) < 1e-9, "view \(i)")
            #expect(abs(v.presentation.center.y - (5 + (5 + Double(i))) / 2) < 1e-9, "view \(i)")
        }
    }

    @Test func performWithoutAnimationChangesAtOnce() {
        let stage = Stage()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        View.animate(withDuration: 1) {
            View.performWithoutAnimation { v.alpha = 0.2 }
        }
        #expect(v.presentation.alpha == 0.2)
        #expect(stage.animator.runningCount == 0)
    }

    @Test func removeAllAnimationsShowsTheModelAndCompletesUnfinished() {
        let stage = Stage()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var finished: Bool?
        View.animate(withDuration: 1, animations: { v.alpha = 0 }, completion: { finished = $0 })
        stage.advance(by: 0.2)
        v.removeAllAnimations()
        stage.step()
        #expect(finished == false)
        #expect(v.presentation.alpha == 0)
    }
}
