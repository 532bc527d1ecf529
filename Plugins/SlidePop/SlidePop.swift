import StagehandSDK

/// slide-pop: the top view slides off to the right, uncovering the one below; a pan
/// anywhere on the navigation controller's view drives it.
///
/// The seeds' pop animation and pan, in Swift: the progress is the finger's horizontal
/// translation over the width, and on release the pop finishes past `threshold` and is
/// cancelled before it.
public final class SlidePop: Effect {
    /// The valid parameters; the manifest declares the same bounds.
    static let durations = 0.01...10.0
    static let thresholds = 0.0...1.0

    let duration: Double
    let threshold: Double

    /// The pan's interaction, kept until its transition ends (the host drives it until then).
    private var interaction: PercentDrivenInteractiveTransition?
    /// Whether a finger is driving `interaction` right now.
    private var isPanning = false
    /// What `attach` did to each navigation controller, for `detach` to undo.
    private var attachments: [ViewController: Attachment] = [:]

    private struct Attachment {
        var pan: PanGestureRecognizer
        /// The navigation controller's own pop gesture, and whether it was enabled.
        var systemPop: GestureRecognizer?
        var systemPopWasEnabled: Bool
    }

    /// `nil` for parameters outside the declared bounds (or not numbers).
    public init?(duration: Double, threshold: Double) {
        guard SlidePop.durations.contains(duration), SlidePop.thresholds.contains(threshold) else { return nil }
        self.duration = duration
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
            // As the seeds do: the popped view leaves with no transform, so it looks
            // right if it is pushed again. On a cancel the host puts everything back.
            let completed = !transitionContext.transitionWasCancelled
            if completed { View.performWithoutAnimation { fromView.transform = .identity } }
            transitionContext.completeTransition(completed)
        })
    }

    public func animationEnded(_ transitionCompleted: Bool) {
        if !isPanning {
            interaction = nil
        }
    }

    // MARK: Interaction

    public func interactionController(for operation: TransitionOperation) -> PercentDrivenInteractiveTransition? {
        operation == .pop && isPanning ? interaction : nil
    }

    /// Installs the pan on the navigation controller's view, and turns the controller's
    /// own edge-pan pop off while this effect replaces it.
    public func attach(to viewController: ViewController) {
        guard viewController.isNavigationController, attachments[viewController] == nil,
              let view = viewController.view else { return }
        guard let pan = PanGestureRecognizer(on: view, action: { [weak self] pan in
            self?.handlePan(pan, of: viewController)
        }) else {
            Host.log("slide-pop: could not install a pan on the navigation controller's view")
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

    private func handlePan(_ pan: PanGestureRecognizer, of navigationController: ViewController) {
        guard let view = navigationController.view else { return }
        let width = view.bounds.width
        let progress = width > 0 ? min(max(pan.translation(in: view).x / width, 0), 1) : 0

        switch pan.state {
        case .began:
            beginPop(of: navigationController)
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

    /// Starts an interactive pop. The new interaction replaces the previous one only if
    /// the host accepts it: a refused pop (the root, a transition still running) must
    /// not release an interaction the host is still driving.
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
