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
public final class Parallax: Effect {
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
    let threshold: Double

    /// The edge pan's interaction, kept until its transition ends.
    private var interaction: PercentDrivenInteractiveTransition?
    /// Whether a finger is driving `interaction` right now.
    private var isPanning = false
    /// What `attach` did to each navigation controller, for `detach` to undo.
    private var attachments: [ViewController: Attachment] = [:]

    private struct Attachment {
        var pan: ScreenEdgePanGestureRecognizer
        /// The navigation controller's own pop gesture, and whether it was enabled.
        var systemPop: GestureRecognizer?
        var systemPopWasEnabled: Bool
    }

    /// `nil` for parameters outside the declared bounds (or not numbers).
    public init?(direction: Direction, duration: Double, damping: Double, offset: Double, threshold: Double) {
        guard Parallax.durations.contains(duration), Parallax.dampings.contains(damping),
              Parallax.offsets.contains(offset), Parallax.thresholds.contains(threshold) else { return nil }
        self.direction = direction
        self.duration = duration
        self.damping = damping
        self.offset = offset
        self.threshold = threshold
    }

    deinit {
        for navigationController in attachments.keys {
            detach(from: navigationController)
        }
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

    public func animationEnded(_ transitionCompleted: Bool) {
        if !isPanning {
            interaction = nil
        }
    }

    // MARK: Interaction (parallax-pop)

    public func interactionController(for operation: TransitionOperation) -> PercentDrivenInteractiveTransition? {
        direction == .pop && operation == .pop && isPanning ? interaction : nil
    }

    /// Installs a left screen-edge pan on the navigation controller's view and turns the
    /// controller's own edge gesture off while this one replaces it.
    public func attach(to viewController: ViewController) {
        guard direction == .pop, viewController.isNavigationController, attachments[viewController] == nil,
              let view = viewController.view else { return }
        guard let pan = ScreenEdgePanGestureRecognizer(edges: .left, on: view, action: { [weak self] pan in
            self?.handlePan(pan, of: viewController)
        }) else {
            Host.log("parallax-pop: could not install an edge pan on the navigation controller's view")
            return
        }
        // UIKit's rule for its own pop gesture: not on the root, not during a transition.
        pan.shouldBegin = { _ in
            viewController.viewControllers.count > 1 && !viewController.isTransitioning
        }
        let systemPop = viewController.interactivePopGestureRecognizer
        let systemPopWasEnabled = systemPop?.isEnabled ?? false
        systemPop?.isEnabled = false
        attachments[viewController] = Attachment(pan: pan, systemPop: systemPop, systemPopWasEnabled: systemPopWasEnabled)
    }

    public func detach(from viewController: ViewController) {
        guard let attachment = attachments.removeValue(forKey: viewController) else { return }
        if isPanning, attachment.pan.state == .began || attachment.pan.state == .changed {
            isPanning = false
            interaction?.cancel()
        }
        attachment.pan.remove()
        attachment.systemPop?.isEnabled = attachment.systemPopWasEnabled
    }

    private func handlePan(_ pan: ScreenEdgePanGestureRecognizer, of navigationController: ViewController) {
        guard let view = navigationController.view else { return }
        let width = view.bounds.width
        let progress = width > 0 ? min(max(pan.translation(in: view).x / width, 0), 1) : 0

        switch pan.state {
        case .began:
            beginPop(of: navigationController)
            if isPanning { interaction?.update(progress) }
        case .changed:
            guard isPanning else { return }
            interaction?.update(progress)
        case .ended:
            guard isPanning else { return }
            isPanning = false
            if progress > threshold {
                interaction?.finish()
            } else {
                interaction?.cancel()
            }
        case .cancelled, .failed:
            guard isPanning else { return }
            isPanning = false
            interaction?.cancel()
        case .possible:
            break
        }
    }

    /// Starts an interactive pop; a refused one (the root, a transition running) keeps
    /// the previous interaction, which the host may still be driving.
    private func beginPop(of navigationController: ViewController) {
        guard let candidate = PercentDrivenInteractiveTransition() else { return }
        let previous = interaction
        interaction = candidate
        isPanning = true
        if !candidate.beginPop(of: navigationController) {
            interaction = previous
            isPanning = false
        }
    }
}
