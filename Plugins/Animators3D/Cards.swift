import StagehandSDK

/// cards: VCTransitionsLibrary's Cards animator. The old card is pushed back and dimmed
/// while the new one rises from the bottom of the screen; backwards, the top card falls
/// away and the one behind comes forward.
///
/// Forwards (push, presentation), over the duration d (1 s, the library's):
/// - 0 … 0.4 d: the from-view tips back — turned 15° about the horizontal axis through
///   its centre (its top edge away from the viewer) and scaled to 0.95, seen with the
///   perspective m34 = −1/900 — and dims to alpha 0.6;
/// - 0.4 d … 0.7 d: it stands up again, further back: scaled to 0.8 and raised by 8 %
///   of its height;
/// - 0.6 d … 0.8 d: the to-view rises from below the screen to 30 pt above its place
///   (the library's overshoot, which stands in for a spring);
/// - 0.8 d … d: it settles into place.
///
/// Backwards (pop, dismissal):
/// - 0 … 0.5 d: the from-view falls off the bottom of the screen;
/// - 0.35 d … 0.7 d: the to-view, waiting behind at scale 0.6 and alpha 0.6, comes
///   forward to the tipped-back pose (15°, 0.95) at alpha 1;
/// - 0.75 d … d: it stands flat in place.
///
/// The phases are keyframes, each linear (so a finger driving the transition meets the
/// same poses at the same progress). Every transform keeps the same perspective from
/// start to end, so it is the turn, the scale and the movement that are interpolated,
/// not the eye. Any of the library's interaction controllers drives it (`gesture`).
final class Cards: LibraryGestureEffect {
    /// The library's perspective: the eye 900 pt in front of the card.
    static let m34 = -1.0 / 900
    static let tilt = 15.0 * .pi / 180

    let duration: Double
    let gesture: LibraryGesture

    /// Parameters within the bounds `declaration` gives them; `nil` for an unknown gesture.
    init?(duration: Double, gesture: String) {
        guard let gesture = LibraryGesture(gesture, effect: "cards") else { return nil }
        self.duration = duration
        self.gesture = gesture
    }

    /// The card tipped back: 15° about x, scaled to 0.95.
    static var tippedBack: Transform3D {
        TransitionScene.perspective(m34).scaledBy(x: 0.95, y: 0.95, z: 0.95).rotated(by: tilt, x: 1, y: 0, z: 0)
    }

    /// The card pushed behind: scaled to 0.8, raised by 8 % of `height`.
    static func behind(height: Double) -> Transform3D {
        TransitionScene.perspective(m34).translatedBy(x: 0, y: -0.08 * height, z: 0).scaledBy(x: 0.8, y: 0.8, z: 0.8)
    }

    func play(_ scene: TransitionScene) {
        if scene.isForward { forwards(scene) } else { backwards(scene) }
    }

    /// Keyframes over the duration (each segment linear, as UIKit's keyframes are by
    /// default): one property's phases must be keyframes of one animation, since a second
    /// animation with a delay would show its start value — the first one's end — while
    /// it waits, as in UIKit.
    private func keyframes(_ scene: TransitionScene, _ frames: @escaping () -> Void) {
        View.animateKeyframes(withDuration: duration, delay: 0, animations: frames, completion: { _ in scene.finish() })
    }

    private func forwards(_ scene: TransitionScene) {
        let height = scene.container.bounds.height
        scene.insertToView(above: true)
        View.performWithoutAnimation {
            scene.fromView.transform3D = TransitionScene.perspective(Cards.m34)
            scene.toView.frame = scene.toFrame
            scene.toView.transform3D = Transform3D(translationX: 0, y: height, z: 0)
        }
        keyframes(scene) {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.4) {
                scene.fromView.transform3D = Cards.tippedBack
                scene.fromView.alpha = 0.6
            }
            View.addKeyframe(withRelativeStartTime: 0.4, relativeDuration: 0.3) {
                scene.fromView.transform3D = Cards.behind(height: height)
            }
            View.addKeyframe(withRelativeStartTime: 0.6, relativeDuration: 0.2) {
                scene.toView.transform3D = Transform3D(translationX: 0, y: -30, z: 0)
            }
            View.addKeyframe(withRelativeStartTime: 0.8, relativeDuration: 0.2) {
                scene.toView.transform3D = .identity
            }
        }
    }

    private func backwards(_ scene: TransitionScene) {
        let height = scene.container.bounds.height
        scene.insertToView(above: false)
        View.performWithoutAnimation {
            scene.toView.frame = scene.toFrame
            scene.toView.transform3D = TransitionScene.perspective(Cards.m34).scaledBy(x: 0.6, y: 0.6, z: 0.6)
            scene.toView.alpha = 0.6
        }
        keyframes(scene) {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                scene.fromView.transform3D = Transform3D(translationX: 0, y: height, z: 0)
            }
            View.addKeyframe(withRelativeStartTime: 0.35, relativeDuration: 0.35) {
                scene.toView.transform3D = Cards.tippedBack
                scene.toView.alpha = 1
            }
            View.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) {
                scene.toView.transform3D = TransitionScene.perspective(Cards.m34)
            }
        }
    }
}
