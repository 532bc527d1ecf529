import Testing
@testable import StagehandCore

/// The failures other iOS 7 transition libraries are known for, each replayed here so
/// it cannot come back unnoticed.
@Suite struct KnownBugRegressionTests {
    /// A finger that drags from the left edge of a 390-point screen to `x` and lifts.
    private func edgeSwipe(_ stage: Stage, to x: Double, id: Int = 1) {
        Finger(stage: stage, id: id).drag(from: Point(x: 5, y: 400), to: Point(x: x, y: 400), duration: 0.3, hold: 0.1)
    }

    private func expectTopShows(_ vc: ViewController, in stage: Stage, sourceLocation: SourceLocation = #_sourceLocation) {
        let view = vc.view
        #expect(view.window === stage.window, "\(vc.title ?? "?") is not in the window", sourceLocation: sourceLocation)
        var node: View? = view
        while let n = node {
            #expect(n.model.alpha == 1 && !n.model.isHidden && n.model.transform3D.isIdentity,
                    "\(n.displayName) hides \(vc.title ?? "?")", sourceLocation: sourceLocation)
            node = n.superview
        }
        #expect(view.frame == stage.window.bounds || vc.parent is NavigationController, sourceLocation: sourceLocation)
    }

    @Test func noBlackScreenAfterAnInterruptedDismissal() {
        let stage = Stage()
        let root = ViewController(title: "Root")
        stage.window.rootViewController = root
        let modal = ViewController(title: "Modal")
        root.present(modal, animated: true)
        #expect(stage.settle())
        #expect(root.view.window == nil)
        // The dismissal is interrupted half way (the finger went back).
        let driver = PercentDrivenInteractiveTransition()
        modal.dismiss(animated: true, interactionController: driver)
        stage.step()
        driver.update(0.5)
        stage.advance(by: 0.1)
        driver.cancel()
        #expect(stage.settle())
        #expect(root.presentedViewController === modal)
        #expect(root.view.window == nil)
        expectTopShows(modal, in: stage)
        #expect(stage.window.subviews.count == 1)
        // And the next dismissal brings the presenter back on screen.
        modal.dismiss(animated: true)
        #expect(stage.settle())
        #expect(root.presentedViewController == nil)
        expectTopShows(root, in: stage)
        #expect(stage.window.subviews.map { $0 === root.view } == [true])
    }

    @Test func noFreezeAfterACancelledInteractivePop() {
        let (stage, nav) = makeNavigationStage(["A", "B"])
        edgeSwipe(stage, to: 100)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["A", "B"])
        #expect(!stage.isTransitioning && !nav.isTransitioning)
        // Buttons still work: a push and a pop run at once and end.
        nav.pushViewController(ViewController(title: "C"), animated: true)
        #expect(stage.isTransitioning)
        #expect(stage.settle())
        nav.popViewController(animated: true)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["A", "B"])
        expectTopShows(nav.viewControllers[1], in: stage)
        #expect(stage.transitionEvents.map(\.kind) == [.applied, .began, .cancelled, .began, .completed, .began, .completed])
    }

    @Test func theBackGestureStillWorksAfterACancel() {
        let (stage, nav) = makeNavigationStage(["A", "B"])
        edgeSwipe(stage, to: 100)
        #expect(stage.settle())
        #expect(nav.viewControllers.count == 2)
        #expect(nav.interactivePopGestureRecognizer.isEnabled)
        edgeSwipe(stage, to: 300)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["A"])
        #expect(stage.transitionEvents.map(\.kind) == [.applied, .began, .cancelled, .began, .completed])
        expectTopShows(nav.viewControllers[0], in: stage)
    }

    /// A page that hides the bar over one that shows it: a cancelled pop leaves the bar
    /// as the page that stays wants it, a finished one as the page below wants it.
    @Test func theNavigationBarFollowsThePageThatStaysAfterACancelledPop() {
        final class Page: ViewController {
            var hidesBar = false
            override func viewWillAppear(_ animated: Bool) {
                navigationController?.setNavigationBarHidden(hidesBar, animated: animated)
            }
        }
        let stage = Stage()
        let a = Page(title: "A")
        let nav = NavigationController(rootViewController: a)
        stage.window.rootViewController = nav
        let b = Page(title: "B")
        b.hidesBar = true
        nav.pushViewController(b, animated: true)
        #expect(stage.settle())
        #expect(nav.isNavigationBarHidden)
        edgeSwipe(stage, to: 100)
        #expect(stage.settle())
        #expect(nav.viewControllers.count == 2)
        #expect(nav.isNavigationBarHidden)
        edgeSwipe(stage, to: 300)
        #expect(stage.settle())
        #expect(nav.viewControllers.count == 1)
        #expect(!nav.isNavigationBarHidden)
        #expect(nav.navigationBar.presentation.frame.minY == 0)
        #expect(nav.navigationBar.label == "A")
    }

    @Test(arguments: [0.0, 0.5, 1.0])
    func aCompletionSpeedOfZeroDoesNotHang(percent: Double) {
        for finishes in [true, false] {
            let (stage, nav) = makeNavigationStage(["A", "B"])
            let driver = PercentDrivenInteractiveTransition()
            let delegate = FixedDelegate(SlidePopAnimator(), driver)
            nav.delegate = delegate
            nav.popViewController(animated: true)
            stage.step()
            driver.update(percent)
            stage.step()
            driver.completionSpeed = 0
            if finishes { driver.finish() } else { driver.cancel() }
            #expect(stage.settle(limit: 1), "percent \(percent), finishes \(finishes)")
            #expect(nav.viewControllers.count == (finishes ? 1 : 2))
            expectTopShows(nav.topViewController!, in: stage)
            withExtendedLifetime(delegate) {}
        }
    }

    /// A delegate that hands out an interaction controller for a button push (nothing
    /// will ever drive it): the transition is ended by the idle watchdog, not left
    /// frozen half way.
    @Test func anInteractionControllerReturnedWithNoGestureRunningDoesNotFreeze() {
        let (stage, nav) = makeNavigationStage(["A"])
        let delegate = FixedDelegate(SlidePopAnimator(), PercentDrivenInteractiveTransition())
        nav.delegate = delegate
        nav.pushViewController(ViewController(title: "B"), animated: true)
        #expect(stage.settle(limit: stage.watchdogGrace + 2))
        #expect(!stage.window.hasActiveGesture)
        #expect(stage.transitionEvents.count == 2)
        #expect(stage.diagnostics.contains { $0.message.contains("undriven") })
        let top = nav.topViewController!
        #expect(nav.transitionView.subviews.map { $0 === top.view } == [true])
        expectTopShows(top, in: stage)
        withExtendedLifetime(delegate) {}
    }

    @Test func pushingTheSameControllerTwiceInARowShowsItOnce() {
        let (stage, nav) = makeNavigationStage(["A"])
        let b = ViewController(title: "B")
        #expect(nav.pushViewController(b, animated: true) == nil)
        // Asked while the first push runs: refused when its turn comes.
        #expect(nav.pushViewController(b, animated: true) == nil)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["A", "B"])
        #expect(nav.children.count == 2)
        #expect(nav.transitionView.subviews.map { $0 === b.view } == [true])
        #expect(stage.transitionEvents.map(\.kind) == [.began, .completed, .error])
        // Once on the stack, a push of it (or of a controller lower down) is refused at once.
        #expect(nav.pushViewController(b, animated: true)?.code == .pushingDuplicate)
        #expect(nav.pushViewController(nav.viewControllers[0], animated: true)?.code == .pushingDuplicate)
        #expect(!stage.isTransitioning)
        expectTopShows(b, in: stage)
    }

    /// A push asked for while a finger drives a pop waits for the pop to end.
    @Test func aPushDuringARunningInteractivePopWaitsForIt() {
        let (stage, nav) = makeNavigationStage(["A", "B"])
        Finger(stage: stage).drag(from: Point(x: 5, y: 400), to: Point(x: 250, y: 400), duration: 0.3, hold: 0.1, release: false)
        #expect(stage.isTransitioning)
        nav.pushViewController(ViewController(title: "C"), animated: true)
        #expect(stage.hasPendingOperations)
        stage.window.touch(.ended, at: Point(x: 250, y: 400), id: 1)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["A", "C"])
        #expect(stage.transitionEvents.map(\.operation) == [.push, .pop, .pop, .push, .push])
        #expect(stage.transitionEvents.map(\.kind) == [.applied, .began, .completed, .began, .completed])
        expectTopShows(nav.viewControllers[1], in: stage)
    }

    /// The page's own horizontal pan (a carousel, which lets the back gesture have the
    /// edge, as UIKit apps do with require(toFail:)) is running when a second finger
    /// comes down at the left edge: the back gesture does not begin, nothing pops.
    @Test func aPopGestureWhileAnotherPanIsActiveDoesNotPop() {
        let (stage, nav) = makeNavigationStage(["A", "B"])
        let carousel = PanGestureRecognizer()
        carousel.require(toFail: nav.interactivePopGestureRecognizer)
        var carouselStates: [GestureRecognizer.State] = []
        carousel.addAction { carouselStates.append($0.state) }
        nav.topViewController!.view.addGestureRecognizer(carousel)
        stage.window.touch(.began, at: Point(x: 200, y: 400), id: 1)
        for x in stride(from: 180.0, through: 100, by: -20) {
            stage.step()
            stage.window.touch(.moved, at: Point(x: x, y: 400), id: 1)
        }
        #expect(carousel.state == .changed)
        stage.window.touch(.began, at: Point(x: 5, y: 400), id: 2)
        for x in stride(from: 25.0, through: 300, by: 25) {
            stage.step()
            stage.window.touch(.moved, at: Point(x: x, y: 400), id: 2)
        }
        #expect(!stage.isTransitioning)
        stage.window.touch(.ended, at: Point(x: 300, y: 400), id: 2)
        stage.window.touch(.ended, at: Point(x: 100, y: 400), id: 1)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["A", "B"])
        #expect(stage.transitionEvents.allSatisfy { $0.kind == .applied }, "no transition, only the set-up")
        #expect(carouselStates.first == .began && carouselStates.last == .ended)
        // With the carousel idle, the back gesture works.
        edgeSwipe(stage, to: 300)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["A"])
    }
}
