/// The push and pop a navigation controller runs when its delegate offers none: the
/// incoming view slides over from the right edge while the outgoing one drifts a third
/// of the way left (iOS 7's look), 0.35 s, ease-in-out; linear while a finger drives it.
final class SystemNavigationAnimator: AnimatedTransitioning {
    let operation: NavigationOperation

    init(operation: NavigationOperation) {
        self.operation = operation
    }

    var transitionName: String { operation == .pop ? "system-pop" : "system-push" }

    func transitionDuration(using context: TransitionContext?) -> Double { 0.35 }

    func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        guard let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to) else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let width = container.bounds.width
        let push = operation != .pop
        toView.frame = context.finalFrame(for: context.viewController(forKey: .to))
        if push {
            container.addSubview(toView)
            toView.transform = Transform2D(translationX: width, y: 0)
        } else {
            container.insertSubview(toView, belowSubview: fromView)
            toView.transform = Transform2D(translationX: -0.3 * width, y: 0)
        }
        let curve: AnimationOptions = context.isInteractive ? .curveLinear : .curveEaseInOut
        View.animate(withDuration: transitionDuration(using: context), options: curve, animations: {
            toView.transform = .identity
            fromView.transform = Transform2D(translationX: push ? -0.3 * width : width, y: 0)
        }, completion: { _ in
            fromView.transform = .identity
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
