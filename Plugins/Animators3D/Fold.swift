import StagehandSDK

/// fold: VCTransitionsLibrary's Fold animator (IBAnimatable's Fold) — the screens fold
/// like an accordion. Each view is cut into 2·`folds` vertical strips of width
/// s = W / (2·folds), snapshots of its parts; strip 2i turns about its left edge and
/// strip 2i + 1 about its right edge, so each pair makes one fold with its crease
/// (valley) between them.
///
/// Forwards (push, presentation) the from-view's strips fold shut toward the right
/// edge — strip 2i from its place at x = 2i·s to x = W turning from 0 to 90°, strip
/// 2i + 1 from (2i + 2)·s to W turning to −90° — while the to-view's strips unfold from
/// the left edge, from x = 0 and ±90° to their places, flat. Backwards it is mirrored:
/// the from-view folds toward the left edge and the to-view unfolds from the right.
/// Positions and angles move linearly together, as the library moves them (a fold's
/// two halves slightly overlap mid-way, where the library's do too).
///
/// One perspective for all the strips, the container's `sublayerTransform` (m34 =
/// −0.005, the library's: the eye 200 pt in front of the centre). Ease in and out over
/// the duration (1 s), linear while a finger drives it. Both views are hidden while
/// their strips stand in for them.
final class Fold: LibraryGestureEffect {
    let duration: Double
    let folds: Int
    let m34: Double
    let gesture: LibraryGesture

    /// Parameters within the bounds `declaration` gives them; `nil` for an unknown gesture.
    init?(duration: Double, folds: Int32, m34: Double, gesture: String) {
        guard let gesture = LibraryGesture(gesture, effect: "fold") else { return nil }
        self.duration = duration
        self.folds = Int(folds)
        self.m34 = m34
        self.gesture = gesture
    }

    /// One strip: its view, its hinge (0 left edge, 1 right edge), and where its hinge
    /// is and how it is turned at each end of the animation.
    private struct Strip {
        let view: View
        let start: (x: Double, angle: Double)
        let end: (x: Double, angle: Double)
    }

    func play(_ scene: TransitionScene) {
        let container = scene.container
        let bounds = container.bounds
        let width = bounds.width
        let stripWidth = width / Double(2 * folds)
        // Where the from-view folds to, and where the to-view unfolds from.
        let foldsTo = scene.isForward ? width : 0
        let unfoldsFrom = scene.isForward ? 0 : width
        scene.insertToView(above: false)
        View.performWithoutAnimation { scene.toView.frame = scene.toFrame }

        var strips: [Strip] = []
        for k in 0..<(2 * folds) {
            let hingeEdge = k % 2 == 0 ? 0.0 : 1.0
            // A strip's hinge at its place: its left edge, or its right edge.
            let place = (Double(k) + hingeEdge) * stripWidth
            let angle = k % 2 == 0 ? Double.pi / 2 : -.pi / 2
            let part = Rect(x: Double(k) * stripWidth, y: 0, width: stripWidth, height: bounds.height)
            for (view, isFrom) in [(scene.fromView, true), (scene.toView, false)] {
                guard let snapshot = view.resizableSnapshotView(from: part) else { continue }
                let strip = isFrom ? Strip(view: snapshot, start: (place, 0), end: (foldsTo, angle))
                                   : Strip(view: snapshot, start: (unfoldsFrom, angle), end: (place, 0))
                View.performWithoutAnimation {
                    snapshot.anchorPoint = Point(x: hingeEdge, y: 0.5)
                    snapshot.center = Point(x: strip.start.x, y: bounds.midY)
                    snapshot.transform3D = Transform3D(rotationAngle: strip.start.angle, x: 0, y: 1, z: 0)
                }
                container.addSubview(snapshot)
                strips.append(strip)
            }
        }
        View.performWithoutAnimation {
            container.sublayerTransform = TransitionScene.perspective(m34)
            scene.fromView.isHidden = true
            scene.toView.isHidden = true
        }
        View.animate(withDuration: duration, delay: 0, options: scene.curve(.curveEaseInOut), animations: {
            for strip in strips {
                strip.view.center = Point(x: strip.end.x, y: bounds.midY)
                strip.view.transform3D = Transform3D(rotationAngle: strip.end.angle, x: 0, y: 1, z: 0)
            }
        }, completion: { _ in
            for strip in strips { strip.view.removeFromSuperview() }
            View.performWithoutAnimation {
                container.sublayerTransform = .identity
                scene.fromView.isHidden = false
                scene.toView.isHidden = false
            }
            scene.finish()
        })
    }
}
