import Testing
@testable import StagehandCore

@Suite struct NavigationRulesTests {
    @Test func pushingANavigationControllerIsRefused() {
        let (stage, nav) = makeNavigationStage(["Inbox"])
        let error = nav.pushViewController(NavigationController(rootViewController: ViewController(title: "Other")), animated: true)
        #expect(error?.message.contains("Pushing a navigation controller is not supported") == true)
        #expect(nav.viewControllers.count == 1)
        #expect(!stage.isTransitioning)
        #expect(stage.transitionEvents.last?.kind == .error)
    }

    @Test func pushingTheSameControllerTwiceIsRefused() {
        let (stage, nav) = makeNavigationStage(["Inbox"])
        let detail = ViewController(title: "Detail")
        #expect(nav.pushViewController(detail, animated: false) == nil)
        let error = nav.pushViewController(detail, animated: false)
        #expect(error?.code == .pushingDuplicate)
        #expect(nav.viewControllers.map(\.title) == ["Inbox", "Detail"])
        _ = stage
    }

    @Test func poppingTheRootDoesNothingAndSaysSo() {
        let (stage, nav) = makeNavigationStage(["Inbox"])
        let before = sceneSignature(stage.window)
        #expect(nav.popViewController(animated: true) == nil)
        stage.advance(by: 1)
        #expect(nav.viewControllers.count == 1)
        #expect(sceneSignature(stage.window) == before)
        #expect(stage.diagnostics.contains { $0.message.contains("root view controller does nothing") })
    }

    @Test func aPushDuringAPushIsQueuedAndBothEndInOrder() {
        let (stage, nav) = makeNavigationStage(["Inbox"])
        let a = ViewController(title: "A"), b = ViewController(title: "B")
        nav.pushViewController(a, animated: true)
        stage.step()
        #expect(stage.isTransitioning)
        nav.pushViewController(b, animated: true)
        #expect(nav.viewControllers.map(\.title) == ["Inbox", "A"])
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["Inbox", "A", "B"])
        let events = stage.transitionEvents
        #expect(events.map(\.kind) == [.began, .completed, .began, .completed])
        #expect(events.allSatisfy { $0.operation == .push })
        #expect(events[1].time <= events[2].time)
        #expect(nav.transitionView.subviews.map { $0.viewController?.title } == ["B"])
    }

    @Test func pushThenPopWithTheSystemAnimation() {
        let (stage, nav) = makeNavigationStage(["Inbox"])
        let detail = ViewController(title: "Detail")
        nav.pushViewController(detail, animated: true)
        stage.advance(by: 0.175)
        // The incoming view slides in from the right edge along 0.35 s of ease-in-out.
        let expected = 390 * (1 - TimingCurve.easeInOut.progress(at: stage.now / 0.35))
        #expect(abs(detail.view.presentation.transform.tx - expected) < 1e-6)
        #expect(stage.settle())
        #expect(detail.parent === nav)
        #expect(detail.view.model.transform.isIdentity)
        #expect(nav.popViewController(animated: true) === detail)
        #expect(stage.settle())
        #expect(detail.parent == nil)
        #expect(nav.viewControllers.map(\.title) == ["Inbox"])
    }

    /// An animator's view of the bar as it sets a transition up: UIKit cross-fades the
    /// title over the transition, so at the start it still shows the old one (what a
    /// snapshot of the screen taken there must show); the new title follows at once.
    @Test func theBarShowsTheOldTitleWhileTheAnimatorSetsUpAndTheNewOneAfter() {
        final class BarReader: AnimatedTransitioning {
            weak var nav: NavigationController?
            var seen: [String?] = []
            func transitionDuration(using context: TransitionContext?) -> Double { 0.3 }
            func animateTransition(using context: TransitionContext) {
                seen.append(nav?.navigationBar.label)
                let to = context.viewController(forKey: .to).view
                context.containerView.addSubview(to)
                View.animate(withDuration: 0.3, animations: { to.alpha = 1 }, completion: { _ in
                    context.completeTransition(!context.transitionWasCancelled)
                })
            }
        }
        let (stage, nav) = makeNavigationStage(["Inbox"])
        let reader = BarReader()
        reader.nav = nav
        let delegate = FixedDelegate(reader)
        nav.delegate = delegate
        nav.pushViewController(ViewController(title: "Detail"), animated: true)
        stage.step()
        #expect(reader.seen == ["Inbox"])
        #expect(nav.navigationBar.label == "Detail")
        #expect(stage.settle())
        nav.popViewController(animated: true)
        stage.step()
        #expect(reader.seen == ["Inbox", "Detail"])
        #expect(nav.navigationBar.label == "Inbox")
        #expect(stage.settle())
        #expect(nav.navigationBar.label == "Inbox")
    }

    @Test func popToRootPopsEverythingAboveIt() {
        let (stage, nav) = makeNavigationStage(["A", "B", "C", "D"])
        let popped = nav.popToRootViewController(animated: true)
        #expect(popped?.map(\.title) == ["B", "C", "D"])
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["A"])
        #expect(nav.children.count == 1)
    }

    @Test func setViewControllersAnimatedReplacesTheStack() {
        let (stage, nav) = makeNavigationStage(["A", "B"])
        let c = ViewController(title: "C")
        nav.setViewControllers([nav.viewControllers[0], c], animated: true)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["A", "C"])
        #expect(nav.children.map(\.title) == ["A", "C"])
        #expect(nav.transitionView.subviews.count == 1)
    }

    @Test func containmentCallbacksComeInUIKitsOrder() {
        final class Recorder: ViewController {
            var log: [String] = []
            override func willMove(toParent parent: ViewController?) { log.append("will:\(parent?.title ?? "nil")") }
            override func didMove(toParent parent: ViewController?) { log.append("did:\(parent?.title ?? "nil")") }
        }
        let (stage, nav) = makeNavigationStage(["Root"])
        nav.title = "Nav"
        let r = Recorder(title: "R")
        nav.pushViewController(r, animated: true)
        #expect(stage.settle())
        nav.popViewController(animated: true)
        #expect(stage.settle())
        #expect(r.log == ["will:Nav", "did:Nav", "will:nil", "did:nil"])
    }
}
