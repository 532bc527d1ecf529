import StagehandSDK

/// An effect of this bundle: it lasts `duration` and plays on a `TransitionScene`.
///
/// Every animator here starts the same way: find the container and both views, and
/// complete at once when the context lacks one (a view-less controller, say), so the
/// host is never left waiting. That start lives here; each effect writes only `play`.
protocol SceneEffect: Effect {
    /// The animation's length in seconds, within the bounds the manifest declares.
    var duration: Double { get }

    /// Lays out and animates the transition, then calls `scene.finish()` (or
    /// completes the context itself) when the animation ends.
    func play(_ scene: TransitionScene)
}

extension SceneEffect {
    func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    func animateTransition(using transitionContext: TransitionContext) {
        guard let scene = TransitionScene(transitionContext) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        play(scene)
    }
}
