import StagehandCore
import StagehandHost
import StagehandTrace

/// One stage driven live: a scenario run begun with `ScenarioRunner.begin` whose steps
/// are decided as input arrives, one frame per `tick`, every step recorded so the
/// exported scenario replays to the same trace.
///
/// Input is queued and applied at the next tick: pointer moves within one frame are
/// merged into one move (the stage's finger moves once per frame, as UIKit delivers
/// touches once per display refresh); a press, a release or an operation is performed
/// between frames, as a scenario's step is. Not thread-safe: its session calls it from
/// one queue.
final class LiveStage {
    enum Input {
        case pointer(ClientMessage.PointerPhase, Point, sequence: Int?)
        case operation(ClientMessage.Operation)
    }

    /// The most frames recorded: ten minutes at 60 fps. Past that the stage goes on but
    /// records nothing more (and says so).
    static let recordingLimit = 36_000

    /// The most bytes a recording holds (its frames packed, see `RecordedFrames`; a frame
    /// that repeats the last one shares its numbers and costs a few bytes): what bounds a
    /// recording's memory when the stage keeps moving (explode's 220 tiles fill it in
    /// about 20 s of motion, a push of two screens in hours). Past it the stage goes on
    /// unrecorded, as past `recordingLimit`.
    static let byteLimit = 64 << 20

    let effect: EffectInfo?
    let parameters: [String: String]
    let operations: EffectOperations
    private let runner: ScenarioRunner
    private var run: ScenarioRun!
    private(set) var recording: SessionRecording
    /// The recorded frames (the trace's), up to `recordingLimit` and `byteLimit`.
    private(set) var frames = RecordedFrames()
    private(set) var latest: Trace.Frame?
    private(set) var recordingFull = false
    private let byteLimit: Int
    /// The sequence number of the last pointer event applied.
    private(set) var acknowledged: Int?
    private var inbox: [Input] = []
    /// Where the stage's finger is (nil: up), and where it will be once the inbox is applied.
    private var finger: Point?
    private var fingerPlanned = false
    private var pages = 1

    var frameDuration: Double { 1 / Double(recording.header.framesPerSecond) }
    var isDragging: Bool { finger != nil }
    var fps: Int { recording.header.framesPerSecond }
    var screen: Size { recording.header.screen }

    init(library: EffectLibrary, effect: EffectInfo?, parameters: [String: String], byteLimit: Int = LiveStage.byteLimit,
         diagnostics: @escaping (Diagnostic) -> Void) {
        self.effect = effect
        self.byteLimit = byteLimit
        self.parameters = parameters
        operations = EffectOperations(effect: effect)
        var header = operations.scenario
        // The values chosen on the page travel in the recording, so it replays alone.
        if let effect, !parameters.isEmpty { header.parameters = [effect.name: parameters] }
        recording = SessionRecording(header: header)
        runner = ScenarioRunner(library: library)
        // The stage is made current only while this stage's calls run (see `driving`):
        // the session's queue runs on whichever thread Dispatch picks.
        run = Stage.withCurrent(nil) {
            runner.begin(recording.header, diagnostics: diagnostics, frames: { [unowned self] frame in self.record(frame) })
        }
    }

    private func record(_ frame: Trace.Frame) {
        var frame = frame
        // A frame that shows what the last one did shares its storage, here as in the
        // recording: the page's comparisons of frames then stay cheap.
        if let last = latest {
            if last.views == frame.views { frame.views = last.views }
            if last.stack == frame.stack { frame.stack = last.stack }
            if last.presented == frame.presented { frame.presented = last.presented }
        }
        latest = frame
        guard !recordingFull else { return }
        frames.append(frame)
        if frames.count >= Self.recordingLimit || frames.bytes >= byteLimit { recordingFull = true }
    }

