/// A finger dragging (UIPanGestureRecognizer): the gesture behind every interactive
/// transition in the iOS 7 recipes (Documentation/References.md) — the percent done is read from `translation(in:)`, and
/// whether to finish from `velocity(in:)`.
///
/// It begins once the fingers have moved more than `hysteresis` points from where they
/// went down (asking the delegate's `gestureRecognizerShouldBegin` at that moment, with
/// the translation already readable), then reports `changed` on every move, `ended`
/// when the last finger lifts and `cancelled` when the touches are cancelled. Lifting
/// before it began makes it fail.
///
/// With several fingers the pan follows their centroid; a finger going down or lifting
/// does not make the translation jump (the starting point is shifted instead), as
/// UIKit does.
open class PanGestureRecognizer: GestureRecognizer {
    /// How far, in points, the fingers must move before the pan begins. UIKit does not
    /// publish its figure; about 10 points is the value commonly given for it. Movement
    /// within this distance still counts in the translation.
    public var hysteresis: Double = 10
    /// Fewest fingers that can begin the pan (UIKit's default: 1): with fewer down it
    /// does not begin however far they move, and a pan that began ends as soon as fewer
    /// remain.
    public var minimumNumberOfTouches = 1
    /// Most fingers tracked (UIKit's default: unlimited). A finger that goes down while
    /// that many are tracked is ignored for its whole life: it does not move the centroid
    /// the pan follows, nor its velocity, and lifting it ends nothing — a one-finger pan
    /// (`1`, as the slide-pop recipe sets) stays under its first finger.
    public var maximumNumberOfTouches = Int.max
    /// The span of recent touch samples the velocity is estimated from, in seconds.
    public var velocitySampleWindow: Double = 0.1

    /// Where the fingers are, in window coordinates, moved only by finger motion: the
    /// centroid, except that adding or lifting a finger does not move it.
    private var position = Point.zero
    /// The point `position` is measured from; `setTranslation` moves it.
    private var origin = Point.zero
    /// Each tracked finger's last location, to turn its moves into centroid motion.
    private var fingers: [Int: Point] = [:]
    /// Recent `(timestamp, position)` pairs, oldest first, for the velocity.
    private var samples: [(time: Double, position: Point)] = []

    // MARK: - Translation and velocity

    /// How far the fingers moved since they went down (or since `setTranslation`), in
    /// `view`'s coordinate space — a displacement, so where the view itself is (even if
    /// the gesture moves it) does not matter, only its scale and rotation. `nil` means
    /// the window.
    public func translation(in view: View?) -> Point {
        Self.vector(position - origin, fromWindowTo: view, at: origin)
    }

    /// Makes the current translation `translation` in `view`'s space; later moves add to
    /// it. As in UIKit this restarts the velocity estimate, which then reads zero until
    /// the fingers move again.
    public func setTranslation(_ translation: Point, in view: View?) {
        let inWindow: Point
        if let view {
            let anchor = view.convert(origin, from: nil)
            inWindow = view.convert(anchor + translation, to: nil) - view.convert(anchor, to: nil)
        } else {
            inWindow = translation
        }
        origin = position - inWindow
        if let last = samples.last { samples = [last] }
    }

    /// How fast the fingers move, in `view`'s points per second (`nil`: the window).
    ///
    /// Estimated at the time of the latest touch event, by a least-squares line through
    /// the positions sampled in the last `velocitySampleWindow` seconds (0.1 s): a
    /// constant drag reads its speed exactly. When that span holds a single sample, the
    /// sample just before it is used too: sparse scripted moves read the speed of their
    /// last interval, and a finger held still, then lifted, reads zero. Only the touches'
    /// timestamps count, never a clock: the result is deterministic.
    public func velocity(in view: View?) -> Point {
        let v = Self.leastSquaresVelocity(of: recentSamples())
        let scale = 0.01  // map a short displacement, so perspective views are handled locally
        let mapped = Self.vector(Point(x: v.x * scale, y: v.y * scale), fromWindowTo: view, at: position)
        return Point(x: mapped.x / scale, y: mapped.y / scale)
    }

