/// The object behind a navigation controller's edge-pan pop (UIKit's private
/// `_UINavigationInteractiveTransition`): the pop gesture's delegate and target. It
/// answers the action "handleNavigationTransition:" by name, so another pan — a
/// full-screen one — can re-use it exactly as the iOS 7 full-screen pop recipe does with
/// NSSelectorFromString (see Documentation/References.md).
///
/// The finger's rule: progress = translation.x / width; on release the pop finishes if
/// the position projected 0.2 s ahead at the release velocity is past half way
/// (so a fast flick finishes from early on), otherwise it cancels.
public final class NavigationInteractionHandler: ActionTarget, GestureRecognizerDelegate {
    public static let actionName = "handleNavigationTransition:"

    weak var navigationController: NavigationController?
    private var interaction: PercentDrivenInteractiveTransition?

    public func responds(to action: String) -> Bool { action == Self.actionName }

    public func perform(action: String, sender: GestureRecognizer) {
        guard action == Self.actionName, let pan = sender as? PanGestureRecognizer else { return }
        handleNavigationTransition(pan)
    }

    /// The pop begins only with something to pop and no transition running.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let nav = navigationController else { return false }
        return nav.viewControllers.count > 1 && !nav.isTransitioning && !nav.stage.isTransitioning
    }

    func handleNavigationTransition(_ pan: PanGestureRecognizer) {
        guard let nav = navigationController else { return }
        let width = max(nav.view.bounds.width, 1)
        let progress = min(max(pan.translation(in: nav.view).x / width, 0), 1)
        switch pan.state {
        case .began:
            guard nav.viewControllers.count > 1, !nav.stage.isTransitioning else { return }
            let driver = PercentDrivenInteractiveTransition()
            interaction = driver
            nav.popViewController(animated: true, interactionController: driver)
            driver.update(progress)
        case .changed:
            interaction?.update(progress)
        case .ended:
            let projected = progress + pan.velocity(in: nav.view).x / width * 0.2
            if projected > 0.5 { interaction?.finish() } else { interaction?.cancel() }
            interaction = nil
        case .cancelled, .failed:
            interaction?.cancel()
            interaction = nil
        case .possible:
            break
        }
    }
}
