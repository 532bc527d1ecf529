/// What a navigation transition does to the stack.
public enum NavigationOperation: String, Sendable {
    case none, push, pop
}

/// UINavigationControllerDelegate's transition questions. UIKit asks for an interaction
/// controller only when an animation controller was returned; so does Stagehand.
public protocol NavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationOperation,
                              from fromVC: ViewController, to toVC: ViewController) -> AnimatedTransitioning?
    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animationController: AnimatedTransitioning) -> InteractiveTransitioning?
    func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool)
    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool)
}

extension NavigationControllerDelegate {
    public func navigationController(_ navigationController: NavigationController,
                                     animationControllerFor operation: NavigationOperation,
                                     from fromVC: ViewController, to toVC: ViewController) -> AnimatedTransitioning? { nil }
    public func navigationController(_ navigationController: NavigationController,
                                     interactionControllerFor animationController: AnimatedTransitioning) -> InteractiveTransitioning? { nil }
    public func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {}
    public func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {}
}
