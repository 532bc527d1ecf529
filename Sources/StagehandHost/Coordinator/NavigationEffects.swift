import StagehandCore

/// One navigation controller's delegate: the coordinator's chosen push, pop and
/// interactive-pop effects, made for this controller alone.
final class NavigationEffects: NavigationControllerDelegate {
    let push: BundleEffect?
    private let pops: ReverseEffects
    var pop: BundleEffect? { pops.animation }
    /// Attached to the controller: installs its gesture and drives pops with it.
    var interactivePop: BundleEffect? { pops.gesture }

    init(push: BundleEffect?, pop: BundleEffect?, interactivePop: BundleEffect?, interactivePopAnimates: Bool) {
        self.push = push
        pops = ReverseEffects(operation: .pop, animation: pop, gesture: interactivePop, gestureAnimates: interactivePopAnimates)
    }

    func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
                              from fromVC: ViewController, to toVC: ViewController) -> AnimatedTransitioning? {
        switch operation {
        case .push: return push
        case .pop: return pops.animator
        case .none: return nil
        }
    }

    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animationController: AnimatedTransitioning) -> InteractiveTransitioning? {
        pops.interactionController(for: animationController)
    }
}
