import Testing
@testable import StagehandCore

/// The slide-pop recipe's interactive pop (Documentation/References.md), written against
/// the public API exactly as its Objective-C is written: a slide-right pop animator, a percent-driven
/// interaction fed by a pan (progress = translation.x / width, finish above 0.5).
final class SlidePopAnimator: AnimatedTransitioning {
    func transitionDuration(using context: TransitionContext?) -> Double { 0.25 }

    func animateTransition(using context: TransitionContext) {
        let fromVC = context.viewController(forKey: .from)
        let toVC = context.viewController(forKey: .to)
        let width = context.containerView.bounds.width
        context.containerView.insertSubview(toVC.view, belowSubview: fromVC.view)
        View.animate(withDuration: transitionDuration(using: context), animations: {
            fromVC.view.transform = Transform2D(translationX: width, y: 0)
        }, completion: { _ in
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}

final class PanDrivenPopDelegate: NavigationControllerDelegate {
    let nav: NavigationController
    var interaction: PercentDrivenInteractiveTransition?
    var animatorRequests = 0
    var interactionRequests = 0

    init(nav: NavigationController) {
        self.nav = nav
        nav.delegate = self
        let pan = PanGestureRecognizer()
        pan.addAction { [unowned self] g in self.handle(g as! PanGestureRecognizer) }
        nav.view.addGestureRecognizer(pan)
        nav.interactivePopGestureRecognizer.isEnabled = false
    }

    func handle(_ pan: PanGestureRecognizer) {
        let progress = pan.translation(in: nav.view).x / nav.view.bounds.width
        switch pan.state {
        case .began:
            interaction = PercentDrivenInteractiveTransition()
            nav.popViewController(animated: true)
        case .changed:
            interaction?.update(progress)
        case .ended, .cancelled:
            if progress > 0.5 && pan.state == .ended { interaction?.finish() } else { interaction?.cancel() }
            interaction = nil
        default: break
        }
    }

    func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
                              from fromVC: ViewController, to toVC: ViewController) -> AnimatedTransitioning? {
        animatorRequests += 1
        return operation == .pop ? SlidePopAnimator() : nil
    }

    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animationController: AnimatedTransitioning) -> InteractiveTransitioning? {
        interactionRequests += 1
        return interaction
    }
}

@Suite struct PanDrivenPopTests {
    @Test func heldAt60PercentAndReleasedFinishesThePop() {
        let (stage, nav) = makeNavigationStage(["Inbox", "Detail"])
        let delegate = PanDrivenPopDelegate(nav: nav)
        Finger(stage: stage).drag(from: Point(x: 40, y: 400), to: Point(x: 40 + 0.6 * 390, y: 400), duration: 0.3, hold: 0.5)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["Inbox"])
        #expect(nav.topViewController?.view.superview === nav.transitionView)
        #expect(nav.transitionView.subviews.count == 1)
        #expect(delegate.interactionRequests == 1)
        // The stack was set up without animation: recorded as applied.
        let events = stage.transitionEvents.map(\.kind)
        #expect(events == [.applied, .began, .completed])
    }

    @Test func heldAt40PercentCancelsAndRestoresEverything() {
        let (stage, nav) = makeNavigationStage(["Inbox", "Detail"])
        let delegate = PanDrivenPopDelegate(nav: nav)
        stage.step()
        let before = sceneSignature(stage.window)
        let detail = nav.topViewController!
        Finger(stage: stage).drag(from: Point(x: 40, y: 400), to: Point(x: 40 + 0.4 * 390, y: 400), duration: 0.3, hold: 0.5)
        // Mid-gesture the from-view sits 40 % of the way right: the animation is scrubbed.
        #expect(stage.isTransitioning)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["Inbox", "Detail"])
        #expect(detail.parent === nav)
        #expect(sceneSignature(stage.window) == before)
        #expect(stage.transitionEvents.map(\.kind) == [.applied, .began, .cancelled])
        _ = delegate
    }

    @Test func scrubbingMovesTheFromViewLinearly() {
        let (stage, nav) = makeNavigationStage(["Inbox", "Detail"])
        let delegate = PanDrivenPopDelegate(nav: nav)
        let detail = nav.topViewController!
        Finger(stage: stage).drag(from: Point(x: 40, y: 400), to: Point(x: 40 + 0.3 * 390, y: 400), duration: 0.2, hold: 0.1, release: false)
        stage.step()
        // The finger maps linearly to time; the animator's own ease-in-out curve still
        // shapes the value, as in UIKit.
        #expect(abs(detail.view.presentation.transform.tx - 390 * TimingCurve.easeInOut.progress(at: 0.3)) < 1e-6)
        #expect(detail.view.model.transform.tx == 390)
        _ = delegate
    }
}
