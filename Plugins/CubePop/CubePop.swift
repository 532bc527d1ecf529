import StagehandSDK

/// cube-pop: the two views are faces of a cube turning from the left. The from-view
/// turns about its left edge from 0 to +90° (its right side going away from the
/// viewer) while the to-view turns about its right edge from −90° to 0, and that shared
/// edge slides from the from-view's left edge (x = 0) to the to-view's right edge
/// (x = width), so the to-view ends where it belongs and the from-view leaves edge-on.
///
/// Each face's transform is Core Animation's idiom
/// `t.m34 = m34; t = translate(t, s, 0, 0); t = rotate(t, θ, 0, 1, 0)`, i.e.
/// `rotate(θ about y) · translate(s) · perspective(m34)` about its anchor point: the
/// left-edge centre for the from-view (θ = +90°·p, s = width·p), the right-edge centre
/// for the to-view (θ = −90°·(1 − p), s = −width·(1 − p)), for the animation's progress
/// p. A point of a face, measured from its anchor, at (x, y) appears at
/// (x·cos θ + s, y) / w with w = 1 + m34·(−x·sin θ), relative to the anchor's position
/// (the vanishing point). Both faces pass through the shared edge (x = 0, so w = 1),
/// and their far edges are shorter: mid-way each face is a trapezoid. The host
/// interpolates transforms as Core Animation does, by decomposition, so the angle and
/// the shift both follow the curve exactly.
///
/// Ease-in-out, or linear while a finger drives the pop. At the end (completed or
/// cancelled) both views get back the identity transform, the default anchor point
/// (0.5, 0.5) and their frames.
public final class CubePop: Effect {
    /// The valid parameters; the manifest declares the same bounds.
    static let durations = 0.01...10.0
    /// Perspective: 0 is none (orthographic); −0.01 puts the eye 100 pt from the screen.
    static let perspectives = -0.01...0.0

    let duration: Double
    let m34: Double

    /// `nil` for parameters outside the declared bounds (or not numbers).
    public init?(duration: Double, m34: Double) {
        guard CubePop.durations.contains(duration), CubePop.perspectives.contains(m34) else { return nil }
        self.duration = duration
        self.m34 = m34
    }

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    /// A face turned by `angle` radians about the vertical axis through its anchor
    /// point, then shifted by `shift` points along x, seen with the perspective `m34`.
    func face(turnedBy angle: Double, shiftedBy shift: Double) -> Transform3D {
        var perspective = Transform3D.identity
        perspective.m34 = m34
        return perspective.translatedBy(x: shift, y: 0, z: 0).rotated(by: angle, x: 0, y: 1, z: 0)
    }

    public func animateTransition(using transitionContext: TransitionContext) {
        guard let containerView = transitionContext.containerView,
              let fromView = transitionContext.view(forKey: .from),
              let fromViewController = transitionContext.viewController(forKey: .from),
              let toView = transitionContext.view(forKey: .to),
              let toViewController = transitionContext.viewController(forKey: .to) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }

        containerView.insertSubview(toView, belowSubview: fromView)
        let toFrame = transitionContext.finalFrame(for: toViewController)
        var fromFrame = transitionContext.initialFrame(for: fromViewController)
        if fromFrame.size.width <= 0 { fromFrame = fromView.frame }
        // The edge they share travels from the from-view's left edge to the to-view's
        // right edge.
        let travel = toFrame.maxX - fromFrame.minX

        View.performWithoutAnimation {
            fromView.transform3D = .identity
            fromView.anchorPoint = Point(x: 0, y: 0.5)
            fromView.frame = fromFrame
            toView.transform3D = .identity
            toView.anchorPoint = Point(x: 1, y: 0.5)
            toView.frame = toFrame
            toView.transform3D = face(turnedBy: -.pi / 2, shiftedBy: -travel)
        }

        let options: AnimationOptions = transitionContext.isInteractive ? .curveLinear : .curveEaseInOut
        View.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: options, animations: {
            fromView.transform3D = self.face(turnedBy: .pi / 2, shiftedBy: travel)
            toView.transform3D = .identity
        }, completion: { _ in
            // Completed or cancelled, both views leave flat, centred on their anchor,
            // where they were (the from-view) or belong (the to-view).
            View.performWithoutAnimation {
                fromView.transform3D = .identity
                fromView.anchorPoint = Point(x: 0.5, y: 0.5)
                fromView.frame = fromFrame
                toView.transform3D = .identity
                toView.anchorPoint = Point(x: 0.5, y: 0.5)
                toView.frame = toFrame
            }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
