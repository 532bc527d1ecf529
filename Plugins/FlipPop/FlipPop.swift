import StagehandSDK

/// flip-pop: the pop as UIKit's `UIViewAnimationOptionTransitionFlipFromLeft` shows it —
/// the screen turns over about the vertical axis through its centre, its left edge
/// coming toward the viewer.
///
/// Two faces, two halves (rather than one container turned through 180° with the
/// to-view on its back): the from-view turns about its centre from 0 to +90° during the
/// first half of the duration, where it is seen edge-on; the to-view, which waited
/// edge-on at −90° (invisible), turns in from −90° to 0 during the second half. A layer
/// has no back face here, so turning one view past 90° would show it mirrored; two
/// quarter turns never do. The first half eases in and the second eases out, so the
/// turn as a whole starts and ends gently and keeps its speed through the middle (the
/// end slope of ease-in equals the start slope of ease-out); both are linear while a
/// finger drives the pop, so the angle follows the finger.
///
/// Each face's transform is `rotate(θ about y) · perspective(m34)`, about the face's
/// centre (its default anchor point): a point (x, y) of the face, measured from its
/// centre, appears at (x·cos θ, y) / w with w = 1 + m34·(−x·sin θ).
public final class FlipPop: Effect {
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

    /// The face turned by `angle` radians about the vertical axis through its anchor
    /// point, seen with the perspective `m34`.
    func turned(by angle: Double) -> Transform3D {
        var perspective = Transform3D.identity
        perspective.m34 = m34
        return perspective.rotated(by: angle, x: 0, y: 1, z: 0)
    }

    public func animateTransition(using transitionContext: TransitionContext) {
        guard let scene = TransitionScene(transitionContext) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        scene.insertToView(above: false)
        let fromView = scene.fromView, toView = scene.toView
        View.performWithoutAnimation {
            // Both turn about their centres, the default anchor point.
            for (view, frame) in [(fromView, scene.fromFrame), (toView, scene.toFrame)] {
                view.transform3D = .identity
                view.anchorPoint = Point(x: 0.5, y: 0.5)
                view.frame = frame
            }
            // The to-view waits edge-on, which shows nothing, until the from-view is edge-on.
            toView.transform3D = turned(by: -.pi / 2)
        }

        let half = transitionDuration(using: transitionContext) / 2
        View.animate(withDuration: half, delay: 0, options: scene.curve(.curveEaseIn), animations: {
            fromView.transform3D = self.turned(by: .pi / 2)
        })
        View.animate(withDuration: half, delay: half, options: scene.curve(.curveEaseOut), animations: {
            toView.transform3D = .identity
        }, completion: { _ in
            // Whatever happened, both views leave flat (a popped view may be pushed
            // again); on a cancel the host also puts their states back.
            scene.finish()
        })
    }
}
