import StagehandSDK

/// magic-move: Hero's default match (its `heroID` "magic move"). Every pair of matched
/// views flies from its place in the outgoing screen to its place in the incoming one —
/// position, size, corner radius and shadow along Hero's curve (0.4, 0, 0.2, 1) for
/// Hero's auto duration, 0.208 s + min(distance, 500) / 3000 — while the rest of the
/// screens fades.
///
/// As Hero's match: each side flies as a snapshot (a flying copy); an opaque pair fades
/// one side only — forward (push, present) the destination's copy fades in on top of
/// the source's, back (pop, dismiss) the source's copy fades out on top of the
/// destination's — and a pair with a side that is not opaque cross-fades both, with
/// plus-lighter compositing in a holder of their own, so a semi-transparent pair does
/// not dip. The destination's copy shows no shadow while the source's can show its own
/// (Hero: "we don't want two shadows"). The real matched views are hidden during the
/// flight (the host shows them again when the transition ends).
///
/// Views without a match fade: forward the incoming screen fades in over the outgoing
/// one, back the outgoing screen fades out over the incoming one, over the longest
/// flight. `cascade` (seconds, 0: none) delays each unmatched view directly in the
/// fading screen by its rank from the top (Hero's `.cascade(delta)`, top to bottom,
/// matched views not delayed), and `arc` bends each flight along Hero's arc (a
/// quadratic Bézier whose control point moves from the straight line's midpoint, at 0,
/// to the corner, at 1; Hero's `.arc(intensity)`). With no pair at all the incoming
/// screen fades in (the outgoing one fades out, back) over 0.35 s on Hero's curve.
///
/// Interactive pops follow a pan anywhere on the screen (progress = translation.x /
/// width), interactive dismissals a pan down the presented screen (progress =
/// translation.y / height), on a linear curve, so the flights stay under the finger —
/// Hero keeps its eased curve under the finger, a quirk its users report — and a
/// release past half finishes, at or before half cancels (Hero leaves the rule to the
/// app).
public final class MagicMove: Effect {
    let arc: Double
    let cascade: Double
    /// The pan that pops an attached navigation controller.
    let popGesture: GestureDrivenTransition
    /// The pan that dismisses an attached presented controller.
    let dismissGesture: GestureDrivenTransition

    /// Parameters within the bounds `declaration` gives them.
    init(arc: Double, cascade: Double) {
        self.arc = arc
        self.cascade = cascade
        popGesture = GestureDrivenTransition(
            .pop, recognizer: .pan, options: [.replacesSystemPopGesture, .treatsSystemCancelAsRelease], name: "magic-move",
            progress: .acrossWidth(),
            release: .progress(above: 0.5))
        dismissGesture = GestureDrivenTransition(
            .dismissal, recognizer: .pan, name: "magic-move",
            progress: .acrossHeight(inWindow: true),
            release: .progress(above: 0.5))
    }

    // The host attaches the effect to a navigation controller for its pops, or to a
    // presented controller for its dismissal: each has its own gesture.

    public func attach(to viewController: ViewController) {
        let gesture = viewController.presentingViewController == nil ? popGesture : dismissGesture
        gesture.attach(to: viewController)
    }

    public func detach(from viewController: ViewController) {
        popGesture.detach(from: viewController)
        dismissGesture.detach(from: viewController)
    }

    public func interactionController(for operation: TransitionOperation) -> PercentDrivenInteractiveTransition? {
        (operation == .dismiss ? dismissGesture : popGesture).interactionController(for: operation)
    }

    public func animationEnded(_ transitionCompleted: Bool) {
        popGesture.animationEnded(transitionCompleted)
        dismissGesture.animationEnded(transitionCompleted)
    }

    /// The flights' and the fades' durations and delays for `context`.
    struct Plan {
        let pairs: [MatchedPair]
        /// Per pair, Hero's auto duration.
        let flights: [Double]
        /// The views that fade, each with its delay (cascade); empty: the screen fades whole.
        let fading: [(view: View, delay: Double)]
        /// The fade of the screen: the longest flight (or the fallback's).
        let fade: Double

        var total: Double {
            max(flights.max() ?? fade, fading.map { $0.delay + fade }.max() ?? fade)
        }
    }

    func plan(_ context: TransitionContext) -> Plan {
        let pairs = context.matchedPairs
        let flights = pairs.map { MagicMoveTiming.duration(from: $0.source.frame, to: $0.destination.frame) }
        let fade = flights.max() ?? MagicMoveTiming.fallbackDuration
        var fading: [(View, Double)] = []
        if cascade > 0, !pairs.isEmpty, let screen = fadingScreen(context) {
            let matched = Set(pairs.flatMap { [$0.source.view, $0.destination.view] })
            let ranked = screen.subviews.filter { !matched.contains($0) }.sorted { $0.frame.minY < $1.frame.minY }
            fading = ranked.enumerated().map { ($0.element, Double($0.offset) * cascade) }
        }
        return Plan(pairs: pairs, flights: flights, fading: fading, fade: fade)
    }

