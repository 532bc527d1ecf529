import StagehandCore
import StagehandHost

/// The steps a live stage has performed, as a scenario that replays them: every frame
/// is either a step's own (a drag's move) or a wait, so the replay steps the same frames
/// with the same touches at the same times.
struct SessionRecording {
    enum Entry: Equatable {
        case step(ScenarioStep)
        /// Frames that passed with nothing done (consecutive ones merged).
        case frames(Int)
    }

    /// The scenario's screen, root and navigation effects (its steps are `entries`).
    var header: Scenario
    private(set) var entries: [Entry] = []
    /// Frames stepped so far, the waits' and the drags'.
    private(set) var frameCount = 0

    init(header: Scenario) {
        self.header = header
    }

    mutating func append(_ step: ScenarioStep, frames: Int) {
        entries.append(.step(step))
        frameCount += frames
    }

    mutating func wait(frames: Int) {
        if case .frames(let n)? = entries.last {
            entries[entries.count - 1] = .frames(n + frames)
        } else {
            entries.append(.frames(frames))
        }
        frameCount += frames
    }

    /// The scenario file's text (see Documentation/Scenario.md), `settle` 0: the
    /// recording ends where it ends.
    func scenarioText() -> String {
        ScenarioFile.text(header, entries: entries)
    }
}
