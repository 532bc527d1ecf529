import Testing
@testable import StagehandCore

/// A presentation covers the views under it: a gesture under way in them is taken
/// away, as UIKit's window does, so a finger that went down before a modal appeared
/// cannot drive what is now hidden under it.
@Suite struct CoveredGestureTests {
    @Test(arguments: [ModalPresentationStyle.overFullScreen, .custom, .fullScreen])
    func aFingerDownBeforeAModalAppearedDoesNotPopTheNavigationControllerUnderIt(style: ModalPresentationStyle) {
        let (stage, nav) = makeNavigationStage(["Inbox", "Detail"])
        stage.window.touch(.began, at: Point(x: 5, y: 400))
        stage.step()
        let modal = ViewController(title: "Modal")
        modal.modalPresentationStyle = style
        nav.present(modal, animated: true)
        #expect(stage.settle())
        #expect(nav.interactivePopGestureRecognizer.state == .failed)
        for x in stride(from: 20.0, through: 320, by: 20) {
            stage.step()
            stage.window.touch(.moved, at: Point(x: x, y: 400))
        }
        stage.step()
        stage.window.touch(.ended, at: Point(x: 320, y: 400))
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["Inbox", "Detail"])
        #expect(!stage.transitionEvents.contains { $0.operation == .pop })
        #expect(nav.presentedViewController === modal)
    }

    @Test func aRunningGestureUnderAPresentationIsCancelled() {
        let stage = Stage()
        let root = ViewController(title: "Root")
        stage.window.rootViewController = root
        let pan = PanGestureRecognizer()
        var states: [GestureRecognizer.State] = []
        pan.addAction { states.append($0.state) }
        root.view.addGestureRecognizer(pan)
        stage.window.touch(.began, at: Point(x: 100, y: 400))
        for x in [120.0, 140, 160] {
            stage.step()
            stage.window.touch(.moved, at: Point(x: x, y: 400))
        }
        #expect(pan.state == .changed)
        let modal = ViewController(title: "Modal")
        modal.modalPresentationStyle = .overFullScreen
        root.present(modal, animated: false)
        #expect(pan.state == .cancelled)
        #expect(states.last == .cancelled)
        stage.step()
        stage.window.touch(.moved, at: Point(x: 200, y: 400))
        stage.window.touch(.ended, at: Point(x: 200, y: 400))
        #expect(states.last == .cancelled)
        #expect(states.filter { $0 == .cancelled }.count == 1)
    }

    /// The presented controller's own gestures are not covered by its presentation.
    @Test func aGestureInThePresentedViewItselfKeepsGoing() {
        let stage = Stage()
        let root = ViewController(title: "Root")
        stage.window.rootViewController = root
        let modal = ViewController(title: "Modal")
        modal.modalPresentationStyle = .overFullScreen
        root.present(modal, animated: false)
        let pan = PanGestureRecognizer()
        modal.view.addGestureRecognizer(pan)
        stage.window.touch(.began, at: Point(x: 100, y: 400))
        for x in [120.0, 140, 160] {
            stage.step()
            stage.window.touch(.moved, at: Point(x: x, y: 400))
        }
        stage.window.touch(.ended, at: Point(x: 160, y: 400))
        #expect(pan.state == .ended)
    }
}
