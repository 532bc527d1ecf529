#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import StagehandSDK

/// cube-pop: the two views are faces of a cube turning from the left. The from-view
/// turns about its left edge from 0 to +90° (its right side going away from the
/// viewer) while the to-view turns about its right edge from −90° to 0, and that shared
/// edge slides along the screen from the from-view's left edge (x = 0) to the to-view's
/// right edge (x = width): the to-view ends where it belongs, the from-view edge-on.
///
/// Geometry. Both faces are seen from one eye, in front of the container's centre C at
/// the distance −1/m34, as a container's `sublayerTransform.m34` would give in UIKit
/// (Stagehand has no sublayer transform, so each face carries it): each face's anchor
/// point is on the shared edge — (0, 0.5) for the from-view, (1, 0.5) for the to-view —
/// its position is C, and its transform is Core Animation's idiom
/// `t.m34 = m34; t = translate(t, e − C.x, midY − C.y, 0); t = rotate(t, θ, 0, 1, 0)`,
/// i.e. `rotate(θ about y) · translate · perspective`, where e = x₀ + travel·p is the
/// shared edge's x for the animation's progress p, θ = +90°·p for the from-view and
/// θ = −90°·(1 − p) for the to-view. A point of a face at (x, y) from its anchor
/// appears at C + (x·cos θ + e − C.x, y + midY − C.y) / w, w = 1 + m34·(−x·sin θ).
/// The shared edge (x = 0) has w = 1, so both faces meet on it; their far edges are
/// shorter, so mid-way each face is a trapezoid. The host interpolates transforms as
/// Core Animation does, by decomposition (rotation, translation and perspective apart),
/// so the angle and the edge both follow the curve exactly.
///
/// Faces are single-sided (as layers with `isDoubleSided = false`): when the eye is
/// behind a face's plane — the to-view near the start, the from-view near the end — it
/// would be drawn mirrored, folded over the other face, so it is hidden (alpha 0, a step
/// keyframe at the moment it turns its back). With m34 = 0 neither ever does.
///
/// Linear, driven or not: the recipe's cube is a Core Animation cube transition with no
/// timing function, which runs at constant speed. At the end (completed or cancelled)
/// both views get back the identity transform, the default anchor point
/// (0.5, 0.5), alpha 1 and their frames.
public final class CubePop: Effect {
    let duration: Double
    let m34: Double

    /// Parameters within the bounds `declaration` gives them. Perspective `m34`: 0 is
    /// none (orthographic); −0.01 puts the eye 100 pt from the screen.
    init(duration: Double, m34: Double) {
        self.duration = duration
        self.m34 = m34
    }

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    /// A face turned by `angle` radians about the vertical axis through its anchor
    /// point, then moved by (`x`, `y`), seen with the perspective `m34`.
    func face(turnedBy angle: Double, x: Double, y: Double) -> Transform3D {
        var perspective = Transform3D.identity
        perspective.m34 = m34
        return perspective.translatedBy(x: x, y: y, z: 0).rotated(by: angle, x: 0, y: 1, z: 0)
    }

    public func animateTransition(using transitionContext: TransitionContext) {
        guard let scene = TransitionScene(transitionContext) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        scene.insertToView(above: false)
        let fromView = scene.fromView, toView = scene.toView
        let fromFrame = scene.fromFrame, toFrame = scene.toFrame
        let bounds = scene.container.bounds
        let eye = Point(x: bounds.midX, y: bounds.midY)
        // The shared edge, relative to the eye, at the start; and how far it travels.
        let start = fromFrame.minX - eye.x
        let travel = toFrame.maxX - fromFrame.minX
        let fromY = fromFrame.midY - eye.y, toY = toFrame.midY - eye.y

        // When each face turns its back to the eye, in the animation's progress.
        let fromTurnsAway = firstProgress { p in
            let a = p * .pi / 2
            return cos(a) + m34 * (start + travel * p) * sin(a) <= 0
        }
        let toTurnsIn = firstProgress { p in
            let a = (1 - p) * .pi / 2
            return cos(a) - m34 * (start + travel * p) * sin(a) > 0
        }

        View.performWithoutAnimation {
            fromView.transform3D = .identity
            fromView.anchorPoint = Point(x: 0, y: 0.5)
            fromView.center = eye
            fromView.bounds = Rect(x: 0, y: 0, width: fromFrame.width, height: fromFrame.height)
            fromView.transform3D = Transform3D(translationX: start, y: fromY, z: 0)
            toView.transform3D = .identity
            toView.anchorPoint = Point(x: 1, y: 0.5)
            toView.center = eye
            toView.bounds = Rect(x: 0, y: 0, width: toFrame.width, height: toFrame.height)
            toView.transform3D = face(turnedBy: -.pi / 2, x: start, y: toY)
            if toTurnsIn != nil { toView.alpha = 0 }
        }

        let curve = TimingCurve.linear
        let duration = transitionDuration(using: transitionContext)
        View.animate(withDuration: duration, delay: 0, curve: curve, animations: {
            fromView.transform3D = self.face(turnedBy: .pi / 2, x: start + travel, y: fromY)
            toView.transform3D = Transform3D(translationX: start + travel, y: toY, z: 0)
        }, completion: { _ in
            // Completed or cancelled, both views leave flat, centred on their anchor,
            // where they were (the from-view) or belong (the to-view).
            scene.finish()
        })
        // The step keyframes that hide a face while it shows its back, on the same clock.
        if fromTurnsAway != nil || toTurnsIn != nil {
            View.animateKeyframes(withDuration: duration, delay: 0, animations: {
                if let p = fromTurnsAway {
                    View.addKeyframe(withRelativeStartTime: curve.time(reaching: p), relativeDuration: 0) {
                        fromView.alpha = 0
                    }
                }
                if let p = toTurnsIn {
                    View.addKeyframe(withRelativeStartTime: curve.time(reaching: p), relativeDuration: 0) {
                        toView.alpha = 1
                    }
                }
            })
        }
    }

    /// The least progress in (0, 1) at which `condition` holds, which from there on holds
    /// (to 1e-9), or `nil` if it does not hold before 1.
    private func firstProgress(where condition: (Double) -> Bool) -> Double? {
        let last = 1 - 1e-9
        guard condition(last) else { return nil }
        var low = 0.0, high = last
        while high - low > 1e-10 {
            let mid = (low + high) / 2
            if condition(mid) { high = mid } else { low = mid }
        }
        return high
    }
}
