import Testing
@testable import StagehandCore

@Suite struct PresentationTests {
    func rootStage() -> (Stage, ViewController) {
        let stage = Stage()
        let root = ViewController(title: "Root")
        stage.window.rootViewController = root
        return (stage, root)
    }

    @Test func fullScreenPresentationRemovesThePresenterAndDismissalPutsItBack() {
        let (stage, root) = rootStage()
        let modal = ViewController(title: "Modal")
        var presented = false, dismissed = false
        root.present(modal, animated: true) { presented = true }
        stage.advance(by: 0.2)
        #expect(root.view.window != nil)          // still there during the transition
        #expect(stage.settle())
        #expect(presented)
        #expect(root.presentedViewController === modal)
        #expect(modal.presentingViewController === root)
        #expect(root.view.window == nil)          // off screen after a full-screen one
        #expect(modal.view.window != nil)
        modal.dismiss(animated: true) { dismissed = true }
        stage.step()
        #expect(root.view.window != nil)          // back as the dismissal starts
        #expect(stage.settle())
        #expect(dismissed)
        #expect(root.presentedViewController == nil)
        #expect(modal.view.window == nil)
        #expect(stage.window.subviews.count == 1)
    }

    @Test func overFullScreenKeepsThePresenter() {
        let (stage, root) = rootStage()
        let modal = ViewController(title: "Sheet")
        modal.modalPresentationStyle = .overFullScreen
        root.present(modal, animated: true)
        #expect(stage.settle())
        #expect(root.view.window != nil)
        #expect(stage.window.subviews.count == 2)
    }

    @Test func presentingTwiceIsRefused() {
        let (stage, root) = rootStage()
        root.present(ViewController(title: "One"), animated: false)
        let error = root.present(ViewController(title: "Two"), animated: false)
        #expect(error?.code == .alreadyPresenting)
        #expect(error?.message.contains("which is already presenting") == true)
        _ = stage
    }

    @Test func aPresentAskedForDuringAPushWaitsForIt() {
        let (stage, nav) = makeNavigationStage(["Inbox"])
        nav.pushViewController(ViewController(title: "Detail"), animated: true)
        stage.step()
        nav.present(ViewController(title: "Compose"), animated: true)
        #expect(nav.presentedViewController == nil)
        #expect(stage.settle())
        #expect(nav.presentedViewController?.title == "Compose")
        #expect(stage.transitionEvents.map(\.operation) == [.push, .push, .present, .present])
    }

    @Test func aCancelledInteractiveDismissalLeavesThePresentationAsItWas() {
        final class Slide: AnimatedTransitioning {
            func transitionDuration(using context: TransitionContext?) -> Double { 0.5 }
            func animateTransition(using context: TransitionContext) {
                let v = context.view(forKey: .from)!
                View.animate(withDuration: 0.5, animations: { v.center.y += 844 }, completion: { _ in
                    context.completeTransition(!context.transitionWasCancelled)
                })
            }
        }
        final class Delegate: TransitioningDelegate {
            let driver = PercentDrivenInteractiveTransition()
            func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? { Slide() }
            func interactionControllerForDismissal(using animator: AnimatedTransitioning) -> InteractiveTransitioning? { driver }
        }
        let (stage, root) = rootStage()
        let modal = ViewController(title: "Modal")
        let delegate = Delegate()
        modal.transitioningDelegate = delegate
        root.present(modal, animated: false)
        stage.step()
        let before = sceneSignature(stage.window)
        modal.dismiss(animated: true)
        stage.step()
        delegate.driver.update(0.3)
        stage.step()
        #expect(abs(modal.view.presentation.center.y - (422 + TimingCurve.easeInOut.progress(at: 0.3) * 844)) < 1e-6)
        delegate.driver.cancel()
        #expect(stage.settle())
        #expect(root.presentedViewController === modal)
        #expect(sceneSignature(stage.window) == before)
        #expect(stage.transitionEvents.map(\.kind) == [.applied, .began, .cancelled])
    }
}
