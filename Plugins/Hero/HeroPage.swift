import StagehandSDK

/// One side of the transition: the view that moves (the context's, or a snapshot
/// standing in for a presenter the context does not give), its dimming overlay, and
/// what to put back at the end.
final class HeroPage {
    /// What moves on screen.
    let view: View
    /// Whether `view` is the context's own (not a stand-in).
    let isGiven: Bool
    /// The presenter's own view, hidden while a snapshot plays it.
    private let hiddenOriginal: View?
    private let wasHidden: Bool
    private let alpha: Double
    private let shadowOpacity: Double
    private let shadowRadius: Double
    private let shadowOffset: Size
    private let shadowColor: Color
    private var overlay: View?

    /// The context's `given` view, or else a snapshot of `controller`'s view placed over
    /// it inside `container`; `nil` if neither is there.
    init?(given: View?, controller: ViewController, in container: View) {
        if let given {
            view = given
            isGiven = true
            hiddenOriginal = nil
            wasHidden = false
        } else {
            guard let original = controller.view, let snapshot = original.snapshotView() else { return nil }
            container.addSubview(snapshot)
            snapshot.frame = container.convert(original.bounds, from: original)
            view = snapshot
            isGiven = false
            hiddenOriginal = original
            wasHidden = original.isHidden
            original.isHidden = true
        }
        alpha = view.alpha
        shadowOpacity = view.shadowOpacity
        shadowRadius = view.shadowRadius
        shadowOffset = view.shadowOffset
        shadowColor = view.shadowColor
    }

    /// Gives the page Hero's shadow when either pose casts one, and adds the black
    /// overlay when either pose darkens it.
    func prepare(_ start: HeroPose, _ end: HeroPose) {
        if start.shadow > 0 || end.shadow > 0 {
            view.shadowRadius = HeroAnimation.shadowRadius
            view.shadowOffset = Size(width: 0, height: 0)
            view.shadowColor = .black
        }
        guard start.dim > 0 || end.dim > 0, let overlay = View(frame: view.bounds) else { return }
        overlay.backgroundColor = .black
        overlay.alpha = 0
        view.addSubview(overlay)
        self.overlay = overlay
    }

    func apply(_ pose: HeroPose) {
        view.transform = pose.transform
        view.alpha = pose.alpha
        view.shadowOpacity = pose.shadow
        overlay?.alpha = pose.dim
    }

    /// At rest again, the overlay gone; a stand-in leaves and the presenter shows.
    func restore() {
        overlay?.removeFromSuperview()
        overlay = nil
        view.transform = .identity
        view.alpha = alpha
        view.shadowOpacity = shadowOpacity
        view.shadowRadius = shadowRadius
        view.shadowOffset = shadowOffset
        view.shadowColor = shadowColor
        if let hiddenOriginal {
            view.removeFromSuperview()
            hiddenOriginal.isHidden = wasHidden
        }
    }
}
