/// UIViewControllerInteractiveTransitioning: an interaction controller drives a
/// transition's progress instead of the clock.
public protocol InteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ context: TransitionContext)
    /// Speed of the remaining animation after finish or cancel; ≤ 0 reads as 1.
    var completionSpeed: Double { get }
    var completionCurve: TimingCurve { get }
    /// When false, the transition starts animating and becomes interactive only when
    /// the controller pauses it (iOS 10's rule).
    var wantsInteractiveStart: Bool { get }
}

extension InteractiveTransitioning {
    public var completionSpeed: Double { 1 }
    public var completionCurve: TimingCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}
