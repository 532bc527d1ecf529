import StagehandSDK

/// slide-pop: the top view slides off to the right, uncovering the one below; a pan
/// anywhere on the navigation controller's view drives it.
///
/// The slide-pop recipe's pop animation and pan (Documentation/References.md), in Swift:
/// the progress is the finger's horizontal translation over the width, and on release
/// the pop finishes past `threshold` and is cancelled before it; a pan the system
/// cancels is treated like a release, as the recipe's handler does (it tests for
/// `ended` or `cancelled` alike).
///
/// The recipe's pan allows one finger (`maximumNumberOfTouches = 1`), and so does this
/// one: a second finger on the screen does not move the page (on a host older than ABI
/// 1.2, which cannot limit the touches, it moves the centroid the pan follows).
public final class SlidePop: GestureDrivenEffect {
    let duration: Double

    /// The pan anywhere on the navigation controller's view, in place of the controller's
    /// own edge pan while attached. The interaction stays at 0 until the finger moves
    /// after the pan began, as the recipe's handler updates on `changed` only.
    public let interactiveGesture: GestureDrivenTransition

    /// Parameters within the bounds `declaration` gives them.
    init(duration: Double, threshold: Double) {
        self.duration = duration
        interactiveGesture = GestureDrivenTransition(
            .pop, recognizer: .pan, options: [.replacesSystemPopGesture, .startsAtZero, .treatsSystemCancelAsRelease],
            maximumNumberOfTouches: 1, name: "slide-pop",
            progress: .acrossWidth(), release: .progress(above: threshold))
    }

    // MARK: Animated transitioning

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    public func animateTransition(using transitionContext: TransitionContext) {
        guard let containerView = transitionContext.containerView,
              let fromView = transitionContext.view(forKey: .from),
              let toView = transitionContext.view(forKey: .to),
              let toViewController = transitionContext.viewController(forKey: .to) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }

        containerView.insertSubview(toView, belowSubview: fromView)
        toView.frame = transitionContext.finalFrame(for: toViewController)

        // Linear while a finger drives it, so the view stays under the finger.
        let options: AnimationOptions = transitionContext.isInteractive ? .curveLinear : .curveEaseInOut
        let width = containerView.bounds.width
        View.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: options, animations: {
            fromView.transform = Transform2D(translationX: width, y: 0)
        }, completion: { _ in
            // As the recipe does: the popped view leaves with no transform, so it looks
            // right if it is pushed again. On a cancel the host puts everything back.
            let completed = !transitionContext.transitionWasCancelled
            if completed { View.performWithoutAnimation { fromView.transform = .identity } }
            transitionContext.completeTransition(completed)
        })
    }
}
