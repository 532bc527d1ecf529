import StagehandCore

/// The effects of the operation a gesture can drive (a pop, a dismissal): the one chosen
/// to animate it, and the one whose gesture drives it. The rule is the same for both
/// operations, so `NavigationEffects` and `PresentationEffects` each hold one of these.
struct ReverseEffects {
    let operation: TransitionEvent.Operation
    /// The effect chosen for the operation.
    let animation: BundleEffect?
    /// The effect whose gesture drives the operation (attached to the controller).
    let gesture: BundleEffect?
    /// Whether `gesture`'s effect also animates what its finger drives.
    let gestureAnimates: Bool

    /// What animates the operation: the gesture's effect while its finger drives it and
    /// it animates (slide-pop, swipe-dismiss), else the chosen effect; a gesture-only
    /// effect (full-screen-pop) lends its finger to the chosen animation.
    var animator: BundleEffect? {
        if gestureAnimates, let gesture, gesture.interactionController(for: operation) != nil { return gesture }
        return animation
    }

    /// What drives `animator`: the gesture's finger when it is down, else the
    /// animator's own driver, if any.
    func interactionController(for animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        if let gesture, let driver = gesture.interactionController(for: operation) { return driver }
        return (animator as? BundleEffect)?.interactionController(for: operation)
    }
}