    /// A window-space displacement seen in `view`'s coordinate space (affine views
    /// exactly: only the linear part of their transforms applies).
    static func vector(_ displacement: Point, fromWindowTo view: View?, at anchor: Point) -> Point {
        guard let view else { return displacement }
        return view.convert(anchor + displacement, from: nil) - view.convert(anchor, from: nil)
    }

    private func recentSamples() -> [(time: Double, position: Point)] {
        guard let latest = samples.last else { return [] }
        let start = latest.time - velocitySampleWindow - 1e-9
        guard var first = samples.firstIndex(where: { $0.time >= start }) else { return [] }
        if samples.count - first < 2, first > 0 { first -= 1 }
        return Array(samples[first...])
    }

    static func leastSquaresVelocity(of samples: [(time: Double, position: Point)]) -> Point {
        guard samples.count >= 2 else { return .zero }
        let n = Double(samples.count)
        let meanT = samples.reduce(0) { $0 + $1.time } / n
        let meanX = samples.reduce(0) { $0 + $1.position.x } / n
        let meanY = samples.reduce(0) { $0 + $1.position.y } / n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for sample in samples {
            let dt = sample.time - meanT
            stt += dt * dt
            stx += dt * (sample.position.x - meanX)
            sty += dt * (sample.position.y - meanY)
        }
        guard stt > 0 else { return .zero }
        return Point(x: stx / stt, y: sty / stt)
    }

    // MARK: - Recognition

    /// Whether the pan may begin now that the fingers moved past the hysteresis, before
    /// the delegate is asked. The screen-edge pan checks the direction here.
    func movementAllowsBeginning() -> Bool { true }

    open override func touchesBegan(_ touches: [Touch]) {
        for touch in touches {
            guard fingers.count < maximumNumberOfTouches else {
                ignore(touch)
                continue
            }
            if fingers.isEmpty {
                position = touch.location
                origin = touch.location
            }
            fingers[touch.id] = touch.location
            record(at: touch.timestamp)
        }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        for touch in touches { follow(touch) }
        switch state {
        case .possible:
            guard deferredRecognition == nil, fingers.count >= minimumNumberOfTouches else { return }
            let t = position - origin
            guard (t.x * t.x + t.y * t.y).squareRoot() > hysteresis else { return }
            if movementAllowsBeginning() { setState(.began) } else { setState(.failed) }
        case .began, .changed:
            setState(.changed)
        default:
            break
        }
    }

    override func touchesStationary(_ touches: [Touch]) {
        for touch in touches { follow(touch) }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        for touch in touches {
            follow(touch)
            fingers[touch.id] = nil
        }
        if state == .possible, fingers.isEmpty {
            setState(deferredRecognition == nil ? .failed : .ended)
        } else if state.isActive, fingers.count < max(1, minimumNumberOfTouches) {
            setState(.ended)
        }
    }

    open override func touchesCancelled(_ touches: [Touch]) {
        for touch in touches { fingers[touch.id] = nil }
        setState(state.isActive ? .cancelled : .failed)
    }

    open override func reset() {
        fingers = [:]
        samples = []
        position = .zero
        origin = .zero
    }

    /// Moves `position` by this finger's share of the centroid's motion and samples it.
    private func follow(_ touch: Touch) {
        guard let previous = fingers[touch.id] else { return }
        let share = 1 / Double(fingers.count)
        let delta = touch.location - previous
        position = Point(x: position.x + delta.x * share, y: position.y + delta.y * share)
        fingers[touch.id] = touch.location
        record(at: touch.timestamp)
    }

    private func record(at time: Double) {
        if let last = samples.last, last.time == time {
            samples[samples.count - 1].position = position
        } else {
            samples.append((time, position))
        }
        // Keep the span plus the one sample before it (see `velocity(in:)`).
        let start = time - velocitySampleWindow - 1e-9
        if let first = samples.firstIndex(where: { $0.time >= start }), first > 1 {
            samples.removeFirst(first - 1)
        }
    }
}
