/// What an effect that moves both screens starts from: the container, the two views and
/// the frames they have and will have, and which way the transition goes.
///
/// Many effects play one motion forwards for a push or a presentation and backwards for
/// a pop or a dismissal (VCTransitionsLibrary's `reverse` flag, IBAnimatable's animators
/// that serve both): `isForward` says which, and `finish` leaves both views flat and in
/// place whichever way it went. The presenter's view of a
/// custom presentation is not given by `view(forKey:)`, as in UIKit, so it is reached
/// through its controller; it stays where it is in the window, under the container.
public struct TransitionScene {
    public let context: TransitionContext
    public let container: View
    public let fromView: View
    public let toView: View
    /// Where the from-view is at the start and the to-view belongs at the end (the
    /// container's bounds when the context has no frame for one).
    public let fromFrame: Rect
    public let toFrame: Rect
    /// A push or a presentation (else a pop or a dismissal: the motion reversed).
    public let isForward: Bool
    /// A finger drives it: curves are linear so the views follow the finger.
    public let isInteractive: Bool

    /// `nil` when the context lacks a view: the caller completes the transition at once.
    public init?(_ context: TransitionContext) {
        guard let container = context.containerView,
              let fromController = context.viewController(forKey: .from),
              let toController = context.viewController(forKey: .to),
              let fromView = context.view(forKey: .from) ?? fromController.view,
              let toView = context.view(forKey: .to) ?? toController.view else { return nil }
        self.context = context
        self.container = container
        self.fromView = fromView
        self.toView = toView
        let bounds = container.bounds
        let initial = context.initialFrame(for: fromController)
        fromFrame = initial.size.width > 0 ? initial : fromView.frame
        let final = context.finalFrame(for: toController)
        toFrame = final.size.width > 0 ? final : bounds
        switch context.operation {
        case .pop, .dismiss: isForward = false
        default: isForward = true
        }
        isInteractive = context.isInteractive
    }

    /// Puts the to-view into the container, above or below the from-view. On a
    /// dismissal the to-view is the presenter's, already in the window under the
    /// container, and stays there.
    public func insertToView(above: Bool) {
        if context.operation == .dismiss { return }
        if fromView.superview == container {
            if above { container.insertSubview(toView, aboveSubview: fromView) } else { container.insertSubview(toView, belowSubview: fromView) }
        } else {
            container.addSubview(toView)
        }
    }

    /// `options`' curve, or linear while a finger drives the transition.
    public func curve(_ options: AnimationOptions) -> AnimationOptions {
        isInteractive ? .curveLinear : options
    }

    /// Ends the transition: both views flat, opaque, with the default anchor point and
    /// their frames (a popped view may be pushed again; on a cancel the host also puts
    /// their states back), then completes it.
    public func finish() {
        View.performWithoutAnimation {
            for (view, frame) in [(fromView, fromFrame), (toView, toFrame)] {
                view.transform3D = .identity
                view.anchorPoint = Point(x: 0.5, y: 0.5)
                view.frame = frame
                view.alpha = 1
            }
        }
        context.completeTransition(!context.transitionWasCancelled)
    }

    /// A perspective with nothing else: the identity for a flat layer at z = 0, so a
    /// view can start from it and keep one perspective as it turns.
    public static func perspective(_ m34: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m34 = m34
        return t
    }
}
