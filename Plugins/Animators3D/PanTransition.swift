import StagehandSDK

/// pan: VCTransitionsLibrary's Pan animator. Both views slide sideways together: on a
/// push or a presentation the new view comes in over the old from the right edge
/// (translation x from W to 0) while the old one moves left by `parallax`·W (half the
/// width, the library's 160 of 320 pt); a pop or a dismissal plays it backwards, the
/// old view going off to the right over the one coming back from the left. Ease in
/// and out over 0.3 s (the library's), linear while a finger drives it.
final class PanTransition: LibraryGestureEffect {
    let duration: Double
    let parallax: Double
    let gesture: LibraryGesture

    /// Parameters within the bounds `declaration` gives them; `nil` for an unknown gesture.
    init?(duration: Double, parallax: Double, gesture: String) {
        guard let gesture = LibraryGesture(gesture, effect: "pan") else { return nil }
        self.duration = duration
        self.parallax = parallax
        self.gesture = gesture
    }

    func play(_ scene: TransitionScene) {
        let width = scene.container.bounds.width
        // The view on top comes in from the right (forward) or leaves to the right
        // (backward); the one beneath moves by the parallax to the left.
        let top = scene.isForward ? scene.toView : scene.fromView
        let beneath = scene.isForward ? scene.fromView : scene.toView
        scene.insertToView(above: scene.isForward)
        View.performWithoutAnimation {
            scene.toView.frame = scene.toFrame
            let start = scene.isForward ? Transform2D(translationX: width, y: 0)
                                        : Transform2D(translationX: -parallax * width, y: 0)
            scene.toView.transform = start
        }
        View.animate(withDuration: duration, delay: 0, options: scene.curve(.curveEaseInOut), animations: {
            if scene.isForward {
                top.transform = .identity
                beneath.transform = Transform2D(translationX: -self.parallax * width, y: 0)
            } else {
                top.transform = Transform2D(translationX: width, y: 0)
                beneath.transform = .identity
            }
        }, completion: { _ in scene.finish() })
    }
}
