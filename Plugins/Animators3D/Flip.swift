import StagehandSDK

/// flip: IBAnimatable's Flip animator — a card turned over, the from-view on its front
/// and the to-view on its back. Both views turn together about the vertical axis
/// through the container's centre, the to-view half a turn behind (θ − 180°), and both
/// are single-sided (`isDoubleSided = false`), so each shows exactly while its face is
/// toward the viewer: the from-view until the card is edge-on, the to-view after.
///
/// Forwards (push, presentation) the card turns from 0 to 180°, its left edge coming
/// toward the viewer (a flip from the left); backwards it turns the other way, 0 to
/// −180°. The turn is two quarter-turn keyframes, so it runs at a constant speed, as a
/// Core Animation flip with no timing function does. Seen with the perspective m34
/// (−1/500 by default) from in front of the centre.
final class Flip: LibraryGestureEffect {
    let duration: Double
    let m34: Double
    let gesture: LibraryGesture

    /// Parameters within the bounds `declaration` gives them; `nil` for an unknown gesture.
    init?(duration: Double, m34: Double, gesture: String) {
        guard let gesture = LibraryGesture(gesture, effect: "flip") else { return nil }
        self.duration = duration
        self.m34 = m34
        self.gesture = gesture
    }

    func turned(by angle: Double) -> Transform3D {
        TransitionScene.perspective(m34).rotated(by: angle, x: 0, y: 1, z: 0)
    }

    func play(_ scene: TransitionScene) {
        let sense = scene.isForward ? 1.0 : -1.0
        scene.insertToView(above: false)
        View.performWithoutAnimation {
            scene.toView.frame = scene.toFrame
            scene.fromView.isDoubleSided = false
            scene.toView.isDoubleSided = false
            scene.fromView.transform3D = turned(by: 0)
            scene.toView.transform3D = turned(by: -sense * .pi)
        }
        // Two quarter turns as keyframes of one animation: a half turn in one step has
        // no shorter way round to take, and a second, delayed animation of the same
        // transform would show its start value (the quarter turn) while it waits.
        View.animateKeyframes(withDuration: duration, delay: 0, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                scene.fromView.transform3D = self.turned(by: sense * .pi / 2)
                scene.toView.transform3D = self.turned(by: -sense * .pi / 2)
            }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                scene.fromView.transform3D = self.turned(by: sense * .pi)
                scene.toView.transform3D = self.turned(by: 0)
            }
        }, completion: { _ in
            View.performWithoutAnimation {
                scene.fromView.isDoubleSided = true
                scene.toView.isDoubleSided = true
            }
            scene.finish()
        })
    }
}
