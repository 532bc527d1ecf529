/// UIViewControllerAnimatedTransitioning: an animation controller says how long a
/// transition lasts and animates it, then calls `completeTransition` on the context.
public protocol AnimatedTransitioning: AnyObject {
    func transitionDuration(using context: TransitionContext?) -> Double
    func animateTransition(using context: TransitionContext)
    /// Called after the transition ended, completed or not.
    func animationEnded(_ transitionCompleted: Bool)
    /// The name used in traces and diagnostics (an effect's catalog name).
    var transitionName: String { get }
}

extension AnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
    public var transitionName: String { String(describing: type(of: self)) }
}
