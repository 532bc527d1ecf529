import StagehandCore

/// A run under way: what `ScenarioRunner.begin` set up, which its steps act on.
package final class ScenarioRun {
    package let stage: Stage
    package let coordinator: Coordinator
    /// Records every frame from the start (unless the runner records none).
    package let recorder: TraceRecorder
    /// The one finger of the scenario's drags.
    package let finger: Finger
    /// The two fingers of its pinches and two-finger drags (ids apart from the drag's).
    let pair: ScriptedFingers
    /// The scenario the run began with: its `screens` give the content of the screens
    /// its steps make.
    let scenario: Scenario

    init(stage: Stage, coordinator: Coordinator, recorder: TraceRecorder, finger: Finger, scenario: Scenario) {
        self.stage = stage; self.coordinator = coordinator; self.recorder = recorder; self.finger = finger
        pair = ScriptedFingers(stage: stage, ids: [2, 3])
        self.scenario = scenario
    }
}
