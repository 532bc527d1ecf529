/// A transition effect: UIViewControllerAnimatedTransitioning, plus the optional parts
/// an interactive effect needs.
///
/// Only `transitionDuration(using:)` and `animateTransition(using:)` are required; the
/// others default to doing nothing. An effect is exported to the host with
/// `StagehandBundle.export(_:)` from its factory, and may be asked for many transitions
/// before the host lets it go.
public protocol Effect: AnyObject {
    /// The duration of the animation. `nil` context: the host asks before a transition.
    func transitionDuration(using transitionContext: TransitionContext?) -> Double

    /// Sets the views up in the container, animates them, and ends with
    /// `transitionContext.completeTransition(_:)`.
    func animateTransition(using transitionContext: TransitionContext)

    /// The transition is over (completed or cancelled): drop what it needed.
    func animationEnded(_ transitionCompleted: Bool)

    /// The interaction controller driving the transition about to start, or `nil` for a
    /// non-interactive one. The host asks only while this effect animates `operation`.
    func interactionController(for operation: TransitionOperation) -> PercentDrivenInteractiveTransition?

    /// The host chose this effect for `viewController` (a navigation controller for
    /// pops, a presented controller for dismissals): install gestures here.
    func attach(to viewController: ViewController)

    /// The effect no longer serves `viewController`: undo what `attach` did.
    func detach(from viewController: ViewController)
}

extension Effect {
    public func animationEnded(_ transitionCompleted: Bool) {}

    public func interactionController(for operation: TransitionOperation) -> PercentDrivenInteractiveTransition? {
        nil
    }

    public func attach(to viewController: ViewController) {}

    public func detach(from viewController: ViewController) {}
}