    /// Queues `input`; returns why it is refused (out of order) instead.
    func enqueue(_ input: Input) -> String? {
        switch input {
        case .pointer(let phase, _, _):
            switch phase {
            case .down where fingerPlanned:
                return "pointer down while the pointer is already down: ignored (a release or cancel must come first)"
            case .move where !fingerPlanned, .up where !fingerPlanned, .cancel where !fingerPlanned:
                return "pointer \(phase.rawValue) without a pointer down first: ignored"
            case .down: fingerPlanned = true
            case .up, .cancel: fingerPlanned = false
            case .move: break
            }
        case .operation(let operation):
            guard operations.operations.contains(operation) else {
                let what = effect.map { "\($0.name) is a \($0.kind.rawValue) effect" } ?? "with no effect chosen"
                return "operation \(operation.rawValue): \(what); its operations are \(operations.operations.map(\.rawValue).joined(separator: ", "))"
            }
        }
        inbox.append(input)
        return nil
    }

    /// Runs `body` with this stage current on the calling thread.
    private func driving<R>(_ body: () -> R) -> R {
        Stage.withCurrent(run.stage, body)
    }

    /// Advances exactly one frame, applying what was queued since the last tick.
    func tick() {
        driving { tickNow() }
    }

    private func tickNow() {
        var stepped = false
        var move: (Point, Int?)?
        var index = 0
        while index < inbox.count {
            let input = inbox[index]
            if case .pointer(.move, let point, let sequence) = input {
                move = (point, sequence)
                index += 1
                continue
            }
            if let (point, sequence) = move {
                if stepped { break }
                stepped = self.move(to: point)
                acknowledged = sequence ?? acknowledged
                move = nil
            }
            perform(input)
            index += 1
        }
        inbox.removeFirst(index)
        if let (point, sequence) = move {
            if stepped {
                inbox.insert(.pointer(.move, point, sequence: sequence), at: 0)
            } else {
                stepped = self.move(to: point)
                acknowledged = sequence ?? acknowledged
            }
        }
        if !stepped {
            run.stage.step()
            if !recordingFull { recording.wait(frames: 1) }
        }
    }

    /// The finger's move to `point` as a one-frame move of the touch; false (no frame stepped) when
    /// it does not move.
    private func move(to point: Point) -> Bool {
        guard let from = finger, from != point else { return false }
        step(.move(to: point, duration: frameDuration, hold: 0, release: .hold), frames: 1)
        finger = point
        return true
    }

    private func perform(_ input: Input) {
        switch input {
        case .pointer(let phase, let point, let sequence):
            acknowledged = sequence ?? acknowledged
            switch phase {
            case .down:
                step(.drag(from: point, to: point, duration: 0, hold: 0, release: .hold), frames: 0)
                finger = point
            case .up, .cancel:
                guard let at = finger else { return }
                step(.move(to: at, duration: 0, hold: 0, release: phase == .up ? .lift : .cancel), frames: 0)
                finger = nil
            case .move:
                break
            }
        case .operation(let operation):
            pages += 1
            step(operations.step(for: operation, number: pages), frames: 0)
        }
    }

    private func step(_ step: ScenarioStep, frames: Int) {
        runner.perform(step, in: run)
        if !recordingFull { recording.append(step, frames: frames) }
    }

    /// Lets go of the finger as the system does when a touch's source disappears
    /// (a client that disconnects mid-drag): its touch is cancelled.
    func cancelTouch() {
        driving { cancelNow() }
    }

    private func cancelNow() {
        guard let at = finger else { return }
        step(.move(to: at, duration: 0, hold: 0, release: .cancel), frames: 0)
        finger = nil
        fingerPlanned = false
    }

    /// Ends the recording as `stagehand play` ends a run (`finish`, settle 0: one more
    /// frame) and returns the scenario and the trace it replays to; the stage and the
    /// recording go on from there (the extra frame is recorded as a wait). Nil when the
    /// recording is full.
    func export() -> (scenario: String, trace: Trace)? {
        driving { exportNow() }
    }

    private func exportNow() -> (scenario: String, trace: Trace)? {
        guard !recordingFull else { return nil }
        let scenario = recording.scenarioText()
        runner.finish(run, settleLimit: 0)
        let trace = Trace(fps: fps, screen: [screen.width, screen.height], frames: frames.unpacked(), events: run.recorder.trace.events)
        recording.wait(frames: 1)
        return (scenario, trace)
    }

    /// Whether the running transition is driven by a finger.
    var isInteractive: Bool {
        run.stage.runningTransitionPercent != nil && run.stage.window.hasActiveGesture
    }

    var frameIndex: Int { run.recorder.frameCount - 1 }
}
