import StagehandCore

/// One presentation's transitioning delegate: the effects chosen for presenting,
/// dismissing and dismissing interactively, made for this presented controller alone.
final class PresentationEffects: TransitioningDelegate {
    let present: BundleEffect?
    let dismiss: BundleEffect?
    let interactiveDismiss: BundleEffect?
    private let interactiveDismissAnimates: Bool

    init(present: BundleEffect?, dismiss: BundleEffect?, interactiveDismiss: BundleEffect?, interactiveDismissAnimates: Bool) {
        self.present = present
        self.dismiss = dismiss
        self.interactiveDismiss = interactiveDismiss
        self.interactiveDismissAnimates = interactiveDismissAnimates
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? { present }

    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? {
        if interactiveDismissAnimates, let id = interactiveDismiss, id.interactionController(for: .dismiss) != nil { return id }
        return dismiss
    }

    func interactionControllerForPresentation(using animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        (animator as? BundleEffect)?.interactionController(for: .present)
    }

    func interactionControllerForDismissal(using animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        if let id = interactiveDismiss, let driver = id.interactionController(for: .dismiss) { return driver }
        return (animator as? BundleEffect)?.interactionController(for: .dismiss)
    }
}
