import StagehandCore

/// One presentation's transitioning delegate: the effects chosen for presenting,
/// dismissing and dismissing interactively, made for this presented controller alone.
final class PresentationEffects: TransitioningDelegate {
    let present: BundleEffect?
    private let dismissals: ReverseEffects
    var dismiss: BundleEffect? { dismissals.animation }
    /// Attached to the presented controller: installs its gesture and drives dismissals.
    var interactiveDismiss: BundleEffect? { dismissals.gesture }

    init(present: BundleEffect?, dismiss: BundleEffect?, interactiveDismiss: BundleEffect?, interactiveDismissAnimates: Bool) {
        self.present = present
        dismissals = ReverseEffects(operation: .dismiss, animation: dismiss, gesture: interactiveDismiss,
                                    gestureAnimates: interactiveDismissAnimates)
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? { present }

    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? { dismissals.animator }

    func interactionControllerForPresentation(using animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        (animator as? BundleEffect)?.interactionController(for: .present)
    }

    func interactionControllerForDismissal(using animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        dismissals.interactionController(for: animator)
    }
}
