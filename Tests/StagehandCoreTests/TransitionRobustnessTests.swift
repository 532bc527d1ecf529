import Testing
@testable import StagehandCore

/// An animator that misbehaves on purpose.
final class CompletingAnimator: AnimatedTransitioning {
    var calls: Int
    var duration = 0.3
    init(calls: Int) { self.calls = calls }
    func transitionDuration(using context: TransitionContext?) -> Double { duration }
    func animateTransition(using context: TransitionContext) {
        let to = context.viewController(forKey: .to).view
        context.containerView.addSubview(to)
        View.animate(withDuration: duration, animations: { to.alpha = 1 }, completion: { _ in
            for _ in 0..<self.calls { context.completeTransition(!context.transitionWasCancelled) }
        })
    }
}

final class FixedDelegate: NavigationControllerDelegate {
    let animator: AnimatedTransitioning
    let interaction: InteractiveTransitioning?
    init(_ animator: AnimatedTransitioning, _ interaction: InteractiveTransitioning? = nil) {
        self.animator = animator
        self.interaction = interaction
    }
    func navigationController(_ n: NavigationController, animationControllerFor operation: NavigationOperation,
                              from: ViewController, to: ViewController) -> AnimatedTransitioning? { animator }
    func navigationController(_ n: NavigationController, interactionControllerFor a: AnimatedTransitioning) -> InteractiveTransitioning? { interaction }
}

@Suite struct TransitionRobustnessTests {
    @Test func completeTransitionTwiceIsIgnoredWithADiagnostic() {
        let (stage, nav) = makeNavigationStage(["A"])
        let delegate = FixedDelegate(CompletingAnimator(calls: 2))
        nav.delegate = delegate
        nav.pushViewController(ViewController(title: "B"), animated: true)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["A", "B"])
        #expect(stage.transitionEvents.map(\.kind) == [.began, .completed])
        #expect(stage.diagnostics.contains { $0.code == .completedTwice && $0.message.contains("completeTransition called twice") })
    }

    @Test func aTransitionNeverCompletedIsEndedByTheWatchdog() {
        let (stage, nav) = makeNavigationStage(["A"])
        let delegate = FixedDelegate(CompletingAnimator(calls: 0))
        nav.delegate = delegate
        nav.pushViewController(ViewController(title: "B"), animated: true)
        stage.advance(by: 0.3 + stage.watchdogGrace - 0.05)
        #expect(stage.isTransitioning)
        stage.advance(by: 0.1)
        #expect(!stage.isTransitioning)
        #expect(nav.viewControllers.map(\.title) == ["A", "B"])
        #expect(nav.transitionView.subviews.map { $0.viewController?.title } == ["B"])
        #expect(stage.diagnostics.contains { $0.message.contains("watchdog") })
        // The scene still works: a pop afterwards runs normally.
        nav.delegate = nil
        nav.popViewController(animated: true)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["A"])
    }

    @Test func completionSpeedOneMinusPercentReleasedAt100PercentDoesNotHang() {
        let (stage, nav) = makeNavigationStage(["A", "B"])
        let driver = PercentDrivenInteractiveTransition()
        let delegate = FixedDelegate(SlidePopAnimator(), driver)
        nav.delegate = delegate
        nav.popViewController(animated: true)
        stage.step()
        driver.update(1.0)
        stage.step()
        driver.completionSpeed = 1 - driver.percentComplete
        #expect(driver.completionSpeed == 0)
        driver.finish()
        #expect(stage.settle(limit: 1))
        #expect(nav.viewControllers.map(\.title) == ["A"])
    }

    @Test func anInteractionControllerThatNoGestureDrivesDoesNotHang() {
        let (stage, nav) = makeNavigationStage(["A", "B"])
        let delegate = FixedDelegate(SlidePopAnimator(), PercentDrivenInteractiveTransition())
        nav.delegate = delegate
        nav.popViewController(animated: true)
        #expect(stage.settle(limit: stage.watchdogGrace + 2))
        #expect(nav.viewControllers.map(\.title) == ["A"])
        #expect(stage.transitionEvents.map(\.kind) == [.applied, .began, .completed])
        #expect(stage.diagnostics.contains { $0.message.contains("undriven") })
    }

    @Test func cancellingReplaysTheAnimationBackOverPercentTimesDurationOverSpeed() {
        let (stage, nav) = makeNavigationStage(["A", "B"])
        let driver = PercentDrivenInteractiveTransition()
        let delegate = FixedDelegate(SlidePopAnimator(), driver)
        nav.delegate = delegate
        let fromView = nav.topViewController!.view
        nav.popViewController(animated: true)
        stage.step()
        driver.update(0.6)
        stage.step()
        #expect(abs(fromView.presentation.transform.tx - 390 * TimingCurve.easeInOut.progress(at: 0.6)) < 1e-9)
        driver.completionSpeed = 2
        driver.completionCurve = .linear
        let start = stage.now
        driver.cancel()
        // 0.6 × 0.25 s / 2 = 0.075 s back to the start, linearly.
        stage.advance(by: 0.0375)
        let local = 0.15 - 0.15 * (stage.now - start) / 0.075
        #expect(abs(fromView.presentation.transform.tx - 390 * TimingCurve.easeInOut.progress(at: local / 0.25)) < 1e-6)
        stage.run(until: { !stage.isTransitioning })
        #expect(abs((stage.now - start) - 0.075) <= stage.frameDuration + 1e-9)
        #expect(fromView.model.transform.isIdentity)
        #expect(nav.viewControllers.count == 2)
        withExtendedLifetime(delegate) {}
    }

    @Test func cancelledAtAnyPercentLeavesTheSceneAsBefore() {
        for percent in [0.0, 0.1, 0.49, 0.5, 0.99, 1.0] {
            let (stage, nav) = makeNavigationStage(["A", "B"])
            let driver = PercentDrivenInteractiveTransition()
            let delegate = FixedDelegate(SlidePopAnimator(), driver)
            nav.delegate = delegate
            stage.step()
            let before = sceneSignature(stage.window)
            nav.popViewController(animated: true)
            stage.step()
            driver.update(percent)
            stage.step()
            driver.cancel()
            #expect(stage.settle())
            #expect(sceneSignature(stage.window) == before, "percent \(percent)")
            #expect(nav.viewControllers.map(\.title) == ["A", "B"])
            withExtendedLifetime(delegate) {}
        }
    }
}
