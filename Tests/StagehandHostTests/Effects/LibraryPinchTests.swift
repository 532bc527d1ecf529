import Foundation
import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// The pinch of libAnimators3D.so's effects (portal's default gesture):
/// VCTransitionsLibrary's pinch interaction, progress = 1 − scale (the fingers'
/// distance over their distance when the pinch began), finishing when released past
/// half way, cancelled at or before it and when the system cancels the touches.
///
/// portal pops with the to-view's doors closing from the sides (linear while driven):
/// the left door at x = −W/2·(1 − p), the right at W/2 + W/2·(1 − p).
@Suite struct LibraryPinchTests {
    /// A scene whose navigation controller pushes, pops and pinches to pop with portal,
    /// with Detail pushed; then two fingers 300 pt apart, closing about the centre to
    /// `scale` of that distance over 0.3 s, held 0.2 s, then lifted (or cancelled).
    static func pinchedPop(to scale: Double, cancel: Bool = false) -> (result: ScenarioResult, releasedAt: Double) {
        let stage = Stage(screen: Size(width: Library.width, height: Library.height), framesPerSecond: 120)
        let coordinator = Coordinator(library: BuiltInEffects.library, stage: stage)
        for role in [CoordinatorRole.push, .pop, .interactivePop] {
            do { try coordinator.use("portal", for: role) } catch { Issue.record("portal: \(error.description)") }
        }
        let nav = coordinator.makeNavigationController(root: ViewController(title: "Root"))
        coordinator.setRoot(nav)
        let recorder = TraceRecorder(stage: stage) { [weak coordinator] in coordinator?.topNavigationController }
        recorder.start()
        _ = nav.pushViewController(ViewController(title: "Detail"), animated: true)
        stage.advance(by: 1.5)
        let centre = Point(x: Library.width / 2, y: 400)
        func send(_ phase: TouchPhase, apart distance: Double) {
            for (id, side) in [(1, -1.0), (2, 1.0)] {
                stage.window.send(Touch(id: id, phase: phase, location: Point(x: centre.x + side * distance / 2, y: centre.y),
                                        timestamp: stage.now))
            }
        }
        send(.began, apart: 300)
        let frames = 36
        for i in 1...frames {
            stage.step()
            send(.moved, apart: 300 * (1 - (1 - scale) * Double(i) / Double(frames)))
        }
        stage.advance(by: 0.2)
        let releasedAt = stage.now
        send(cancel ? .cancelled : .ended, apart: 300 * scale)
        stage.settle(limit: 10)
        stage.step()
        return (ScenarioResult(trace: recorder.trace, stage: stage, coordinator: coordinator), releasedAt)
    }

    /// The held progress, checked against the doors; and the event that ended the pop.
    static func expectHeld(_ run: (result: ScenarioResult, releasedAt: Double), near target: Double,
                           sourceLocation: SourceLocation = #_sourceLocation) -> Double? {
        let held = run.result.trace.frames.last { $0.t <= run.releasedAt + 1e-9 && $0.percent != nil }
        guard let held, let p = held.percent else {
            Issue.record("the pinch drove nothing: \(Library.events(run.result))", sourceLocation: sourceLocation)
            return nil
        }
        // The pinch begins once the fingers have moved a little, so its scale is measured
        // from a slightly smaller distance than 300.
        #expect(abs(p - target) < 0.03, "held at \(p), pinched to \(target)", sourceLocation: sourceLocation)
        let doors = Library.topSnapshots(in: held)
        #expect(doors.count == 2, sourceLocation: sourceLocation)
        if doors.count == 2 {
            let w = Library.width, h = Library.height
            Library.expectCorners(doors[0], [[-w / 2 * (1 - p), 0], [w / 2 * p, 0], [w / 2 * p, h], [-w / 2 * (1 - p), h]],
                                  "left door held at \(p)", sourceLocation: sourceLocation)
        }
        return p
    }

    @Test(arguments: [0.2, 0.46])
    func aPinchReleasedBeforeHalfWayCancels(_ closing: Double) throws {
        let run = Self.pinchedPop(to: 1 - closing), result = run.result
        let p = Self.expectHeld(run, near: closing)
        #expect((p ?? 1) <= 0.5)
        #expect(Library.events(result).suffix(2) == ["began portal pop true", "cancelled portal pop true"])
        Library.expectEnd(result, stack: ["Root", "Detail"])
    }

    @Test(arguments: [0.56, 0.8])
    func aPinchReleasedPastHalfWayFinishes(_ closing: Double) throws {
        let run = Self.pinchedPop(to: 1 - closing), result = run.result
        let p = Self.expectHeld(run, near: closing)
        #expect((p ?? 0) > 0.5)
        #expect(Library.events(result).suffix(2) == ["began portal pop true", "completed portal pop true"])
        Library.expectEnd(result, stack: ["Root"])
    }

    @Test func aPinchTheSystemCancelsCancels() throws {
        let result = Self.pinchedPop(to: 0.2, cancel: true).result
        #expect(Library.events(result).suffix(2) == ["began portal pop true", "cancelled portal pop true"])
        Library.expectEnd(result, stack: ["Root", "Detail"])
    }
}
