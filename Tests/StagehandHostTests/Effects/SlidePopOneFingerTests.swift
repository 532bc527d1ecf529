import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

extension SlidePopTests {
    /// The recipe's pan allows one finger (`maximumNumberOfTouches = 1`): the effect's
    /// setting reaches the host's pan, and a second finger moving 90 pt while the first
    /// drives the pop does not move the page (with no limit the centroid, and so the
    /// page, would move 45 pt).
    @Test func aSecondFingerDoesNotMoveTheSlidePop() throws {
        let scene = DirectScene(choices: [(.interactivePop, "slide-pop")])
        scene.nav.pushViewController(ViewController(title: "Detail"), animated: false)
        scene.stage.step()
        let pan = try #require(scene.nav.view.gestureRecognizers.compactMap { $0 as? PanGestureRecognizer }
            .first { !($0 is ScreenEdgePanGestureRecognizer) })
        #expect(pan.maximumNumberOfTouches == 1)
        let detail = try #require(scene.nav.topViewController?.view)

        let first = Finger(stage: scene.stage, id: 21), second = Finger(stage: scene.stage, id: 22)
        first.touchDown(at: Point(x: 40, y: 400))
        first.move(to: Point(x: 40 + 0.2 * width, y: 400), duration: 0.2)
        #expect(pan.state == .changed)
        scene.stage.step()  // the frame that shows the last update
        let before = detail.presentation.transform.tx
        // Under the finger, less what the pan needed to begin (it starts at zero).
        #expect(before > 0.1 * width && before <= 0.2 * width + 1e-6, "\(before)")
        second.touchDown(at: Point(x: 200, y: 600))
        second.move(to: Point(x: 290, y: 600), duration: 0.2)
        #expect(pan.numberOfTouches == 1)
        #expect(abs(detail.presentation.transform.tx - before) < 1e-9, "the second finger moved the page")
        second.lift()
        #expect(pan.state == .changed, "lifting the ignored finger ends nothing")
        first.move(to: Point(x: 40 + 0.7 * width, y: 400), duration: 0.2)
        first.lift()
        let result = scene.finish()
        #expect(result.trace.events.filter { $0.operation == "pop" }.map(\.kind) == ["began", "completed"])
        #expect(result.trace.frames.last?.stack == ["Root"])
        expectSettled(result)
    }
}
