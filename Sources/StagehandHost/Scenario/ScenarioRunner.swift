import StagehandCore

/// Plays a scenario on the virtual clock through a coordinator and records its trace.
/// Steps run one after another without waiting for transitions (a `wait` step waits):
/// an operation asked for while one runs is queued, and aimed when its turn comes (a
/// `pop` after a queued `push` pops what was pushed; see `Coordinator.push`); an
/// operation that fails is an `error` event in the trace and the run goes on. After
/// the last step the run continues until everything settles (or `settleLimit`). After
/// each transition the scene is checked against `SettledScene`'s rules; a breach is an
/// `error` event naming the effect.
public struct ScenarioRunner: Sendable {
    public let library: EffectLibrary
    /// Per effect name, parameter values (`--param NAME.key=value`).
    public var parameters: [String: [String: String]] = [:]
    /// Whether the trace holds every frame; `false` keeps the events and the last frame
    /// only, for callers that look at outcomes rather than motion (probing a scenario,
    /// running many), and skips the cost of recording each frame.
    public var recordsFrames = true

    public init(library: EffectLibrary, parameters: [String: [String: String]] = [:]) {
        self.library = library
        self.parameters = parameters
    }

    /// Runs `scenario`; `diagnostics` receives the stage's diagnostics as they happen.
    /// `afterStep` is called after each step with its index (tests check the scene there).
    /// With `frames`, each frame is handed to it as it is recorded and the result's trace
    /// keeps none (its `frameCount` says how many there were): memory then stays flat
    /// however long the run.
    public func run(_ scenario: Scenario, diagnostics: ((Diagnostic) -> Void)? = nil,
                    frames: ((Trace.Frame) -> Void)? = nil,
                    afterStep: ((Int, Stage, Coordinator) -> Void)? = nil) -> ScenarioResult {
        run(scenario, diagnostics: diagnostics, frames: frames, framesWanted: nil, afterStep: afterStep)
    }

    /// `run`, recording and handing over only the frames for which `framesWanted`
    /// answers true, given the frame's time and the next one's (the run itself steps
    /// every frame all the same): for a picture that shows fewer frames than the run
    /// steps (a GIF's `GIFStream.wants`). Without `frames`, every frame is recorded.
    package func run(_ scenario: Scenario, diagnostics: ((Diagnostic) -> Void)? = nil,
                     frames: ((Trace.Frame) -> Void)?,
                     framesWanted: ((_ t: Double, _ next: Double) -> Bool)?,
                     afterStep: ((Int, Stage, Coordinator) -> Void)? = nil) -> ScenarioResult {
        let run = begin(scenario, diagnostics: diagnostics, frames: frames, framesWanted: frames == nil ? nil : framesWanted)
        for (index, step) in scenario.steps.enumerated() {
            perform(step, in: run)
            afterStep?(index, run.stage, run.coordinator)
        }
        finish(run, settleLimit: scenario.settleLimit)
        return ScenarioResult(trace: run.recorder.trace, frameCount: run.recorder.frameCount, stage: run.stage, coordinator: run.coordinator)
    }

    /// Sets up a run as `run` does (the stage, the coordinator with the scenario's
    /// navigation effects, the root, the recorder) without performing any step: a caller
    /// that decides the steps as it goes (a live stage driven by a person) performs them
    /// one by one with `perform(_:in:)` and ends with `finish`, and its trace is then
    /// exactly the trace `run` makes of the same steps.
    package func begin(_ scenario: Scenario, diagnostics: ((Diagnostic) -> Void)? = nil,
                      frames: ((Trace.Frame) -> Void)? = nil,
                      framesWanted: ((_ t: Double, _ next: Double) -> Bool)? = nil) -> ScenarioRun {
        let stage = Stage(screen: scenario.screen, framesPerSecond: scenario.framesPerSecond)
        stage.diagnosticHandler = diagnostics
        let coordinator = Coordinator(library: library, stage: stage)
        coordinator.parametersAsText = scenario.parameters(overriddenBy: parameters)
        SettledScene.watch(stage)
        for (role, name) in [(CoordinatorRole.push, scenario.push), (.pop, scenario.pop), (.interactivePop, scenario.interactivePop)] {
            guard let name else { continue }
            // An effect that cannot be chosen (an unknown name, a factory that returns
            // NULL) leaves the role to the system animation, and says so.
            do {
                try coordinator.use(name, for: role)
            } catch {
                let operation: TransitionEvent.Operation = role == .push ? .push : .pop
                stage.recordError(Coordinator.fallbackMessage(error, operation: operation), error.code, effect: name, operation: operation)
            }
        }
        let root = Self.screen(scenario.rootTitle, .root, in: scenario)
        coordinator.setRoot(scenario.rootInNavigation ? coordinator.makeNavigationController(root: root) : root)
        if let child = scenario.rootChild {
            coordinator.installFirstChild(Self.screen(child, .child, in: scenario), in: root)
        }
        let recorder = TraceRecorder(stage: stage, topNavigation: { coordinator.topNavigationController }, consumer: frames,
                                     wanted: framesWanted)
        if recordsFrames { recorder.start() }
        return ScenarioRun(stage: stage, coordinator: coordinator, recorder: recorder, finger: Finger(stage: stage), scenario: scenario)
    }

