import StagehandSDK

/// parallax-push and parallax-pop, the "KuGou-style" push, as its recipe does it.
///
/// With W the width of the navigation controller's view and f the animation's fraction
/// (UIKit's spring with damping `damping` over `duration`; linear while a finger drives
/// a pop):
///
/// **Push.** The *whole* navigation controller's view — bar and content together —
/// slides in from tx = W to 0, over a snapshot of the old screen (the old page and its
/// bar) placed beneath the navigation view in its superview, which drifts from 0 to
/// −`offset`·W. The bar is not hidden: it arrives with the page. At the end the
/// navigation view is untransformed and the snapshot leaves the screen — but it is
/// kept (hidden, with the page it shows) for the pop.
///
/// **Pop.** The real top page slides from 0 to tx = W; the page underneath is hidden and
/// represented by its push-time snapshot, which comes back from −`offset`·W to 0 below
/// the top page. The navigation bar is hidden during the pop (the snapshot carries the
/// old screen's bar) and put back as it was at the end, completed or cancelled. Under a
/// page that parallax-push did not push, a snapshot of the page below taken at the start
/// of the pop stands in (it has no bar).
///
/// parallax-pop is interactive. Attached to a navigation controller (the coordinator's
/// `interactivePop`), it installs a plain pan on the controller's view — a swipe back
/// may start anywhere on the page (`gesture` "anywhere"), or only at the left screen
/// edge ("edge") — and turns the controller's own edge gesture off. Progress =
/// translation.x / W; on release it finishes when progress > `threshold` (0.25),
/// otherwise it cancels; a gesture the system cancels is treated like a release there.
/// The page stays where it is when the pan begins: the finger's first movement after
/// that moves it.
public final class Parallax: GestureDrivenEffect {
    public enum Direction {
        case push
        case pop
    }

    /// Where a swipe back may start.
    public enum Gesture: String, CaseIterable {
        /// Anywhere on the page: a plain pan (the recipe's).
        case anywhere
        /// Only at the left screen edge: a screen-edge pan (UIKit's own pop gesture).
        case edge
    }

    let direction: Direction
    let duration: Double
    let damping: Double
    let offset: Double

    /// parallax-pop's pan, in place of the controller's own edge pan while attached
    /// (parallax-push attaches nothing).
    public let interactiveGesture: GestureDrivenTransition

    /// Parameters within the bounds the declarations give them.
    init(direction: Direction, duration: Double, damping: Double, offset: Double, threshold: Double,
         gesture: Gesture = .anywhere) {
        self.direction = direction
        self.duration = duration
        self.damping = damping
        self.offset = offset
        interactiveGesture = GestureDrivenTransition(
            .pop, recognizer: gesture == .anywhere ? .pan : .screenEdgePan(.left),
            options: [.replacesSystemPopGesture, .startsAtZero, .treatsSystemCancelAsRelease], name: "parallax-pop",
            progress: .acrossWidth(), release: .progress(above: threshold))
    }

    // MARK: Animated transitioning

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    public func animateTransition(using transitionContext: TransitionContext) {
        guard let containerView = transitionContext.containerView,
              let fromView = transitionContext.view(forKey: .from),
              let toView = transitionContext.view(forKey: .to),
              let fromViewController = transitionContext.viewController(forKey: .from),
              let toViewController = transitionContext.viewController(forKey: .to) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        let navigationController = fromViewController.navigationController ?? toViewController.navigationController
        toView.frame = transitionContext.finalFrame(for: toViewController)
        if direction == .push {
            push(fromView, toView, in: containerView, navigationController: navigationController, using: transitionContext)
        } else {
            pop(fromView, toView, in: containerView, navigationController: navigationController, using: transitionContext)
        }
    }

