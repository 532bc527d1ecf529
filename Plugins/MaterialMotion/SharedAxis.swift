import StagehandSDK

/// shared-axis: Material's shared axis pattern, for screens with a spatial or
/// navigational relationship (`MaterialSharedAxis`).
///
/// Along x or y, forward, the incoming screen slides in from `distance` (30 points, the
/// 30 dp of Material) ahead of its place while the outgoing one slides `distance` the
/// other way; backward, the directions swap. Along z, forward, the incoming screen grows
/// from 0.8 to 1 while the outgoing one grows from 1 to 1.1 (it comes at the viewer);
/// backward, the incoming one shrinks from 1.1 to 1 and the outgoing one to 0.8. In
/// every case the two fade through: the outgoing screen is gone when Material's
/// standard curve reaches 35 %, and only then the incoming one fades in.
public final class SharedAxis: Effect {
    public enum Axis: String, CaseIterable, Sendable {
        case x, y, z
    }

    let axis: Axis
    let duration: Double
    let distance: Double

    static let distances = 0.0...1000.0
    /// Material's scales along z: small is where a screen comes from when it arrives
    /// going forward, large where one goes when it leaves going forward.
    static let smallScale = 0.8
    static let largeScale = 1.1

    /// `nil` for an axis other than x, y or z, or a number outside the declared bounds.
    public init?(axis: String, duration: Double, distance: Double) {
        guard let parsed = Axis(rawValue: axis), MaterialTransition.durations.contains(duration),
              SharedAxis.distances.contains(distance) else { return nil }
        self.axis = parsed
        self.duration = duration
        self.distance = distance
    }

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    public func animateTransition(using transitionContext: TransitionContext) {
        guard let transition = MaterialTransition(transitionContext) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        let (incomingStart, outgoingEnd) = transforms(forward: transition.isForward)
        transition.play(duration: duration, incomingStart: incomingStart, outgoingEnd: outgoingEnd)
    }

    /// Where the incoming screen starts and where the outgoing one ends.
    func transforms(forward: Bool) -> (incomingStart: Transform2D, outgoingEnd: Transform2D) {
        let d = forward ? distance : -distance
        switch axis {
        case .x:
            return (Transform2D(translationX: d, y: 0), Transform2D(translationX: -d, y: 0))
        case .y:
            return (Transform2D(translationX: 0, y: d), Transform2D(translationX: 0, y: -d))
        case .z:
            let (from, to) = forward ? (Self.smallScale, Self.largeScale) : (Self.largeScale, Self.smallScale)
            return (Transform2D(scaleX: from, y: from), Transform2D(scaleX: to, y: to))
        }
    }
}
