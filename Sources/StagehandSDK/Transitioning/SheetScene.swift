/// Both sides of a presentation or a dismissal that moves only the presented view over
/// a dimming layer (a bottom sheet, a circular reveal, a card).
///
/// The dimming layer is a plain view at the back of the presentation's container,
/// added when presenting and found there again when dismissing (the effect that
/// dismisses need not be the instance that presented).
public struct SheetScene {
    public let context: TransitionContext
    public let container: View
    public let presented: View
    public let presenting: Bool
    /// Where the presented view rests when it fills its place: the context's frame, or
    /// the container's bounds.
    public let resting: Rect

    /// Presenting, puts the presented view on top of the container. `nil` for an
    /// operation that is neither a presentation nor a dismissal.
    public init?(_ context: TransitionContext) {
        let presenting: Bool
        switch context.operation {
        case .present: presenting = true
        case .dismiss: presenting = false
        default: return nil
        }
        let key: TransitionContextKey = presenting ? .to : .from
        guard let container = context.containerView, let controller = context.viewController(forKey: key),
              let presented = context.view(forKey: key) ?? controller.view else { return nil }
        self.context = context
        self.container = container
        self.presented = presented
        self.presenting = presenting
        let frame = presenting ? context.finalFrame(for: controller) : context.initialFrame(for: controller)
        resting = frame.isEmpty ? container.bounds : frame
        if presenting {
            container.addSubview(presented)
        }
    }

    /// A black layer over the whole container, behind the presented view, transparent
    /// for now.
    public func addDimmingView() -> View? {
        guard let dimming = View(frame: container.bounds) else { return nil }
        View.performWithoutAnimation {
            dimming.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 1)
            dimming.alpha = 0
        }
        container.insertSubview(dimming, belowSubview: presented)
        return dimming
    }

    /// The dimming layer a presentation left in the container.
    public var dimmingView: View? {
        container.subviews.first { $0 != presented }
    }

    /// Rounds the presented view's top corners only: a mask (ABI 1.2), a rounded
    /// rectangle reaching `radius` below its bottom edge, so the bottom corners stay
    /// square.
    public func roundTopCorners(radius: Double, of size: Size) {
        presented.mask = Mask(rect: Rect(x: 0, y: 0, width: size.width, height: size.height + radius), cornerRadius: radius)
    }

    /// Ends the transition: a cancelled presentation takes its views out of the
    /// container; a finished dismissal removes the dimming layer and leaves the
    /// presented view as an ordinary full-screen view, should it be presented again.
    public func complete(dimmingView: View?) {
        let cancelled = context.transitionWasCancelled
        if presenting && cancelled {
            dimmingView?.removeFromSuperview()
            presented.removeFromSuperview()
        } else if !presenting && !cancelled {
            dimmingView?.removeFromSuperview()
            View.performWithoutAnimation {
                presented.frame = resting
                presented.mask = nil
            }
        }
        context.completeTransition(!cancelled)
    }
}
