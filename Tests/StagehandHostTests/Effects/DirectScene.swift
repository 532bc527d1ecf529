import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// A scene built directly with a coordinator (for what a scenario cannot script: a
/// controller's flags, a touch the system cancels), recorded as a scenario is.
final class DirectScene {
    let stage: Stage
    var coordinator: Coordinator?
    let nav: NavigationController
    private let recorder: TraceRecorder
    private var touchID = 10

    init(choices: [(CoordinatorRole, String)], width: Double = 390) {
        stage = Stage(screen: Size(width: width, height: 844), framesPerSecond: 60)
        let coordinator = Coordinator(library: BuiltInEffects.library, stage: stage)
        for (role, name) in choices {
            do {
                try coordinator.use(name, for: role)
            } catch {
                Issue.record("\(name): \(error.description)")
            }
        }
        nav = coordinator.makeNavigationController(root: ViewController(title: "Root"))
        coordinator.setRoot(nav)
        self.coordinator = coordinator
        recorder = TraceRecorder(stage: stage) { [weak coordinator] in coordinator?.topNavigationController }
        recorder.start()
    }

    /// One finger from x `from` to x `to` at y = 400 over 0.3 s (one event a frame), held
    /// still 0.2 s, then lifted (or cancelled by the system).
    func drag(from: Double, to: Double, cancel: Bool = false) {
        touchID += 1
        let y = 400.0
        stage.window.send(Touch(id: touchID, phase: .began, location: Point(x: from, y: y), timestamp: stage.now))
        let frames = 18
        for i in 1...frames {
            stage.step()
            let x = from + (to - from) * Double(i) / Double(frames)
            stage.window.send(Touch(id: touchID, phase: .moved, location: Point(x: x, y: y), timestamp: stage.now))
        }
        stage.advance(by: 0.2)
        stage.window.send(Touch(id: touchID, phase: cancel ? .cancelled : .ended, location: Point(x: to, y: y),
                                timestamp: stage.now))
    }

    /// Settles the scene and returns it as a scenario result.
    func finish() -> ScenarioResult {
        stage.settle(limit: 10)
        stage.step()
        return ScenarioResult(trace: recorder.trace, stage: stage, coordinator: coordinator!)
    }
}
