import StagehandSDK

/// The WWDC 2013 modal trio: bounce-present slides the modal up from below on a spring,
/// normal-dismiss slides it back down, swipe-dismiss lets a downward pan drag it down.
///
/// All three move the presented view by its `frame` (as the session's sample does, with
/// `CGRectOffset(finalFrame, 0, screenHeight)`), by the container's height: the
/// container fills the window, so that is the screen height. The presenter's view is
/// never touched (the presentation is `.custom`, so it stays in the window under the
/// modal, and the context answers nil for it, as UIKit).
enum ModalSlide {
    /// Where the presented view rests: the context's final frame, or the container.
    static func restingFrame(of controller: ViewController, in context: TransitionContext, container: View) -> Rect {
        let final = context.finalFrame(for: controller)
        if !final.isEmpty { return final }
        let initial = context.initialFrame(for: controller)
        return initial.isEmpty ? container.bounds : initial
    }

    /// Slides the presented view (the `from` side) down by the container's height with
    /// `options`' curve; then completes, putting the frame back for a later presentation.
    static func slideDown(using context: TransitionContext, duration: Double, options: AnimationOptions) {
        guard let containerView = context.containerView,
              let presentedController = context.viewController(forKey: .from),
              let presentedView = context.view(forKey: .from) ?? presentedController.view else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let resting = restingFrame(of: presentedController, in: context, container: containerView)
        let height = containerView.bounds.height
        View.animate(withDuration: duration, delay: 0, options: options, animations: {
            presentedView.frame = resting.offsetBy(dx: 0, dy: height)
        }, completion: { _ in
            let completed = !context.transitionWasCancelled
            // Leaves in place, so it looks right if presented again (UIKit's own
            // presentation sets the frame anyway; a custom one might not).
            View.performWithoutAnimation { presentedView.frame = resting }
            context.completeTransition(completed)
        })
    }
}

/// bounce-present: the modal slides up from one screen height below its place, on a
/// spring with damping ratio `damping` (0.6: it overshoots a little and settles) over
/// `duration` (0.8 s), UIKit's `usingSpringWithDamping` form with `velocity` as the
/// initial spring velocity.
public final class BouncePresent: Effect {
    let duration: Double
    let damping: Double
    let velocity: Double

    /// Parameters within the bounds `declaration` gives them.
    init(duration: Double, damping: Double, velocity: Double) {
        self.duration = duration
        self.damping = damping
        self.velocity = velocity
    }

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    public func animateTransition(using transitionContext: TransitionContext) {
        guard let containerView = transitionContext.containerView,
              let presentedController = transitionContext.viewController(forKey: .to),
              let presentedView = transitionContext.view(forKey: .to) ?? presentedController.view else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        if transitionContext.operation == .dismiss {
            // Chosen as a dismissal by mistake: slide down rather than do nothing.
            ModalSlide.slideDown(using: transitionContext, duration: duration, options: .curveEaseIn)
            return
        }
        let final = ModalSlide.restingFrame(of: presentedController, in: transitionContext, container: containerView)
        containerView.addSubview(presentedView)
        View.performWithoutAnimation {
            presentedView.frame = final.offsetBy(dx: 0, dy: containerView.bounds.height)
        }
        View.animate(withDuration: duration, delay: 0, usingSpringWithDamping: damping,
                     initialSpringVelocity: velocity, options: .curveLinear, animations: {
            presentedView.frame = final
        }, completion: { _ in
            let completed = !transitionContext.transitionWasCancelled
            if !completed { View.performWithoutAnimation { presentedView.frame = final } }
            transitionContext.completeTransition(completed)
        })
    }
}

/// normal-dismiss: the modal slides straight down off the screen in `duration` (0.3 s),
/// ease-in (it accelerates away, as things leaving the screen do in iOS). The WWDC
/// sample left the curve at UIView's default; ease-in is Stagehand's choice.
public final class NormalDismiss: Effect {
    let duration: Double

    /// A duration within the bounds `declaration` gives it.
    init(duration: Double) {
        self.duration = duration
    }

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    public func animateTransition(using transitionContext: TransitionContext) {
        ModalSlide.slideDown(using: transitionContext, duration: duration,
                             options: transitionContext.isInteractive ? .curveLinear : .curveEaseIn)
    }
}

/// swipe-dismiss: a downward pan on the presented view dismisses it interactively.
///
/// The session's rule: fraction = translation.y / `distance` (400 pt), clamped to
/// 0...1; on release the dismissal finishes if the fraction is above `threshold` (0.5),
/// else it is cancelled, and what is left plays at completion speed 1 − fraction
/// (the host reads 0, released at 100 %, as 1). The effect animates the dismissal itself:
/// the modal slides down by the screen height over `duration`, linearly while the finger
/// drives it (so it moves height / distance points per point of finger travel, as the
/// sample's does).
public final class SwipeDismiss: GestureDrivenEffect {
    let duration: Double

    /// The downward pan on the presented controller's view.
    public let interactiveGesture: GestureDrivenTransition

    /// Parameters within the bounds `declaration` gives them.
    init(duration: Double, distance: Double, threshold: Double) {
        self.duration = duration
        interactiveGesture = GestureDrivenTransition(
            .dismissal, recognizer: .pan, name: "swipe-dismiss",
            // In window coordinates: the presented view itself moves under the finger.
            progress: .init { pan, _ in pan.translation(in: nil).y / distance },
            release: .progress(above: threshold),
            shouldBegin: { pan, _ in
                let t = pan.translation(in: nil)
                return t.y > abs(t.x)
            },
            willEnd: { ending in
                // The session's rule: the rest plays at 1 − the fraction the finger reached.
                if ending.isRelease { ending.interaction.update(ending.progress) }
                ending.interaction.completionSpeed = 1 - ending.progress
            })
    }

    // MARK: Animated transitioning

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    public func animateTransition(using transitionContext: TransitionContext) {
        ModalSlide.slideDown(using: transitionContext, duration: duration,
                             options: transitionContext.isInteractive ? .curveLinear : .curveEaseIn)
    }
}
