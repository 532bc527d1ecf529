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
        var views: [Trace.ViewRecord] = []
        views.reserveCapacity(lastViewCount)
        // Every number a bundle gives the host is finite and bounded (`NumberRule`), but
        // the scene multiplies them (a chain of scaled views, a projection): what
        // overflows to infinity or NaN all the same is written as 0, counted, and said
        // once, so the trace can always be written (JSON has no NaN) and no renderer sees it.
        var overflowed = 0
        var firstOverflow: String?
        var title = ""
        func r(_ x: Double) -> Double {
            guard x.isFinite else {
                overflowed += 1
                if firstOverflow == nil { firstOverflow = title }
                return 0
            }
            return Self.round6(x)
        }
        // Each view's map to the window is its own (with its superview's sublayer
        // transform), flattened, then its superview's: one product per view instead of
        // walking up to the window for every corner, which costs the depth of the tree
        // again for each view of a deep one (a screen cut into tiles).
        // `parent` is the superview's presentation: each view's is computed once (under
        // an animation it is worked out from the running curves), not again for every
        // subview's map.
        func walk(_ v: View, depth: Int, opacity: Double, parent: ViewState, parentToWindow: Transform3D) {
            let p = v.presentation
            // `View.toSuperview()` from the states at hand.
            var toSuperview = p.toSuperview
            if let sublayer = parent.sublayerTransformInBounds { toSuperview = toSuperview.concatenating(sublayer) }
            let toWindow = toSuperview.concatenating(Self.flatten).concatenating(parentToWindow)
            let shown = opacity * p.alpha
            let t = p.transform
            // Computed (from the bounds, anchor, center and a 3D transform's projected
            // corners): once, not once per number.
            let frame = p.frame
            title = v.viewController?.title ?? v.label ?? v.name ?? v.kind.rawValue
            // Array literals rather than `map`: every frame records every view, and in a
            // debug build (the tests') each `map` is an unspecialised generic call.
            let color = p.backgroundColor.map { [r($0.red), r($0.green), r($0.blue), r($0.alpha)] }
            var corners: [[Double]] = []
            corners.reserveCapacity(4)
            for corner in p.bounds.corners {
                let c = toWindow.project(x: corner.x, y: corner.y).point
                corners.append([r(c.x), r(c.y)])
            }
            var record = Trace.ViewRecord(
                title: title,
                kind: v.kind.rawValue, source: v.sourceKind?.rawValue, depth: depth,
                frame: [r(frame.origin.x), r(frame.origin.y), r(frame.width), r(frame.height)],
                transform: [r(t.a), r(t.b), r(t.c), r(t.d), r(t.tx), r(t.ty)],
                alpha: r(p.alpha), opacity: r(shown), hidden: p.isHidden,
                corners: corners,
                color: color, cornerRadius: r(p.cornerRadius), shadow: r(p.shadowOpacity))
            Self.recordLayerProperties(of: p, in: &record, rounding: r)
            if let id = v.matchID, !id.isEmpty { record.match = id }
            if p.compositing != .normal { record.compositing = p.compositing.rawValue }
            views.append(record)
            for s in v.subviewsInDrawingOrder { walk(s, depth: depth + 1, opacity: shown, parent: p, parentToWindow: toWindow) }
        }
        let window = stage.window.presentation
        for s in stage.window.subviewsInDrawingOrder { walk(s, depth: 0, opacity: 1, parent: window, parentToWindow: .identity) }
        var presented: [String] = []
        var vc = stage.window.rootViewController
        while let p = vc?.presentedViewController {
            presented.append(p.title ?? "untitled")
            vc = p
        }
        let percent = stage.runningTransitionPercent
        let fingers = stage.window.touchesDown
        let touches = fingers.isEmpty ? nil : fingers.keys.sorted().compactMap { fingers[$0] }.map { [r($0.x), r($0.y)] }
        let frame = Trace.Frame(t: Self.round6(stage.now),
                                stack: topNavigation()?.viewControllers.map { $0.title ?? "untitled" } ?? [],
                                presented: presented, percent: percent.map(r), views: views, touches: touches)
        if overflowed > 0 && !saidOverflow {
            saidOverflow = true
            stage.report(.warning, .numbersOverflowed, "trace", "at \(frame.t) s, \(overflowed) numbers of the scene overflowed to infinity or NaN (first in view \"\(firstOverflow ?? "")\"); they are written as 0 (said once per run)")
        }
        frameCount += 1
        lastViewCount = views.count
        if let consumer { consumer(frame) } else { frames.append(frame) }
    }

    /// Drops z, as Core Animation flattens each layer into its parent's plane.
    static let flatten = Transform3D(scaleX: 1, y: 1, z: 0)

    /// The layer properties of ABI 1.2, each only where it differs from its default.
    static func recordLayerProperties(of p: ViewState, in record: inout Trace.ViewRecord,
                                      rounding number: (Double) -> Double) {
        if !p.isDoubleSided { record.doubleSided = false }
        if !p.sublayerTransform.isIdentity {
            let m = p.sublayerTransform
            record.sublayerTransform = [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
                                        m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44].map(number)
        }
        if p.clipsToBounds { record.clips = true }
        if let mask = p.mask {
            record.mask = [mask.rect.origin.x - p.bounds.origin.x, mask.rect.origin.y - p.bounds.origin.y,
                           mask.rect.width, mask.rect.height, mask.cornerRadius].map(number)
        }
        if p.clipsToBounds || p.mask != nil { record.size = [p.bounds.width, p.bounds.height].map(number) }
        if p.shadowRadius != 3 { record.shadowRadius = number(p.shadowRadius) }
        if p.shadowOffset != Size(width: 0, height: -3) {
            record.shadowOffset = [p.shadowOffset.width, p.shadowOffset.height].map(number)
        }
        if p.shadowColor != .black {
            let c = p.shadowColor
            record.shadowColor = [c.red, c.green, c.blue, c.alpha].map(number)
        }
        if p.zPosition != 0 { record.zPosition = number(p.zPosition) }
    }

    /// Six decimals: enough for any picture, and traces stay readable and diffable. A
    /// number too large for six decimals is kept as it is (multiplying it would overflow).
    static func round6(_ x: Double) -> Double { x.magnitude < 1e15 ? (x * 1e6).rounded() / 1e6 : x }
}
