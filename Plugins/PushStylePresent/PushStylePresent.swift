import StagehandSDK

/// The motion both effects share: UIKit's iOS 7 push, applied to a presentation.
///
/// The arriving view slides in from the right edge (translation x from the container's
/// width to 0) while the view it covers travels left by `offset` of the width — the
/// whole width by default, as the recipe's presenter goes from 0 to −width; 0.3 gives
/// UIKit's push parallax instead. The dismissal plays the same motion backwards. Both
/// views move with their `transform`, along ease-in-ease-out (linear while a finger
/// drives it, so the view stays under the finger).
///
/// The presentation is `.custom` (the coordinator makes it so when effects are chosen),
/// so, as in UIKit, the context answers nil for the presenter's view
/// (`view(forKey: .from)` on present, `view(forKey: .to)` on dismiss): the effect reaches
/// it through `viewController(forKey:).view`. That view stays where it is in the window,
/// under the presentation's container; the effect only moves it, and always hands it
/// back untransformed — hidden under the presented view between the two transitions, it
/// would otherwise stay shifted for whatever dismisses it next.
enum PushStyleMotion {
    /// Presents as if pushed: `to` slides in from the right, the presenter goes left.
    static func present(using context: TransitionContext, duration: Double, offset: Double) {
        guard let containerView = context.containerView,
              let presentedController = context.viewController(forKey: .to),
              let presentedView = context.view(forKey: .to) ?? presentedController.view else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let presenterView = context.view(forKey: .from) ?? context.viewController(forKey: .from)?.view
        let finalFrame = context.finalFrame(for: presentedController)

        containerView.addSubview(presentedView)
        let width = containerView.bounds.width
        View.performWithoutAnimation {
            presentedView.frame = finalFrame.isEmpty ? containerView.bounds : finalFrame
            presentedView.transform = Transform2D(translationX: width, y: 0)
        }
        View.animate(withDuration: duration, delay: 0, options: curve(for: context), animations: {
            presentedView.transform = .identity
            presenterView?.transform = Transform2D(translationX: -offset * width, y: 0)
        }, completion: { _ in
            let completed = !context.transitionWasCancelled
            View.performWithoutAnimation {
                // Covered now (or, on a cancel, uncovered again): back in place either way.
                presenterView?.transform = .identity
                if !completed { presentedView.transform = .identity }
            }
            context.completeTransition(completed)
        })
    }

    /// Dismisses as if popped: `from` slides off to the right, uncovering the presenter,
    /// which comes back from `offset` of the width (all of it by default) on the left.
    static func dismiss(using context: TransitionContext, duration: Double, offset: Double) {
        guard let containerView = context.containerView,
              let presentedController = context.viewController(forKey: .from),
              let presentedView = context.view(forKey: .from) ?? presentedController.view else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let presenterView = context.view(forKey: .to) ?? context.viewController(forKey: .to)?.view
        let width = containerView.bounds.width
        View.performWithoutAnimation {
            presenterView?.transform = Transform2D(translationX: -offset * width, y: 0)
        }
        View.animate(withDuration: duration, delay: 0, options: curve(for: context), animations: {
            presentedView.transform = Transform2D(translationX: width, y: 0)
            presenterView?.transform = .identity
        }, completion: { _ in
            let completed = !context.transitionWasCancelled
            View.performWithoutAnimation {
                // The dismissed view leaves untransformed, so it looks right if presented
                // again; on a cancel the presenter goes back to identity under it.
                presentedView.transform = .identity
                presenterView?.transform = .identity
            }
            context.completeTransition(completed)
        })
    }

    private static func curve(for context: TransitionContext) -> AnimationOptions {
        context.isInteractive ? .curveLinear : .curveEaseInOut
    }
}

/// push-style-present: a whole navigation controller presented as if it were pushed.
public final class PushStylePresent: Effect {
    let duration: Double
    let offset: Double

    /// Parameters within the bounds `declaration` gives them.
    init(duration: Double, offset: Double) {
        self.duration = duration
        self.offset = offset
    }

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    public func animateTransition(using transitionContext: TransitionContext) {
        if transitionContext.operation == .dismiss {
            // Chosen as a dismissal by mistake: still the mirror image, rather than nothing.
            PushStyleMotion.dismiss(using: transitionContext, duration: duration, offset: offset)
        } else {
            PushStyleMotion.present(using: transitionContext, duration: duration, offset: offset)
        }
    }
}

/// pop-style-dismiss: the presented controller leaves as if popped. Chosen as the
/// interactive dismissal, it installs a left screen-edge pan on the presented
/// controller's view that drives the dismissal (progress = translation.x / width,
/// finished past `threshold`, cancelled before; a pan the system cancels counts as a
/// release there, as in the recipe's handler). The dismissal stays at 0 until the finger
/// moves after the pan began, as the recipe's handler updates on `changed` only. That
/// pan waits for the presented navigation controller's own pop gesture to fail, so with
/// two or more controllers in the presented stack the edge swipe pops, and with one it
/// dismisses.
public final class PopStyleDismiss: GestureDrivenEffect {
    let duration: Double
    let offset: Double

    /// The left edge pan on the presented controller, behind the presented navigation
    /// controller's own pop gesture.
    public let interactiveGesture: GestureDrivenTransition

    /// Parameters within the bounds `declaration` gives them.
    init(duration: Double, offset: Double, threshold: Double) {
        self.duration = duration
        self.offset = offset
        interactiveGesture = GestureDrivenTransition(
            .dismissal, recognizer: .screenEdgePan(.left), options: [.waitsForSystemPopGesture, .startsAtZero, .treatsSystemCancelAsRelease],
            name: "pop-style-dismiss",
            // Measured in the window: the presented view itself moves under the finger.
            progress: .acrossWidth(inWindow: true), release: .progress(above: threshold))
    }

    // MARK: Animated transitioning

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    public func animateTransition(using transitionContext: TransitionContext) {
        if transitionContext.operation == .present {
            PushStyleMotion.present(using: transitionContext, duration: duration, offset: offset)
        } else {
            PushStyleMotion.dismiss(using: transitionContext, duration: duration, offset: offset)
        }
    }
}
