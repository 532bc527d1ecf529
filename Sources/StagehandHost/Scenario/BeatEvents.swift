import StagehandCore

/// What each beat of a standard scenario's run did, told by the run itself: the
/// transitions' beginnings and ends, each as a whole number of frames after the beat
/// began, and whether the scene was settled (no transition running, none queued, no
/// animation) when the wait after each beat was over.
///
/// Two runs of the same plan whose beats hold the same events decide the same waits
/// (`StandardScenario.Plan.waits` reads only the ends, and only by frame): that is how
/// a run on light screens is known to have predicted the waits of one on the full ones.
final class BeatEvents {
    /// One transition event, its time counted in frames from the start of the beat it
    /// happened in (beat -1: the lead, before the first; one past the last: after the
    /// last beat's wait).
    struct Entry: Hashable {
        var beat: Int
        var frame: Int
        var kind: String
        var effect: String
        var operation: String
        var interactive: Bool
    }

    /// The frame at which each beat began, and at which the wait after the last one was
    /// over (one more than the beats).
    private(set) var boundaries: [Int] = []
    /// Whether the scene was settled at every boundary.
    private(set) var settledAtEveryBoundary = true

    /// For `ScenarioRunner.run`'s `afterStep` on a scenario of `Plan.scenario`, whose
    /// steps are the lead's wait, then each beat followed by its wait: every even index
    /// is a wait, after which a beat begins (or the run ends).
    func afterStep(_ index: Int, _ stage: Stage, _ coordinator: Coordinator) {
        guard index % 2 == 0 else { return }
        boundaries.append(stage.frameIndex)
        if !stage.isSettled {
            settledAtEveryBoundary = false
        }
    }

    /// Every transition event of `trace` (the run's), by beat, in order; nil when the run
    /// did not pass through `beatCount` beats.
    func entries(of trace: Trace, beatCount: Int) -> [Entry]? {
        guard boundaries.count == beatCount + 1 else { return nil }
        let fps = Double(trace.fps)
        let transitional: Set<String> = ["began", "completed", "cancelled"]
        return trace.events.filter { transitional.contains($0.kind) }.map { event in
            // Event times are rounded to the microsecond: the nearest frame is theirs.
            let frame = Int((event.t * fps).rounded())
            let beat = (boundaries.lastIndex { $0 <= frame } ?? -1)
            let start = beat < 0 ? 0 : boundaries[beat]
            return Entry(beat: beat, frame: frame - start, kind: event.kind, effect: event.effect,
                         operation: event.operation, interactive: event.interactive)
        }
    }
}