    /// What `run` does after the last step: lets everything settle (up to `settleLimit`
    /// seconds), then steps one more frame so the settled scene is in the trace even
    /// when nothing ran. A run that ends before the scene settles says what was still
    /// running and what was never run, in a warning (a run is never cut short silently).
    package func finish(_ run: ScenarioRun, settleLimit: Double) {
        let stage = run.stage
        if !stage.settle(limit: settleLimit) {
            let unfinished = stage.unfinishedWork
            if !unfinished.isEmpty {
                stage.report(.warning, .runUnsettled, "run", "the run ended at \((stage.now * 1000).rounded() / 1000) s, \(settleLimit) s after its last step (\"settle\"), before the scene settled; \(unfinished.joined(separator: "; "))")
            }
        }
        stage.step()
        if !recordsFrames { run.recorder.capture() }
    }

    /// Performs one step of a run begun with `begin`.
    package func perform(_ step: ScenarioStep, in run: ScenarioRun) {
        perform(step, of: run.scenario, coordinator: run.coordinator, finger: run.finger, pair: run.pair)
    }

    /// The part of a drag after its touch down: the move, the hold, the release.
    private static func move(_ finger: Finger, to: Point, duration: Double, hold: Double, release: DragRelease) {
        finger.move(to: to, duration: duration)
        finger.hold(for: hold)
        switch release {
        case .lift: finger.lift()
        case .cancel: finger.cancel()
        case .hold: break
        }
    }

    /// A controller titled `title` whose view shows the content `scenario` gives it.
    private static func screen(_ title: String, _ role: ScreenRole, in scenario: Scenario) -> ViewController {
        let vc = ViewController(title: title)
        scenario.content(for: title, role: role).install(in: vc.view, title: title)
        return vc
    }

    private func perform(_ step: ScenarioStep, of scenario: Scenario, coordinator: Coordinator, finger: Finger, pair: ScriptedFingers) {
        let stage = coordinator.stage
        switch step {
        case .push(let title, let embed):
            let below = coordinator.topNavigationController?.topViewController?.title
            let vc = Self.screen(title, .pushed(below: below), in: scenario)
            let pushed = embed ? coordinator.makeNavigationController(root: vc) : vc
            coordinator.push(pushed)
        case .pop:
            coordinator.pop()
        case .popToRoot:
            coordinator.popToRoot()
        case .present(let title, let effect, let dismissal, let interactive, let embed):
            let vc = Self.screen(title, .presented, in: scenario)
            let presented = embed ? coordinator.makeNavigationController(root: vc) : vc
            if embed { presented.title = title }
            // An effect that cannot be used (an unknown name, the wrong kind, refused
            // values) leaves its part to the system animation and says so, as a push's
            // does; any other failure is an error event (the coordinator records it).
            func usable(_ name: String?, _ role: CoordinatorRole, _ operation: TransitionEvent.Operation) -> String? {
                guard let name, let refusal = coordinator.refusal(of: name, for: role) else { return name }
                stage.recordError(Coordinator.fallbackMessage(refusal, operation: operation), refusal.code, effect: name, operation: operation)
                return nil
            }
            try? coordinator.present(presented, effect: usable(effect, .present, .present), dismissal: usable(dismissal, .dismiss, .dismiss),
                                     interactiveDismissal: usable(interactive, .interactiveDismiss, .dismiss))
        case .dismiss:
            coordinator.dismissTop()
        case .drag(let from, let to, let duration, let hold, let release):
            finger.touchDown(at: from)
            Self.move(finger, to: to, duration: duration, hold: hold, release: release)
        case .move(let to, let duration, let hold, let release):
            if finger.isDown {
                Self.move(finger, to: to, duration: duration, hold: hold, release: release)
            } else {
                // No finger to move (the parser refuses this; a step built in code may
                // not): the step's time passes all the same, as many frames as a move.
                stage.advance(by: (duration * Double(stage.framesPerSecond)).rounded() / Double(stage.framesPerSecond) + hold)
            }
        case .twoFingerDrag(let from, let to, let duration, let hold, let release):
            let d = ScenarioStep.twoFingerSpacing
            pair.move(from: [from, Point(x: from.x + d, y: from.y)], to: [to, Point(x: to.x + d, y: to.y)],
                      duration: duration, hold: hold, release: release)
        case .pinch(let center, let from, let to, let angle, let duration, let hold, let release):
            pair.move(from: ScriptedFingers.pinchPoints(center: center, distance: from, angle: angle),
                                   to: ScriptedFingers.pinchPoints(center: center, distance: to, angle: angle),
                                   duration: duration, hold: hold, release: release)
        case .switchChild(let title, let effect):
            guard let parent = stage.window.rootViewController, !(parent is NavigationController) else {
                stage.recordError("switchChild: the root must not be a navigation controller (\"root\": {\"embedInNavigation\": false})", .operationRefused,
                                  effect: effect ?? "container", operation: .container)
                return
            }
            try? coordinator.switchChild(of: parent, to: Self.screen(title, .child, in: scenario), effect: effect)
        case .wait(let seconds):
            stage.advance(by: seconds)
        }
    }
}

/// What a run leaves: its trace, and the stage and coordinator as they ended (tests
/// inspect the scene).
public struct ScenarioResult {
    public let trace: Trace
    /// How many frames the run recorded (in `trace.frames`, or handed to the runner's
    /// frame consumer).
    public let frameCount: Int
    public let stage: Stage
    public let coordinator: Coordinator

    init(trace: Trace, frameCount: Int? = nil, stage: Stage, coordinator: Coordinator) {
        self.trace = trace
        self.frameCount = frameCount ?? trace.frames.count
        self.stage = stage
        self.coordinator = coordinator
    }
}
