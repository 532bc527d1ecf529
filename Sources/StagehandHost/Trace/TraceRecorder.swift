import StagehandCore

/// Records a stage's frames as it steps (attach once, before the run).
///
/// Frames are kept in `frames`, or, with a `consumer`, handed to it as they are made and
/// not kept: a long run written to a file then needs no more memory than a short one.
package final class TraceRecorder {
    private unowned let stage: Stage
    private let topNavigation: () -> NavigationController?
    private let consumer: ((Trace.Frame) -> Void)?
    private let wanted: ((_ t: Double, _ next: Double) -> Bool)?
    package private(set) var frames: [Trace.Frame] = []
    /// Frames recorded so far (kept or handed over), and those passed over as not wanted.
    package private(set) var frameCount = 0

    /// With `wanted`, a frame is recorded only if `wanted(t, next)` says so, given its time
    /// and the next frame's (one frame later on the stage's clock): a consumer that shows
    /// only some frames (a GIF at 50 fps of a run at 60) spares the others' recording.
    /// It is asked about every frame, in order, whether or not it wanted the one before.
    package init(stage: Stage, topNavigation: @escaping () -> NavigationController?,
                consumer: ((Trace.Frame) -> Void)? = nil, wanted: ((_ t: Double, _ next: Double) -> Bool)? = nil) {
        self.stage = stage
        self.topNavigation = topNavigation
        self.consumer = consumer
        self.wanted = wanted
    }

    /// Records the current frame now, and every frame the stage steps from now on.
    package func start() {
        stepped()
        stage.frameObservers.append { [weak self] _ in self?.stepped() }
    }

    /// The frame the stage is at: recorded, unless not wanted.
    private func stepped() {
        if let wanted {
            let next = Double(stage.frameIndex + 1) / Double(stage.framesPerSecond)
            guard wanted(Self.round6(stage.now), Self.round6(next)) else {
                frameCount += 1
                return
            }
        }
        capture()
    }

    /// The trace: the kept frames (none when a consumer took them) and every event.
    package var trace: Trace {
        Trace(fps: stage.framesPerSecond, screen: [stage.window.bounds.width, stage.window.bounds.height],
              frames: frames, events: stage.transitionEvents.map(Self.event))
    }

    static func event(_ e: TransitionEvent) -> Trace.Event {
        Trace.Event(t: round6(e.time), kind: e.kind.rawValue, effect: e.effect, operation: e.operation.rawValue,
                    interactive: e.interactive, message: e.message)
    }

    /// Whether the warning about numbers that overflowed was said (once per run).
    private var saidOverflow = false
    /// How many views the last frame recorded: the next has about as many, so its array
    /// is made that large at once rather than grown (and copied) view by view.
    private var lastViewCount = 0

    func capture() {
        var walk = ViewWalk()
        walk.views.reserveCapacity(lastViewCount)
        let window = stage.window.presentation
        for s in stage.window.subviewsInDrawingOrder {
            walk.record(s, depth: 0, opacity: 1, parentSublayer: window.sublayerTransformInBounds, parentToWindow: .identity)
        }
        let views = walk.views
        var presented: [String] = []
        var vc = stage.window.rootViewController
        while let p = vc?.presentedViewController {
            presented.append(p.title ?? "untitled")
            vc = p
        }
        let percent = stage.runningTransitionPercent
        let fingers = stage.window.touchesDown
        let touches = fingers.isEmpty ? nil : fingers.keys.sorted().compactMap { fingers[$0] }.map { [walk.r($0.x), walk.r($0.y)] }
        let frame = Trace.Frame(t: Self.round6(stage.now),
                                stack: topNavigation()?.viewControllers.map { $0.title ?? "untitled" } ?? [],
                                presented: presented, percent: percent.map { walk.r($0) }, views: views, touches: touches)
        if walk.overflowed > 0 && !saidOverflow {
            saidOverflow = true
            stage.report(.warning, .numbersOverflowed, "trace", "at \(frame.t) s, \(walk.overflowed) numbers of the scene overflowed to infinity or NaN (first in view \"\(walk.firstOverflow ?? "")\"); they are written as 0 (said once per run)")
        }
        frameCount += 1
        lastViewCount = views.count
        if let consumer { consumer(frame) } else { frames.append(frame) }
    }

    /// Drops z, as Core Animation flattens each layer into its parent's plane.
    static let flatten = Transform3D(scaleX: 1, y: 1, z: 0)

    /// Six decimals: enough for any picture, and traces stay readable and diffable. A
    /// number too large for six decimals is kept as it is (multiplying it would overflow).
    @inline(__always)
    static func round6(_ x: Double) -> Double { x.magnitude < 1e15 ? roundedHalfAway(x * 1e6) / 1e6 : x }

    /// `y.rounded()` (to the nearest whole number, halves away from zero), bit for bit,
    /// without the call to the C library's `round` it compiles to: a trace rounds some
    /// twenty numbers for every view of every frame. Below 2⁵² the whole part is `y`
    /// cut toward zero and the rest is exact; from there on every number is whole.
    @inline(__always)
    static func roundedHalfAway(_ y: Double) -> Double {
        guard y.magnitude < 0x1p52 else { return y.rounded() }
        let whole = Double(Int64(y))
        let rest = y - whole
        let away = rest >= 0.5 ? whole + 1 : rest <= -0.5 ? whole - 1 : whole
        // A negative number that rounds to zero rounds to −0, as `rounded()` does.
        return Double(signOf: y, magnitudeOf: away)
    }
}
