/// The presentation a controller gets without a transitioning delegate: cover vertical,
/// the presented view rising from below the screen (and falling back on dismissal),
/// 0.4 s, ease-in-out.
final class SystemPresentationAnimator: AnimatedTransitioning {
    let presenting: Bool

    init(presenting: Bool) {
        self.presenting = presenting
    }

    var transitionName: String { presenting ? "system-present" : "system-dismiss" }

    func transitionDuration(using context: TransitionContext?) -> Double { 0.4 }

    func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        let key: TransitionContextKey = presenting ? .to : .from
        let moving = context.viewController(forKey: key).view
        let height = container.bounds.height
        if presenting {
            moving.frame = context.finalFrame(for: context.viewController(forKey: .to))
            container.addSubview(moving)
            moving.transform = Transform2D(translationX: 0, y: height)
        }
        View.animate(withDuration: transitionDuration(using: context), options: context.isInteractive ? .curveLinear : [], animations: {
            moving.transform = self.presenting ? .identity : Transform2D(translationX: 0, y: height)
        }, completion: { _ in
            if !self.presenting && !context.transitionWasCancelled { moving.transform = .identity }
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
