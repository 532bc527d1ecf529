import StagehandSDK

/// parallax-push and parallax-pop, the "KuGou-style" push: the page being left is
/// replaced by a snapshot of itself that drifts `offset` of the width to the left
/// (push) or slides off to the right (pop), while the arriving page slides in from the
/// right (push) or drifts back from `offset` of the width on the left (pop).
///
/// Precisely, with W the container's width and f the animation's fraction (UIKit's
/// spring with damping `damping` over `duration`; linear while a finger drives a pop):
///
/// | | from side (its snapshot) | to side (the real view) |
/// | --- | --- | --- |
/// | push | tx 0 → −offset·W, above the from-view, below the to-view | tx W → 0, on top |
/// | pop | tx 0 → W, on top | tx −offset·W → 0, below the from-view |
///
/// In both directions the real from-view is hidden while its snapshot moves, and shown
/// again at the end; the navigation bar is hidden for the move and put back to what it
/// was before, whether the transition completes or is cancelled; every snapshot is
/// removed before the transition completes.
///
/// parallax-pop is interactive: attached to a navigation controller (the coordinator's
/// `interactivePop`), it installs a left screen-edge pan that drives the pop with
/// progress = translation.x / width, finishing on release past `threshold` and
/// cancelling before it; the controller's own edge gesture is disabled while attached.
public final class Parallax: GestureDrivenEffect {
    public enum Direction {
        case push
        case pop
    }

    /// The valid parameters; the manifests declare the same bounds.
    static let durations = 0.01...10.0
    static let dampings = 0.01...10.0
    static let offsets = 0.0...1.0
    static let thresholds = 0.0...1.0

    let direction: Direction
    let duration: Double
    let damping: Double
    let offset: Double

    /// parallax-pop's left screen-edge pan, in place of the controller's own edge pan
    /// while attached (parallax-push attaches nothing).
    public let interactiveGesture: GestureDrivenTransition

    /// `nil` for parameters outside the declared bounds (or not numbers).
    public init?(direction: Direction, duration: Double, damping: Double, offset: Double, threshold: Double) {
        guard Parallax.durations.contains(duration), Parallax.dampings.contains(damping),
              Parallax.offsets.contains(offset), Parallax.thresholds.contains(threshold) else { return nil }
        self.direction = direction
        self.duration = duration
        self.damping = damping
        self.offset = offset
        interactiveGesture = GestureDrivenTransition(
            .pop, recognizer: .screenEdgePan(.left), options: .replacesSystemPopGesture, name: "parallax-pop",
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
              let fromViewController = transitionContext.viewController(forKey: .from),
              let toViewController = transitionContext.viewController(forKey: .to) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        let isPush = direction == .push
        let width = containerView.bounds.width
        toView.frame = transitionContext.finalFrame(for: toViewController)

        // The page being left moves as a snapshot (its real view is hidden meanwhile);
        // without a snapshot the real view moves, and is put back at the end.
        let snapshot = fromView.snapshotView()
        let fromWasHidden = fromView.isHidden
        if isPush {
            containerView.addSubview(toView)
        } else {
            containerView.insertSubview(toView, belowSubview: fromView)
        }
        if let snapshot {
            containerView.insertSubview(snapshot, aboveSubview: fromView)
            fromView.isHidden = true
        }
        let moving = snapshot ?? fromView

        // The bar goes for the move and comes back as it was, completed or cancelled.
        let navigationController = fromViewController.navigationController ?? toViewController.navigationController
        let barWasHidden = navigationController?.isNavigationBarHidden ?? false
        navigationController?.setNavigationBarHidden(true, animated: false)

        toView.transform = Transform2D(translationX: isPush ? width : -offset * width, y: 0)
        let animations = {
            toView.transform = .identity
            moving.transform = Transform2D(translationX: isPush ? -self.offset * width : width, y: 0)
        }
        let completion: (Bool) -> Void = { _ in
            let completed = !transitionContext.transitionWasCancelled
            View.performWithoutAnimation {
                toView.transform = .identity
                fromView.transform = .identity
                fromView.isHidden = fromWasHidden
            }
            snapshot?.removeFromSuperview()
            navigationController?.setNavigationBarHidden(barWasHidden, animated: false)
            transitionContext.completeTransition(completed)
        }
        let seconds = transitionDuration(using: transitionContext)
        if transitionContext.isInteractive {
            // Linear while a finger drives it, so the views stay under the finger.
            View.animate(withDuration: seconds, delay: 0, options: .curveLinear,
                         animations: animations, completion: completion)
        } else {
            View.animate(withDuration: seconds, delay: 0, usingSpringWithDamping: damping,
                         initialSpringVelocity: 0, options: [], animations: animations, completion: completion)
        }
    }

    // MARK: Interaction (parallax-pop)

    /// Installs the edge pan on a navigation controller, for parallax-pop only.
    public func attach(to viewController: ViewController) {
        guard direction == .pop else { return }
        interactiveGesture.attach(to: viewController)
    }
}
