import StagehandCore

/// One navigation controller's delegate: the coordinator's chosen push, pop and
/// interactive-pop effects, made for this controller alone.
final class NavigationEffects: NavigationControllerDelegate {
    let push: BundleEffect?
    let pop: BundleEffect?
    /// Attached to the controller: installs its gesture and drives pops with it.
    let interactivePop: BundleEffect?
    private let interactivePopAnimates: Bool

    init(push: BundleEffect?, pop: BundleEffect?, interactivePop: BundleEffect?, interactivePopAnimates: Bool) {
        self.push = push
        self.pop = pop
        self.interactivePop = interactivePop
        self.interactivePopAnimates = interactivePopAnimates
    }

    func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
                              from fromVC: ViewController, to toVC: ViewController) -> AnimatedTransitioning? {
        switch operation {
        case .push:
            return push
        case .pop:
            // A pop its own gesture drives is animated by the interactive-pop effect
            // when that effect animates pops (slide-pop); a gesture-only effect
            // (full-screen-pop) lends its finger to the chosen pop animation.
            if interactivePopAnimates, let ip = interactivePop, ip.interactionController(for: .pop) != nil { return ip }
            return pop
        case .none:
            return nil
        }
    }

    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animationController: AnimatedTransitioning) -> InteractiveTransitioning? {
        if let ip = interactivePop, let driver = ip.interactionController(for: .pop) { return driver }
        return (animationController as? BundleEffect)?.interactionController(for: .pop)
    }
}
