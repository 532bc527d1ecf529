import StagehandABI

/// The context of one running transition (UIViewControllerContextTransitioning).
///
/// Everything it hands out stays valid until the transition ends. The effect adds the
/// arriving view to `containerView`, animates, and must end with exactly one
/// `completeTransition(_:)`, passing `!transitionWasCancelled` so that a cancelled
/// interactive transition is reported as not completed.
public struct TransitionContext: Hashable {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    /// The view the transition happens in: the effect puts the views it animates here.
    /// Implicitly unwrapped, as UIKit's: a running transition always has one.
    public var containerView: View! {
        View(Host.function(\.context_container_view)(handle))
    }

    public func viewController(forKey key: TransitionContextKey) -> ViewController? {
        ViewController(Host.function(\.context_view_controller)(handle, key.abi))
    }

    /// The view to animate on that side; `nil` where UIKit answers nil (the presenting
    /// controller's view in a custom presentation, which the effect must not touch).
    public func view(forKey key: TransitionContextKey) -> View? {
        View(Host.function(\.context_view)(handle, key.abi))
    }

    /// Where `viewController`'s view is when the transition starts (`Rect.zero` if unknown).
    public func initialFrame(for viewController: ViewController) -> Rect {
        Rect(Host.function(\.context_initial_frame)(handle, viewController.handle))
    }

    /// Where `viewController`'s view must be when the transition ends (`Rect.zero` if
    /// the effect decides).
    public func finalFrame(for viewController: ViewController) -> Rect {
        Rect(Host.function(\.context_final_frame)(handle, viewController.handle))
    }

    public var isAnimated: Bool {
        Host.function(\.context_is_animated)(handle)
    }

    /// Whether a gesture drives the transition: effects usually pick a linear curve then,
    /// so that the views follow the finger.
    public var isInteractive: Bool {
        Host.function(\.context_is_interactive)(handle)
    }

    public var transitionWasCancelled: Bool {
        Host.function(\.context_transition_was_cancelled)(handle)
    }

    public var operation: TransitionOperation {
        TransitionOperation(Host.function(\.context_operation)(handle))
    }

    /// Ends the transition: `true` if it completed, `false` if it was cancelled.
    public func completeTransition(_ didComplete: Bool) {
        Host.function(\.context_complete_transition)(handle, didComplete)
    }
}
