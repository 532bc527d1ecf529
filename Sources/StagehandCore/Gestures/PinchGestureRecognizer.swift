/// Two fingers pinching (UIPinchGestureRecognizer): what the pinch-to-pop and
/// pinch-to-dismiss interactions of the transition libraries read.
///
/// It tracks the first two fingers down (a third is ignored for its whole life) and
/// begins once their distance has changed by more than `hysteresis` points from where
/// it was when the second finger went down (asking the delegate's
/// `gestureRecognizerShouldBegin` then). `scale` is 1 at `began` and from then on the
/// fingers' distance over their distance at `began`; it reports `changed` on every
/// move, `ended` when either finger lifts and `cancelled` when the touches are
/// cancelled. All fingers lifting before it began makes it fail, as one finger alone
/// never begins it.
open class PinchGestureRecognizer: GestureRecognizer {
    /// How far, in points, the fingers' distance must change before the pinch begins.
    /// UIKit does not publish its figure; a few points, less than a pan's, is what a
    /// pinch needs on a phone.
    public var hysteresis: Double = 8
    /// The span of recent samples the velocity is estimated from, in seconds (as a pan's).
    public var velocitySampleWindow: Double = 0.1

    /// The fingers' distance when the second went down (for the hysteresis), and at `began`.
    private var downDistance: Double?
    private var beganDistance: Double?
    /// Recent `(timestamp, scale)` pairs, oldest first, for the velocity.
    private var samples: [(time: Double, position: Point)] = []

    /// The fingers' distance over their distance when the pinch began; 1 before it began.
    public private(set) var scale: Double = 1

    /// How fast `scale` changes, in scale per second: a least-squares line through the
    /// scales sampled in the last `velocitySampleWindow` seconds (with the sample just
    /// before, when the span holds one), from the touches' timestamps only.
    public var velocity: Double {
        guard let latest = samples.last else { return 0 }
        let start = latest.time - velocitySampleWindow - 1e-9
        guard var first = samples.firstIndex(where: { $0.time >= start }) else { return 0 }
        if samples.count - first < 2, first > 0 { first -= 1 }
        return PanGestureRecognizer.leastSquaresVelocity(of: Array(samples[first...])).x
    }

    /// The distance between the two tracked fingers, when two are down.
    private var distance: Double? {
        guard numberOfTouches >= 2 else { return nil }
        let a = location(ofTouch: 0, in: nil), b = location(ofTouch: 1, in: nil)
        return ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    open override func touchesBegan(_ touches: [Touch]) {
        for touch in touches where numberOfTouches > 2 { ignore(touch) }
        if state == .possible, downDistance == nil, let d = distance { downDistance = d }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        guard let d = distance else { return }
        switch state {
        case .possible:
            guard deferredRecognition == nil, let down = downDistance, abs(d - down) > hysteresis else { return }
            beganDistance = d
            scale = 1
            record(at: touches.last?.timestamp ?? 0)
            setState(.began)
            if state == .failed { beganDistance = nil }
        case .began, .changed:
            if let b = beganDistance, b > 0 { scale = d / b }
            record(at: touches.last?.timestamp ?? 0)
            setState(.changed)
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        if state.isActive {
            setState(.ended)
        } else if state == .possible, numberOfTouches == 0 {
            setState(deferredRecognition == nil ? .failed : .ended)
        } else if state == .possible, numberOfTouches < 2 {
            // The next second finger starts the measure again.
            downDistance = nil
        }
    }

    open override func touchesCancelled(_ touches: [Touch]) {
        setState(state.isActive ? .cancelled : .failed)
    }

    open override func reset() {
        downDistance = nil
        beganDistance = nil
        samples = []
        scale = 1
    }

    private func record(at time: Double) {
        if let last = samples.last, last.time == time {
            samples[samples.count - 1].position = Point(x: scale, y: 0)
        } else {
            samples.append((time, Point(x: scale, y: 0)))
        }
        let start = time - velocitySampleWindow - 1e-9
        if let first = samples.firstIndex(where: { $0.time >= start }), first > 1 {
            samples.removeFirst(first - 1)
        }
    }
}
