import StagehandSDK

/// turn: a page turning about its left edge, as VCTransitionsLibrary's and
/// IBAnimatable's Turn animators show a screen turning in 3D: on a push or a
/// presentation the from-view turns away from the viewer about its left edge, from 0
/// to 90° (edge-on, gone), uncovering the to-view beneath; a pop or a dismissal turns
/// the page back, the to-view coming down on top from 90° to 0.
///
/// Seen with the perspective m34 (−1/500 by default; the library's −0.002) from in
/// front of the container's centre (see `HingedFace`). Ease in and out over the
/// duration (1 s, the library's), linear while a finger drives it.
final class Turn: LibraryGestureEffect {
    let duration: Double
    let m34: Double
    let gesture: LibraryGesture

    /// Parameters within the bounds `declaration` gives them; `nil` for an unknown gesture.
    init?(duration: Double, m34: Double, gesture: String) {
        guard let gesture = LibraryGesture(gesture, effect: "turn") else { return nil }
        self.duration = duration
        self.m34 = m34
        self.gesture = gesture
    }

    func play(_ scene: TransitionScene) {
        let bounds = scene.container.bounds
        let centre = Point(x: bounds.midX, y: bounds.midY)
        // The page that turns: the from-view going, or the to-view coming back.
        let page = scene.isForward ? HingedFace(view: scene.fromView, edge: 0, frame: scene.fromFrame, centre: centre, m34: m34)
                                   : HingedFace(view: scene.toView, edge: 0, frame: scene.toFrame, centre: centre, m34: m34)
        scene.insertToView(above: !scene.isForward)
        View.performWithoutAnimation {
            if scene.isForward { scene.toView.frame = scene.toFrame }
        }
        page.prepare(angle: scene.isForward ? 0 : .pi / 2)
        View.animate(withDuration: duration, delay: 0, options: scene.curve(.curveEaseInOut), animations: {
            page.view.transform3D = page.turned(by: scene.isForward ? .pi / 2 : 0)
        }, completion: { _ in scene.finish() })
    }
}
