import StagehandSDK

/// full-screen-pop: pop interactively with a rightward pan that starts anywhere on the
/// navigation controller's view, not only at the left edge.
///
/// As the iOS 7 full-screen pop recipe does (Documentation/References.md), the pan
/// re-uses the navigation controller's own pop handler: its target is the delegate of
/// `interactivePopGestureRecognizer`, with the action found by its name,
/// "handleNavigationTransition:". So the pop is animated by whatever animates
/// the controller's pops (the chosen pop effect, or UIKit's own slide), and the finger's
/// rule is the handler's: progress = translation.x / width, and on release the pop
/// finishes when the position projected 0.2 s ahead at the release velocity
/// (progress + velocity.x / width × 0.2) is past 0.5, and is cancelled otherwise.
///
/// The pan does not begin on the root (one controller on the stack), while any transition
/// runs or waits in the window (a push, a pop, a presentation:
/// `isTransitionInProgress`), when the top controller carries the flag
/// `fullScreenPopDisabled` (`ViewController.flags` on the host side), when the drag is
/// not rightward (translation.x ≤ 0 when it would begin), or, with `maxStartX` > 0,
/// when the finger went down farther than `maxStartX` points from the left edge. The controller's own
/// edge gesture is disabled while the pan is installed and restored on `detach`.
///
/// An `interaction` effect: it only lends its gesture. Asked to animate, it completes at
/// once; the coordinator never asks it to.
public final class FullScreenPop: Effect {
    /// The controller flag that turns the gesture off while that controller is on top.
    public static let disabledFlag = "fullScreenPopDisabled"
    /// The navigation controller's pop handler's action, found by name.
    static let handlerAction = "handleNavigationTransition:"

    let maxStartX: Double

    private var attachments: [ViewController: Attachment] = [:]

    private struct Attachment {
        var pan: PanGestureRecognizer
        var systemPop: GestureRecognizer
        var systemPopWasEnabled: Bool
    }

    /// A `maxStartX` (0: anywhere) within the bounds `declaration` gives it.
    init(maxStartX: Double) {
        self.maxStartX = maxStartX
    }

    deinit {
        for navigationController in attachments.keys {
            detach(from: navigationController)
        }
    }

    // MARK: Animated transitioning (unused: a gesture-only effect)

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        0
    }

    public func animateTransition(using transitionContext: TransitionContext) {
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    }

    // MARK: Gesture

    public func attach(to viewController: ViewController) {
        guard viewController.isNavigationController, attachments[viewController] == nil,
              let view = viewController.view else { return }
        guard let systemPop = viewController.interactivePopGestureRecognizer,
              let handler = systemPop.delegateObject else {
            Host.log("full-screen-pop: the navigation controller has no pop gesture handler to re-use; not installed")
            return
        }
        // The pan's own action does nothing: the handler, reached by name, does the work.
        guard let pan = PanGestureRecognizer(on: view, action: { _ in }) else {
            Host.log("full-screen-pop: could not install a pan on the navigation controller's view")
            return
        }
        guard pan.addTarget(handler, action: FullScreenPop.handlerAction) else {
            Host.log("full-screen-pop: the pop handler has no action \(FullScreenPop.handlerAction); not installed")
            pan.remove()
            return
        }
        pan.shouldBegin = { [weak self] pan in
            self?.shouldBegin(pan, in: viewController) ?? false
        }
        let systemPopWasEnabled = systemPop.isEnabled
        systemPop.isEnabled = false
        attachments[viewController] = Attachment(pan: pan, systemPop: systemPop, systemPopWasEnabled: systemPopWasEnabled)
    }

    public func detach(from viewController: ViewController) {
        guard let attachment = attachments.removeValue(forKey: viewController) else { return }
        attachment.pan.remove()
        attachment.systemPop.isEnabled = attachment.systemPopWasEnabled
    }

    private func shouldBegin(_ pan: PanGestureRecognizer, in navigationController: ViewController) -> Bool {
        guard navigationController.viewControllers.count > 1, !navigationController.isTransitionInProgress,
              let top = navigationController.topViewController, !top.flag(FullScreenPop.disabledFlag),
              let view = navigationController.view else { return false }
        let translation = pan.translation(in: view)
        guard translation.x > 0 else { return false }
        if maxStartX > 0 {
            // Where the finger went down: where it is now, less how far it moved.
            let startX = pan.location(in: view).x - translation.x
            guard startX <= maxStartX else { return false }
        }
        return true
    }
}
