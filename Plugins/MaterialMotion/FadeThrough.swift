import StagehandSDK

/// fade-through: Material's pattern for screens with no strong relationship
/// (`MaterialFadeThrough`): the outgoing screen fades out, then the incoming one fades
/// in while it grows from `startScale` (0.92) to full size; the outgoing one does not
/// scale. The same both ways.
public final class FadeThrough: Effect {
    let duration: Double
    let startScale: Double

    static let scales = 0.01...10.0

    /// `nil` for parameters outside the declared bounds.
    public init?(duration: Double, startScale: Double) {
        guard MaterialTransition.durations.contains(duration), FadeThrough.scales.contains(startScale) else { return nil }
        self.duration = duration
        self.startScale = startScale
    }

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    public func animateTransition(using transitionContext: TransitionContext) {
        guard let transition = MaterialTransition(transitionContext) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        transition.play(duration: duration, incomingStart: Transform2D(scaleX: startScale, y: startScale),
                        outgoingEnd: .identity)
    }
}
