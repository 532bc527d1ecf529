import StagehandCore

/// Plays a scenario on the virtual clock through a coordinator and records its trace.
/// Steps run one after another without waiting for transitions (a `wait` step waits);
/// an operation that fails is an `error` event in the trace and the run goes on. After
/// the last step the run continues until everything settles (or `settleLimit`). After
/// each transition the scene is checked against `SettledScene`'s rules; a breach is an
/// `error` event naming the effect.
public struct ScenarioRunner: Sendable {
    public let library: EffectLibrary
    /// Per effect name, parameter values (`--param NAME.key=value`).
    public var parameters: [String: [String: String]] = [:]

    public init(library: EffectLibrary, parameters: [String: [String: String]] = [:]) {
        self.library = library
        self.parameters = parameters
    }

    /// Runs `scenario`; `diagnostics` receives the stage's diagnostics as they happen.
    public func run(_ scenario: Scenario, diagnostics: ((Diagnostic) -> Void)? = nil) -> ScenarioResult {
        let stage = Stage(screen: scenario.screen, framesPerSecond: scenario.framesPerSecond)
        stage.diagnosticHandler = diagnostics
        let coordinator = Coordinator(library: library, stage: stage)
        coordinator.parameters = parameters
        SettledScene.watch(stage)
        for (role, name) in [(CoordinatorRole.push, scenario.push), (.pop, scenario.pop), (.interactivePop, scenario.interactivePop)] {
            guard let name else { continue }
            // An effect that cannot be chosen (an unknown name, a factory that returns
            // NULL) leaves the role to the system animation, and says so.
            do {
                try coordinator.use(name, for: role)
            } catch {
                let operation: TransitionEvent.Operation = role == .push ? .push : .pop
                stage.recordError(Coordinator.fallbackMessage(error, operation: operation), effect: name, operation: operation)
            }
        }
        let root = ViewController(title: scenario.rootTitle)
        coordinator.setRoot(scenario.rootInNavigation ? coordinator.makeNavigationController(root: root) : root)
        if let child = scenario.rootChild {
            try? coordinator.switchChild(of: root, to: ViewController(title: child), effect: nil)
        }
        let recorder = TraceRecorder(stage: stage) { coordinator.topNavigationController }
        recorder.start()
        let finger = Finger(stage: stage)
        for step in scenario.steps {
            perform(step, coordinator: coordinator, finger: finger)
        }
        stage.settle(limit: scenario.settleLimit)
        // One more frame so the settled scene is in the trace even when nothing ran.
        stage.step()
        return ScenarioResult(trace: recorder.trace, stage: stage, coordinator: coordinator)
    }

    private func perform(_ step: ScenarioStep, coordinator: Coordinator, finger: Finger) {
        let stage = coordinator.stage
        switch step {
        case .push(let title, let embed):
            let vc = ViewController(title: title)
            let pushed = embed ? coordinator.makeNavigationController(root: vc) : vc
            guard let nav = coordinator.topNavigationController else {
                stage.recordError("push of \(title): there is no navigation controller", effect: "navigation", operation: .push)
                return
            }
            nav.pushViewController(pushed, animated: true)
        case .pop:
            guard let nav = coordinator.topNavigationController else {
                stage.recordError("pop: there is no navigation controller", effect: "navigation", operation: .pop)
                return
            }
            nav.popViewController(animated: true)
        case .popToRoot:
            coordinator.topNavigationController?.popToRootViewController(animated: true)
        case .present(let title, let effect, let dismissal, let interactive, let embed):
            let vc = ViewController(title: title)
            let presented = embed ? coordinator.makeNavigationController(root: vc) : vc
            if embed { presented.title = title }
            // A failure is an error event on the stage (the coordinator records it); the run goes on.
            try? coordinator.present(presented, effect: effect, dismissal: dismissal, interactiveDismissal: interactive)
        case .dismiss:
            stage.window.topViewController?.dismiss(animated: true)
        case .drag(let from, let to, let duration, let hold, let release):
            finger.touchDown(at: from)
            finger.move(to: to, duration: duration)
            finger.hold(for: hold)
            switch release {
            case .lift: finger.lift()
            case .cancel: finger.cancel()
            case .hold: break
            }
        case .switchChild(let title, let effect):
            guard let parent = stage.window.rootViewController, !(parent is NavigationController) else {
                stage.recordError("switchChild: the root must not be a navigation controller (\"root\": {\"embedInNavigation\": false})",
                                  effect: effect ?? "container", operation: .container)
                return
            }
            try? coordinator.switchChild(of: parent, to: ViewController(title: title), effect: effect)
        case .wait(let seconds):
            stage.advance(by: seconds)
        }
    }
}

/// What a run leaves: its trace, and the stage and coordinator as they ended (tests
/// inspect the scene).
public struct ScenarioResult {
    public let trace: Trace
    public let stage: Stage
    public let coordinator: Coordinator
}
