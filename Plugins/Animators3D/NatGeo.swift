import StagehandSDK

/// natgeo: VCTransitionsLibrary's NatGeo animator (after the National Geographic app):
/// the from-view swings open like a book cover, about its left edge and toward the
/// viewer, while the to-view glides in from the right, turned and nearer the eye, and
/// settles flat in place.
///
/// Forwards (push, presentation), over the duration d (1 s, the library's), seen with
/// m34 = −1/500 from in front of the container's centre:
/// - the to-view, above, goes from `rotate(−45° about y) · translate(0.8 W, −40, 0)`
///   (its right side toward the viewer, most of it off the right edge) to flat, over
///   all of d (no move along z: with the perspective, that would make the host's
///   interpolated path bend, where now the angle and the move are each linear);
/// - the from-view, the cover, turns about its left edge (see `HingedFace`) from 0 to
///   −80° over the last 80 % of d (0.2 d … d), its right edge sweeping toward the
///   viewer and off to the left.
/// Backwards (pop, dismissal) the cover (the to-view, now on top) closes from −80° to 0
/// over all of d while the from-view goes back to where the to-view came from over
/// 0 … 0.8 d. Ease in and out (linear while driven by any of the library's interaction
/// controllers: `gesture`).
final class NatGeo: LibraryGestureEffect {
    static let m34 = -1.0 / 500
    /// How far the cover opens, and the share of the duration it takes.
    static let openAngle = 80.0 * .pi / 180
    static let coverShare = 0.8

    let duration: Double
    let gesture: LibraryGesture

    /// Parameters within the bounds `declaration` gives them; `nil` for an unknown gesture.
    init?(duration: Double, gesture: String) {
        guard let gesture = LibraryGesture(gesture, effect: "natgeo") else { return nil }
        self.duration = duration
        self.gesture = gesture
    }

    /// Where the incoming page waits: turned −45° about its vertical centre line and
    /// moved right by 0.8 W and up 40 pt.
    static func aside(width: Double) -> Transform3D {
        TransitionScene.perspective(m34).translatedBy(x: 0.8 * width, y: -40, z: 0).rotated(by: -.pi / 4, x: 0, y: 1, z: 0)
    }

    func play(_ scene: TransitionScene) {
        let bounds = scene.container.bounds
        let centre = Point(x: bounds.midX, y: bounds.midY)
        let options = scene.curve(.curveEaseInOut)
        let aside = NatGeo.aside(width: bounds.width)
        // The cover is the from-view going forwards, the to-view coming back.
        let coverView = scene.isForward ? scene.fromView : scene.toView
        let pageView = scene.isForward ? scene.toView : scene.fromView
        let cover = HingedFace(view: coverView, edge: 0, frame: scene.isForward ? scene.fromFrame : scene.toFrame,
                               centre: centre, m34: NatGeo.m34)
        scene.insertToView(above: true)
        cover.prepare(angle: scene.isForward ? 0 : NatGeo.openAngle)
        View.performWithoutAnimation {
            if scene.isForward {
                scene.toView.frame = scene.toFrame
                scene.toView.transform3D = aside
            } else {
                scene.fromView.transform3D = TransitionScene.perspective(NatGeo.m34)
            }
        }
        if scene.isForward {
            View.animate(withDuration: duration, delay: 0, options: options, animations: {
                pageView.transform3D = TransitionScene.perspective(NatGeo.m34)
            })
            View.animate(withDuration: NatGeo.coverShare * duration, delay: (1 - NatGeo.coverShare) * duration,
                         options: options, animations: {
                cover.view.transform3D = cover.turned(by: NatGeo.openAngle)
            }, completion: { _ in scene.finish() })
        } else {
            View.animate(withDuration: NatGeo.coverShare * duration, delay: 0, options: options, animations: {
                pageView.transform3D = aside
            })
            View.animate(withDuration: duration, delay: 0, options: options, animations: {
                cover.view.transform3D = cover.turned(by: 0)
            }, completion: { _ in scene.finish() })
        }
    }
}