    /// The screen that fades: the incoming one forward, the outgoing one back.
    func fadingScreen(_ context: TransitionContext) -> View? {
        context.operation.isForward ? context.view(forKey: .to) : context.view(forKey: .from)
    }

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        guard let transitionContext else { return MagicMoveTiming.fallbackDuration }
        return plan(transitionContext).total
    }

    public func animateTransition(using context: TransitionContext) {
        guard let screens = MatchedScreens(context) else { return }
        let container = screens.container, forward = screens.forward
        let fromView = screens.from, toView = screens.to
        let plan = plan(context)
        let interactive = context.isInteractive
        let timing = interactive ? TimingCurve(controlPoints: 0, 0, 1, 1) : MagicMoveTiming.curve
        var made: [View] = []

        // The screen that fades, whole or view by view.
        let screen = forward ? toView : fromView
        let (start, end) = forward ? (0.0, 1.0) : (1.0, 0.0)
        if plan.fading.isEmpty {
            screen?.alpha = start
            View.animate(withDuration: plan.fade, curve: timing, animations: { screen?.alpha = end })
        } else {
            for (view, delay) in plan.fading {
                let own = view.alpha
                view.alpha = own * start
                View.animate(withDuration: plan.fade, delay: delay, curve: timing, animations: { view.alpha = own * end })
            }
        }

        for (pair, duration) in zip(plan.pairs, plan.flights) {
            made += fly(pair, duration: duration, forward: forward, timing: timing, in: context, container: container)
        }

        // One completion for everything: a last, empty animation as long as the longest.
        View.animate(withDuration: plan.total, animations: { container.alpha = container.alpha }, completion: { _ in
            for view in made { view.removeFromSuperview() }
            screen?.alpha = 1
            context.completeTransition(!context.transitionWasCancelled)
        })
    }

    /// Flies one pair's two copies from the source's frame to the destination's; the
    /// views it added to the container.
    func fly(_ pair: MatchedPair, duration: Double, forward: Bool, timing: TimingCurve,
             in context: TransitionContext, container: View) -> [View] {
        guard let source = context.flyingCopy(of: pair.source.view),
              let destination = context.flyingCopy(of: pair.destination.view) else { return [] }
        let crossFade = !pair.source.isOpaque || !pair.destination.isOpaque
        var made: [View] = []
        let parent: View
        if crossFade, let holder = View(frame: container.bounds) {
            holder.backgroundColor = .clear
            container.addSubview(holder)
            made.append(holder)
            parent = holder
            source.compositing = .plusLighter
            destination.compositing = .plusLighter
        } else {
            parent = container
        }
        // Destination above forward, source above back.
        for copy in forward ? [source, destination] : [destination, source] {
            parent.addSubview(copy)
            if parent == container { made.append(copy) }
        }
        pair.source.view.isHidden = true
        pair.destination.view.isHidden = true

        let from = pair.source.frame, to = pair.destination.frame
        let toShadow = (pair.destination.view.shadowOpacity, pair.destination.view.shadowRadius, pair.destination.view.shadowOffset)
        // Two shadows are one too many: the destination's copy shows none while the
        // source's (not clipping) can show its own.
        let sourceShowsShadow = !pair.source.view.clipsToBounds
        if sourceShowsShadow { destination.shadowOpacity = 0 }
        destination.frame = from
        destination.cornerRadius = pair.source.cornerRadius
        source.alpha = pair.source.opacity
        destination.alpha = crossFade || forward ? 0 : pair.destination.opacity
        let sourceEnd = crossFade || !forward ? 0 : pair.source.opacity
        let destinationEnd = pair.destination.opacity

        View.animate(withDuration: duration, curve: timing, animations: {
            for copy in [source, destination] {
                copy.bounds = Rect(x: 0, y: 0, width: to.width, height: to.height)
                copy.cornerRadius = pair.destination.cornerRadius
            }
            source.shadowOpacity = toShadow.0
            source.shadowRadius = toShadow.1
            source.shadowOffset = toShadow.2
            if !sourceShowsShadow {
                destination.shadowOpacity = toShadow.0
            }
            source.alpha = sourceEnd
            destination.alpha = destinationEnd
        })
        let a = Point(x: from.midX, y: from.midY), b = Point(x: to.midX, y: to.midY)
        if let control = MagicMoveTiming.arcControl(from: a, to: b, intensity: arc) {
            // Along the arc: the curve's progress is the Bézier's parameter, as Core
            // Animation's keyframe path with one timing function; sampled finely.
            let steps = max(8, Int((duration * 120).rounded(.up)))
            View.animateKeyframes(withDuration: duration, animations: {
                for k in 1...steps {
                    let s = timing.progress(at: Double(k) / Double(steps))
                    View.addKeyframe(withRelativeStartTime: Double(k - 1) / Double(steps), relativeDuration: 1 / Double(steps)) {
                        let p = MagicMoveTiming.point(from: a, control: control, to: b, at: s)
                        source.center = p
                        destination.center = p
                    }
                }
            })
        } else {
            View.animate(withDuration: duration, curve: timing, animations: {
                source.center = b
                destination.center = b
            })
        }
        return made
    }
}
