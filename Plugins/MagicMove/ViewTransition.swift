import StagehandSDK

/// view-transition: the web's View Transitions with the user agent's defaults (CSS View
/// Transitions Level 1). Each matched pair is a group that animates its width, height
/// and position from the old view's frame to the new one's over 0.25 s on `ease`
/// (cubic-bezier(0.25, 0.1, 0.25, 1)); inside it the old image fades out and the new
/// one fades in, each as wide as the group with its own aspect ratio, top aligned, both
/// composited plus-lighter in the group (CSS's image pair, isolated), so identical
/// pixels stay exactly themselves mid-fade. The root is a name like any other: the old
/// screen fades out and the new one fades in, plus-lighter, on the same timing. A named
/// view in one state only fades with its screen (CSS gives it a group of its own that
/// does the same fade). With no pair, the root cross-fade is all there is.
///
/// A duplicate identifier on either screen skips the matched part (CSS: the names are
/// not captured and the transition is skipped), the root cross-fade still plays and the
/// operation happens; the host has said which identifier and which views. Not
/// interactive, as CSS's is not.
public final class ViewTransition: Effect {
    /// The user agent stylesheet's `animation-duration`, and CSS's initial timing function.
    static let defaultDuration = 0.25
    static let curve = TimingCurve(controlPoints: 0.25, 0.1, 0.25, 1)
    /// The `animation-duration` an author would set (0.01 ... 10 s).
    let duration: Double

    init(duration: Double) {
        self.duration = duration
    }

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    /// The old and new images' frames in their group at the start and the end: the
    /// group's width, each its own aspect ratio, top left at the group's.
    static func imageFrames(old: Rect, new: Rect) -> (old: (Rect, Rect), new: (Rect, Rect)) {
        func sized(_ width: Double, _ aspect: Rect) -> Rect {
            Rect(x: 0, y: 0, width: width, height: aspect.width > 0 ? width * aspect.height / aspect.width : aspect.height)
        }
        return ((sized(old.width, old), sized(new.width, old)), (sized(old.width, new), sized(new.width, new)))
    }

    public func animateTransition(using context: TransitionContext) {
        guard let screens = MatchedScreens(context) else { return }
        let container = screens.container
        let fromView = screens.from, toView = screens.to
        let pairs = context.duplicateMatchIdentifiers.isEmpty ? context.matchedPairs : []
        var made: [View] = []
        for pair in pairs {
            guard let group = View(frame: pair.source.frame),
                  let old = context.flyingCopy(of: pair.source.view), let new = context.flyingCopy(of: pair.destination.view) else { continue }
            group.backgroundColor = .clear
            container.addSubview(group)
            made.append(group)
            let frames = Self.imageFrames(old: pair.source.frame, new: pair.destination.frame)
            old.frame = frames.old.0
            new.frame = frames.new.0
            for (image, alpha) in [(old, pair.source.opacity), (new, 0.0)] {
                image.compositing = .plusLighter
                image.alpha = alpha
                group.addSubview(image)
            }
            pair.source.view.isHidden = true
            pair.destination.view.isHidden = true
            View.animate(withDuration: duration, curve: Self.curve, animations: {
                group.frame = pair.destination.frame
                old.frame = frames.old.1
                new.frame = frames.new.1
                old.alpha = 0
                new.alpha = pair.destination.opacity
            })
        }
        // The root: the old screen fades out and the new one in, added to each other.
        let roots = [fromView, toView].compactMap { $0 }
        for root in roots { root.compositing = .plusLighter }
        fromView?.alpha = 1
        toView?.alpha = 0
        View.animate(withDuration: duration, curve: Self.curve, animations: {
            fromView?.alpha = 0
            toView?.alpha = 1
        }, completion: { _ in
            for view in made { view.removeFromSuperview() }
            for root in roots {
                root.compositing = .normal
                root.alpha = 1
            }
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
