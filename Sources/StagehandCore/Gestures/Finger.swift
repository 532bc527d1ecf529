/// A simulated finger on a stage's window, moving on the virtual clock: what a test
/// needs to drive a gesture (an edge pan that pops, a swipe that dismisses) without
/// building touch events by hand.
///
/// Every call sends its touch events through the window (so gesture recognizers see
/// them exactly as they see any other touch) and steps the stage's clock as the finger
/// moves or rests: one `moved` event per frame while moving, none while held still —
/// the time passing is what lowers a pan's velocity before a release, as a real finger
/// that stops before lifting does.
///
///     let finger = Finger(stage: stage)
///     finger.touchDown(at: Point(x: 5, y: 400))
///     finger.move(to: Point(x: 200, y: 400), duration: 0.3)
///     finger.hold(for: 0.1)
///     finger.lift()
///
/// A finger is one touch (`id`); use two with different ids for two fingers.
public final class Finger {
    public let stage: Stage
    /// The touch's id: events of one finger share it.
    public let id: Int
    /// Where the finger is, in window coordinates, while it is down; `nil` when lifted.
    public private(set) var location: Point?

    public init(stage: Stage, id: Int = 1) {
        self.stage = stage
        self.id = id
    }

    /// Whether the finger is on the screen.
    public var isDown: Bool { location != nil }

    /// Puts the finger down at `point` (a `began` touch at the stage's current time).
    /// On a finger already down this is what the window makes of a second `began`: a
    /// move of the same touch to `point` (with a note), so a drag that ends held still
    /// can be continued by the next one.
    public func touchDown(at point: Point) {
        send(.began, at: point)
        location = point
    }

    /// Moves the finger in a straight line to `point` over `duration` seconds: one
    /// `moved` event per frame, the last one at `point`. A duration shorter than half a
    /// frame jumps there in one event without stepping the clock. Does nothing when the
    /// finger is up.
    public func move(to point: Point, duration: Double) {
        guard let start = location else { return }
        let frames = Int((max(0, duration) * Double(stage.framesPerSecond)).rounded())
        if frames > 0 {
            for i in 1...frames {
                stage.step()
                let f = Double(i) / Double(frames)
                let p = Point(x: start.x + (point.x - start.x) * f, y: start.y + (point.y - start.y) * f)
                send(.moved, at: p)
                location = p
            }
        } else if start != point {
            send(.moved, at: point)
        }
        location = point
    }

    /// Keeps the finger still (or lifted) while `seconds` of the clock pass.
    public func hold(for seconds: Double) {
        stage.advance(by: seconds)
    }

    /// Lifts the finger where it is (an `ended` touch). Does nothing when it is up.
    public func lift() {
        guard let point = location else { return }
        send(.ended, at: point)
        location = nil
    }

    /// The system takes the touch away (a `cancelled` touch): recognizers cancel.
    public func cancel() {
        guard let point = location else { return }
        send(.cancelled, at: point)
        location = nil
    }

    /// Down at `from`, a straight line to `to` over `duration`, still for `hold`
    /// seconds, then lifted unless `release` is false. With no hold the finger lifts
    /// while still moving, so the release carries the drag's speed (a flick).
    public func drag(from: Point, to: Point, duration: Double, hold: Double = 0, release: Bool = true) {
        touchDown(at: from)
        move(to: to, duration: duration)
        if hold > 0 { self.hold(for: hold) }
        if release { lift() }
    }

    /// A fast drag released without stopping: `drag` with no hold, over `duration`
    /// (0.1 s by default, about what a thumb's flick takes).
    public func flick(from: Point, to: Point, duration: Double = 0.1) {
        drag(from: from, to: to, duration: duration, hold: 0, release: true)
    }

    private func send(_ phase: TouchPhase, at point: Point) {
        stage.window.send(Touch(id: id, phase: phase, location: point, timestamp: stage.now))
    }
}
