import StagehandSDK

/// portal: VCTransitionsLibrary's and IBAnimatable's Portal animator. The from-view
/// splits down the middle into two doors, snapshots of its halves, that slide open to
/// the sides while the to-view, behind them, grows from `zoom` (0.8) of its size to its
/// full size; backwards the doors, halves of the to-view, slide in from the sides and
/// close over the from-view, which shrinks to `zoom` behind them.
///
/// Ease out over the duration (1 s, the libraries'), linear while a finger drives it.
/// The view the doors show is hidden while they stand in for it.
final class Portal: LibraryGestureEffect {
    let duration: Double
    let zoom: Double
    let gesture: LibraryGesture

    /// Parameters within the bounds `declaration` gives them; `nil` for an unknown gesture.
    init?(duration: Double, zoom: Double, gesture: String) {
        guard let gesture = LibraryGesture(gesture, effect: "portal") else { return nil }
        self.duration = duration
        self.zoom = zoom
        self.gesture = gesture
    }

    func play(_ scene: TransitionScene) {
        // The view the doors are cut from, and where it is.
        let doorView = scene.isForward ? scene.fromView : scene.toView
        let frame = scene.isForward ? scene.fromFrame : scene.toFrame
        let half = frame.width / 2
        let leftPart = Rect(x: 0, y: 0, width: half, height: frame.height)
        let rightPart = Rect(x: half, y: 0, width: frame.width - half, height: frame.height)
        scene.insertToView(above: false)
        View.performWithoutAnimation { scene.toView.frame = scene.toFrame }
        guard let left = doorView.resizableSnapshotView(from: leftPart),
              let right = doorView.resizableSnapshotView(from: rightPart) else {
            scene.finish()
            return
        }
        let shut = (left: Rect(x: frame.minX, y: frame.minY, width: half, height: frame.height),
                    right: Rect(x: frame.minX + half, y: frame.minY, width: rightPart.width, height: frame.height))
        let open = (left: Rect(x: frame.minX - half, y: frame.minY, width: half, height: frame.height),
                    right: Rect(x: frame.maxX, y: frame.minY, width: rightPart.width, height: frame.height))
        let zoomed = Transform3D(scaleX: zoom, y: zoom, z: 1)
        // The view behind the doors: the to-view growing, or the from-view shrinking.
        let behind = scene.isForward ? scene.toView : scene.fromView
        View.performWithoutAnimation {
            left.frame = scene.isForward ? shut.left : open.left
            right.frame = scene.isForward ? shut.right : open.right
            doorView.isHidden = true
            if scene.isForward { behind.transform3D = zoomed }
        }
        scene.container.addSubview(left)
        scene.container.addSubview(right)
        View.animate(withDuration: duration, delay: 0, options: scene.curve(.curveEaseOut), animations: {
            left.frame = scene.isForward ? open.left : shut.left
            right.frame = scene.isForward ? open.right : shut.right
            behind.transform3D = scene.isForward ? .identity : zoomed
        }, completion: { _ in
            left.removeFromSuperview()
            right.removeFromSuperview()
            View.performWithoutAnimation { doorView.isHidden = false }
            scene.finish()
        })
    }
}
