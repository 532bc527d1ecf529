import StagehandCore

/// A run under way: what `ScenarioRunner.begin` set up, which its steps act on.
public final class ScenarioRun {
    public let stage: Stage
    public let coordinator: Coordinator
    /// Records every frame from the start (unless the runner records none).
    public let recorder: TraceRecorder
    /// The one finger of the scenario's drags.
    public let finger: Finger
    /// The two fingers of its pinches and two-finger drags (ids apart from the drag's).
    let pair: ScriptedFingers

    init(stage: Stage, coordinator: Coordinator, recorder: TraceRecorder, finger: Finger) {
        self.stage = stage; self.coordinator = coordinator; self.recorder = recorder; self.finger = finger
        pair = ScriptedFingers(stage: stage, ids: [2, 3])
    }
}
