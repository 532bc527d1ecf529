import StagehandSDK

/// One of Hero's default animations as an effect for every operation: a push or a
/// presentation plays `animation`, a pop or a dismissal plays `animation.reversed`
/// (Hero's `autoReverse(presenting:)`), so one choice serves both ways.
///
/// Each view goes between its poses (`HeroMotion`) in one animation on Hero's curve.
/// In a navigation controller both pages are the context's views. In a presentation
/// the context gives only the presented view (UIKit's `.custom` style leaves the
/// presenter in the window, under the container); the presenter is then played by a
/// snapshot inside the container, so it can go above or below the presented view as
/// the animation needs, and the real view is hidden until the end. Everything is put
/// back as it was before the transition completes: poses at rest, overlays and
/// snapshots gone, the presenter shown.
public final class HeroTransition: Effect {
    let animation: HeroAnimation
    let duration: Double

    /// The valid durations; the manifest declares the same bounds.
    static let durations = 0.01...10.0
    /// Hero's duration for its default animations.
    static let defaultDuration = 0.35

    /// `nil` for a duration outside the declared bounds.
    init?(_ animation: HeroAnimation, duration: Double) {
        guard Self.durations.contains(duration) else { return nil }
        self.animation = animation
        self.duration = duration
    }

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    /// The animation `operation` plays.
    func animation(for operation: TransitionOperation) -> HeroAnimation {
        operation == .pop || operation == .dismiss ? animation.reversed : animation
    }

    public func animateTransition(using transitionContext: TransitionContext) {
        guard let containerView = transitionContext.containerView,
              let fromController = transitionContext.viewController(forKey: .from),
              let toController = transitionContext.viewController(forKey: .to) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        let motion = animation(for: transitionContext.operation).motion(in: containerView.bounds.size)

        // The outgoing page first, so the incoming one can go above or below it.
        guard let from = HeroPage(given: transitionContext.view(forKey: .from), controller: fromController, in: containerView) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        guard let to = HeroPage(given: transitionContext.view(forKey: .to), controller: toController, in: containerView) else {
            View.performWithoutAnimation { from.restore() }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        if to.isGiven {
            let final = transitionContext.finalFrame(for: toController)
            if !final.isEmpty { to.view.frame = final }
        }
        if motion.toOnTop {
            containerView.addSubview(to.view)
        } else {
            containerView.insertSubview(to.view, belowSubview: from.view)
        }
        from.prepare(motion.fromStart, motion.fromEnd)
        to.prepare(motion.toStart, motion.toEnd)
        View.performWithoutAnimation {
            from.apply(motion.fromStart)
            to.apply(motion.toStart)
        }
        View.animate(withDuration: duration, curve: motion.curve, animations: {
            from.apply(motion.fromEnd)
            to.apply(motion.toEnd)
        }, completion: { _ in
            View.performWithoutAnimation {
                from.restore()
                to.restore()
            }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