    /// The whole navigation view slides in over a snapshot of the old screen beneath it.
    private func push(_ fromView: View, _ toView: View, in containerView: View, navigationController: ViewController?,
                      using transitionContext: TransitionContext) {
        // The old screen, taken before the new page goes in.
        let navigationView = navigationController?.view ?? containerView
        let snapshot = navigationView.superview == nil ? nil : navigationView.snapshotView()
        let fromWasHidden = fromView.isHidden
        containerView.addSubview(toView)
        // The navigation view now shows the new page only, as after a push without animation.
        fromView.isHidden = true
        if let snapshot, let superview = navigationView.superview {
            superview.insertSubview(snapshot, belowSubview: navigationView)
            snapshot.frame = navigationView.frame
        }
        // Without a superview to hold the snapshot, the old page itself drifts, inside.
        let below = snapshot ?? fromView
        if snapshot == nil { fromView.isHidden = fromWasHidden }

        let width = navigationView.bounds.width
        View.performWithoutAnimation {
            navigationView.transform = Transform2D(translationX: width, y: 0)
        }
        animate(using: transitionContext, animations: {
            navigationView.transform = .identity
            below.transform = Transform2D(translationX: -self.offset * width, y: 0)
        }, completion: { completed in
            View.performWithoutAnimation {
                navigationView.transform = .identity
                fromView.transform = .identity
                fromView.isHidden = fromWasHidden
            }
            if let snapshot {
                // Moved straight from the window into the page it shows: a snapshot out of
                // every hierarchy would not outlive this transition.
                if completed { PushTimeSnapshots.keep(snapshot, for: fromView) } else { snapshot.removeFromSuperview() }
            }
        })
    }

    /// The top page slides off; the page below comes back as its push-time snapshot.
    private func pop(_ fromView: View, _ toView: View, in containerView: View, navigationController: ViewController?,
                     using transitionContext: TransitionContext) {
        containerView.insertSubview(toView, belowSubview: fromView)
        let toWasHidden = toView.isHidden
        let navigationView = navigationController?.view ?? containerView
        // The push-time snapshot shows the whole old screen; for a page parallax-push did
        // not push, a snapshot of the page below, taken now, stands in (without a bar).
        let pushTime = PushTimeSnapshots.snapshot(for: toView)
        let snapshot = pushTime ?? toView.snapshotView()
        if let snapshot {
            containerView.insertSubview(snapshot, belowSubview: fromView)
            View.performWithoutAnimation {
                snapshot.isHidden = false
                snapshot.frame = pushTime == nil ? toView.frame : containerView.convert(navigationView.bounds, from: navigationView)
            }
            toView.isHidden = true
        }
        let below = snapshot ?? toView

        // The bar goes for the move (the snapshot shows the old one) and comes back as
        // it was, completed or cancelled.
        let barWasHidden = navigationController?.isNavigationBarHidden ?? false
        navigationController?.setNavigationBarHidden(true, animated: false)

        let width = containerView.bounds.width
        View.performWithoutAnimation {
            below.transform = Transform2D(translationX: -offset * width, y: 0)
        }
        animate(using: transitionContext, animations: {
            fromView.transform = Transform2D(translationX: width, y: 0)
            below.transform = .identity
        }, completion: { completed in
            View.performWithoutAnimation {
                fromView.transform = .identity
                toView.transform = .identity
                toView.isHidden = toWasHidden
            }
            if let snapshot {
                if completed {
                    snapshot.removeFromSuperview()
                    PushTimeSnapshots.forget(toView)
                } else if pushTime != nil {
                    // Kept for the next swipe back.
                    PushTimeSnapshots.keep(snapshot, for: toView)
                } else {
                    snapshot.removeFromSuperview()
                }
            }
            navigationController?.setNavigationBarHidden(barWasHidden, animated: false)
        })
    }

    /// The recipe's curve: a spring with damping `damping`, or linear while a finger
    /// drives, so the page stays under the finger. `completion` tidies up, given whether
    /// the transition completed; then the transition is completed.
    private func animate(using transitionContext: TransitionContext, animations: @escaping () -> Void,
                         completion: @escaping (Bool) -> Void) {
        let finish: (Bool) -> Void = { _ in
            let completed = !transitionContext.transitionWasCancelled
            completion(completed)
            transitionContext.completeTransition(completed)
        }
        let seconds = transitionDuration(using: transitionContext)
        if transitionContext.isInteractive {
            View.animate(withDuration: seconds, delay: 0, options: .curveLinear, animations: animations, completion: finish)
        } else {
            View.animate(withDuration: seconds, delay: 0, usingSpringWithDamping: damping,
                         initialSpringVelocity: 0, options: [], animations: animations, completion: finish)
        }
    }

    // MARK: Interaction (parallax-pop)

    /// Installs the pan on a navigation controller, for parallax-pop only.
    public func attach(to viewController: ViewController) {
        guard direction == .pop else { return }
        interactiveGesture.attach(to: viewController)
    }
}
