import StagehandCore

/// Records a stage's frames as it steps (attach once, before the run).
///
/// Frames are kept in `frames`, or, with a `consumer`, handed to it as they are made and
/// not kept: a long run written to a file then needs no more memory than a short one.
public final class TraceRecorder {
    private unowned let stage: Stage
    private let topNavigation: () -> NavigationController?
    private let consumer: ((Trace.Frame) -> Void)?
    public private(set) var frames: [Trace.Frame] = []
    /// Frames recorded so far (kept or handed over).
    public private(set) var frameCount = 0

    public init(stage: Stage, topNavigation: @escaping () -> NavigationController?,
                consumer: ((Trace.Frame) -> Void)? = nil) {
        self.stage = stage
        self.topNavigation = topNavigation
        self.consumer = consumer
    }

    /// Records the current frame now, and every frame the stage steps from now on.
    public func start() {
        capture()
        stage.frameObservers.append { [weak self] _ in self?.capture() }
    }

    /// The trace: the kept frames (none when a consumer took them) and every event.
    public var trace: Trace {
        Trace(fps: stage.framesPerSecond, screen: [stage.window.bounds.width, stage.window.bounds.height],
              frames: frames, events: stage.transitionEvents.map(Self.event))
    }

    static func event(_ e: TransitionEvent) -> Trace.Event {
        Trace.Event(t: round6(e.time), kind: e.kind.rawValue, effect: e.effect, operation: e.operation.rawValue,
                    interactive: e.interactive, message: e.message)
    }

    func capture() {
        var views: [Trace.ViewRecord] = []
        func walk(_ v: View, depth: Int, opacity: Double) {
            let p = v.presentation
            let shown = opacity * p.alpha
            let t = p.transform
            let color = p.backgroundColor.map { [$0.red, $0.green, $0.blue, $0.alpha].map(Self.round6) }
            views.append(Trace.ViewRecord(
                title: v.viewController?.title ?? v.label ?? v.name ?? v.kind.rawValue,
                kind: v.kind.rawValue, source: v.sourceKind?.rawValue, depth: depth,
                frame: [p.frame.origin.x, p.frame.origin.y, p.frame.width, p.frame.height].map(Self.round6),
                transform: [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Self.round6),
                alpha: Self.round6(p.alpha), opacity: Self.round6(shown), hidden: p.isHidden,
                corners: v.cornersInWindow().map { [Self.round6($0.x), Self.round6($0.y)] },
                color: color, cornerRadius: Self.round6(p.cornerRadius), shadow: Self.round6(p.shadowOpacity)))
            for s in v.subviews { walk(s, depth: depth + 1, opacity: shown) }
        }
        for s in stage.window.subviews { walk(s, depth: 0, opacity: 1) }
        var presented: [String] = []
        var vc = stage.window.rootViewController
        while let p = vc?.presentedViewController {
            presented.append(p.title ?? "untitled")
            vc = p
        }
        let percent = stage.runningTransitionPercent
        let frame = Trace.Frame(t: Self.round6(stage.now),
                                stack: topNavigation()?.viewControllers.map { $0.title ?? "untitled" } ?? [],
                                presented: presented, percent: percent.map(Self.round6), views: views)
        frameCount += 1
        if let consumer { consumer(frame) } else { frames.append(frame) }
    }

    /// Six decimals: enough for any picture, and traces stay readable and diffable.
    static func round6(_ x: Double) -> Double { (x * 1e6).rounded() / 1e6 }
}
