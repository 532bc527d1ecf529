/// UIViewControllerTransitioningDelegate: the animation and interaction controllers of a
/// presentation and its dismissal. As in UIKit, the interaction controller is asked for
/// only when an animation controller was returned.
public protocol TransitioningDelegate: AnyObject {
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning?
    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning?
    func interactionControllerForPresentation(using animator: AnimatedTransitioning) -> InteractiveTransitioning?
    func interactionControllerForDismissal(using animator: AnimatedTransitioning) -> InteractiveTransitioning?
}

extension TransitioningDelegate {
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> AnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? { nil }
    public func interactionControllerForPresentation(using animator: AnimatedTransitioning) -> InteractiveTransitioning? { nil }
    public func interactionControllerForDismissal(using animator: AnimatedTransitioning) -> InteractiveTransitioning? { nil }
}
