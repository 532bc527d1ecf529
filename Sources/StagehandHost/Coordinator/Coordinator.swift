import StagehandCore

/// The one object an app or a tool talks to: it owns the stage (window, clock), the
/// navigation controllers and the presentations, and answers every navigation and
/// transitioning delegate question with the effects chosen by name.
///
///     let coordinator = Coordinator(library: library)
///     try coordinator.use("slide-pop", for: .pop)
///     let nav = coordinator.makeNavigationController(root: ViewController(title: "Inbox"))
///     coordinator.setRoot(nav)
///     nav.pushViewController(ViewController(title: "Detail"), animated: true)
///
/// Choices for navigation (push, pop, interactive pop) apply to every navigation
/// controller the coordinator made, before or after the choice: each is given fresh
/// effects at once. Choices for presentations apply to presentations started after
/// them; a controller already presented keeps the effects it was presented with (as a
/// UIKit controller keeps its transitioning delegate).
///
/// One gesture, one rule: a pop effect with a gesture of its own (parallax-pop,
/// slide-pop) chosen for `.pop` also drives interactive pops with that gesture and its
/// own threshold, unless another effect is chosen for `.interactivePop`; the same holds
/// for a dismiss effect with a gesture (swipe-dismiss) and `.interactiveDismiss`. The
/// navigation controller's own edge pan (finishing past half the width) drives only pop
/// animations that have no gesture of their own. `EffectInfo.interaction` says which
/// applies to an effect (`stagehand info` prints it).
public final class Coordinator {
    public let stage: Stage
    public let library: EffectLibrary
    private var choices: [CoordinatorRole: EffectChoice] = [:]
    /// Parameter values per effect name, typed: `parameters["parallax-push"] = ["duration": 0.4]`.
    /// Set before `use`; checked against each parameter's declared type and bounds when
    /// the effect is chosen and made.
    public var parameters: [String: [String: EffectParameterValue]] = [:]
    /// Parameter values per effect name as text (a scenario's, `--param NAME.key=value`),
    /// each parsed as its parameter's type; a value in `parameters` wins over one here.
    package var parametersAsText: [String: [String: String]] = [:]

    /// What the effect `name` is made with: the values given as text, then the typed ones.
    func given(_ name: String) -> [String: ParameterArgument] {
        var given = (parametersAsText[name] ?? [:]).mapValues(ParameterArgument.text)
        for (key, value) in parameters[name] ?? [:] { given[key] = .value(value) }
        return given
    }

    /// What a chosen effect is made with: the values set now, or, when none are set for
    /// it any more, those it was chosen with.
    func given(_ choice: EffectChoice) -> [String: ParameterArgument] {
        parameters[choice.name] == nil && parametersAsText[choice.name] == nil ? choice.given : given(choice.name)
    }
    /// Delegates are weak in UIKit; the coordinator keeps them, one per controller.
    private var navigationEffects: [Attached<NavigationController, NavigationEffects>] = []
    private var presentationEffects: [Attached<ViewController, PresentationEffects>] = []

    /// A controller and the delegate the coordinator keeps for it. The controller is
    /// kept too, so a gesture effect attached to it can always be detached while both
    /// exist (a bundle must never be left holding handles to a controller that is gone);
    /// navigation controllers and presentations are few, and live as long as the scene.
    private struct Attached<Controller: AnyObject, Effects> {
        let controller: Controller
        let effects: Effects
        var wasPresented = false
    }

    public init(library: EffectLibrary, stage: Stage = Stage()) {
        self.library = library
        self.stage = stage
        stage.transitionObservers.append { [weak self] _ in self?.releaseEndedPresentations() }
    }

    /// A dismissed controller's gesture effect comes off its view, and its effects go.
    /// (A presentation still waiting in the queue has not been presented yet: it stays.)
    private func releaseEndedPresentations() {
        for i in presentationEffects.indices where presentationEffects[i].controller.presentingViewController != nil {
            presentationEffects[i].wasPresented = true
        }
        presentationEffects.removeAll { entry in
            guard entry.wasPresented, entry.controller.presentingViewController == nil else { return false }
            entry.effects.interactiveDismiss?.detach(from: entry.controller)
            return true
        }
    }

    /// Gesture effects take their gestures off the controllers while the scene still
    /// exists, so no bundle is left holding handles to views that are gone.
    deinit {
        for entry in navigationEffects { entry.effects.interactivePop?.detach(from: entry.controller) }
        for entry in presentationEffects { entry.effects.interactiveDismiss?.detach(from: entry.controller) }
    }

    /// Chooses the effect `name` for `role` (nil clears the choice: UIKit's own
    /// animation is used). Throws, and keeps the previous choice, for an unknown name
    /// (listing the closest known ones), an effect whose kind does not fit the role, or
    /// parameters its factory refuses (one instance is made to find out). A navigation
    /// role takes effect at once on every navigation controller the coordinator made.
    public func use(_ name: String?, for role: CoordinatorRole) throws(Diagnostic) {
        guard let name else {
            choices[role] = nil
            refreshNavigationEffects()
            return
        }
        let chosen = try choice(name, for: role)
        _ = try library.animationController(named: chosen.name, given: given(chosen))
        choices[role] = chosen
        refreshNavigationEffects()
    }

    /// Why the effect `name` cannot serve `role` with the parameters the coordinator
    /// holds for it — an unknown name, the wrong kind, refused values — or nil when it
    /// can: what `present` would throw for it, found without making it.
    func refusal(of name: String, for role: CoordinatorRole) -> Diagnostic? {
        do throws(Diagnostic) {
            let chosen = try choice(name, for: role)
            try library.validate(given: given(chosen), for: chosen.name)
            return nil
        } catch {
            return error
        }
    }

    /// The effect chosen for `role`, if any: what navigation controllers use now, and
    /// what the next presentation uses.
    public func effectName(for role: CoordinatorRole) -> String? { choices[role]?.name }

    /// The effect that drives interactive pops (`.interactivePop`) or dismissals
    /// (`.interactiveDismiss`) with its gesture: the one chosen for that role, else the
    /// pop (dismiss) effect when it has a gesture of its own; `nil` when the system's
    /// gesture (or none) applies. Other roles answer their own choice.
    public func effectInForce(for role: CoordinatorRole) -> String? {
        switch role {
        case .interactivePop: return interactiveChoice(role, fallback: .pop)?.name
        case .interactiveDismiss: return interactiveChoice(role, fallback: .dismiss)?.name
        default: return choices[role]?.name
        }
    }

    private func interactiveChoice(_ role: CoordinatorRole, fallback: CoordinatorRole) -> EffectChoice? {
        if let chosen = choices[role] { return chosen }
        if let animation = choices[fallback], animation.interactive { return animation }
        return nil
    }

    private func choice(_ name: String, for role: CoordinatorRole) throws(Diagnostic) -> EffectChoice {
        let info = try library.effect(named: name)
        guard role.acceptedKinds.contains(info.kind) else {
            throw Diagnostic(.error, .wrongEffectKind, field: role.rawValue,
                             "effect \(name) is a \(info.kind.rawValue) effect; \(role.rawValue) takes \(role.acceptedKinds.map(\.rawValue).joined(separator: " or "))")
        }
        return EffectChoice(name: name, kind: info.kind, interactive: info.interactive, given: given(name))
    }

    /// Makes one instance of a chosen effect for `operation`.
    ///
    /// One rule for every operation when the factory fails (returns NULL, or a table the
    /// host cannot use): the operation still runs, with the system animation, as UIKit
    /// runs a transition whose delegate returns a nil animator; the failure is an `error`
    /// event naming the effect and the operation, and one diagnostic line.
    private func make(_ choice: EffectChoice?, for operation: TransitionEvent.Operation) -> BundleEffect? {
        guard let choice else { return nil }
        // The factory is bundle code too: it runs as a call for this stage, whichever
        // stage is current on this thread.
        let made = BridgeCall.with(stage: stage, effect: choice.name, bundlePath: try? library.effect(named: choice.name).bundlePath) {
            Result { () throws(Diagnostic) -> BundleEffect in
                try library.animationController(named: choice.name, given: given(choice))
            }
        }
        switch made {
        case .success(let effect):
            return effect
        case .failure(let error):
            stage.recordError(Self.fallbackMessage(error, operation: operation), error.code, effect: choice.name, operation: operation)
            return nil
        }
    }

    /// What an `error` event says when an effect cannot be made and `operation` runs with
    /// the system animation in its place.
    static func fallbackMessage(_ error: Diagnostic, operation: TransitionEvent.Operation) -> String {
        "\(error.summary); the \(operation.rawValue) uses the system animation instead"
    }

    // MARK: - Scene

    /// Makes the window's root controller `vc`.
    public func setRoot(_ vc: ViewController) {
        stage.makeCurrent()
        stage.window.rootViewController = vc
    }

    /// A navigation controller whose transitions use the chosen push, pop and
    /// interactive-pop effects.
    public func makeNavigationController(root: ViewController) -> NavigationController {
        stage.makeCurrent()
        let nav = NavigationController(rootViewController: root)
        _ = nav.view
        let effects = makeNavigationEffects()
        navigationEffects.append(Attached(controller: nav, effects: effects))
        nav.delegate = effects
        effects.interactivePop?.attach(to: nav)
        return nav
    }

    /// The current navigation choices, made for one navigation controller. A pop effect
    /// that also drives interactive pops is one instance serving both.
    private func makeNavigationEffects() -> NavigationEffects {
        let pop = make(choices[.pop], for: .pop)
        let interactiveChoice = interactiveChoice(.interactivePop, fallback: .pop)
        let interactive = choices[.interactivePop] == nil && interactiveChoice != nil ? pop : make(interactiveChoice, for: .pop)
        return NavigationEffects(push: make(choices[.push], for: .push), pop: pop, interactivePop: interactive,
                                 interactivePopAnimates: interactiveChoice?.kind.plays(.pop) == true)
    }

    /// Gives every navigation controller made so far the current choices: the old
    /// gesture effect comes off, the new one goes on.
    private func refreshNavigationEffects() {
        guard !navigationEffects.isEmpty else { return }
        stage.makeCurrent()
        for i in navigationEffects.indices {
            let nav = navigationEffects[i].controller
            navigationEffects[i].effects.interactivePop?.detach(from: nav)
            let effects = makeNavigationEffects()
            navigationEffects[i] = Attached(controller: nav, effects: effects)
            nav.delegate = effects
            effects.interactivePop?.attach(to: nav)
        }
    }

    /// Presents `vc` from `presenter` (the top-most controller when `nil`) with the named
    /// effects, or the coordinator's choices for the roles not named; a dismiss effect
    /// with a gesture of its own also drives interactive dismissals unless
    /// `interactiveDismissal` names another.
    ///
    /// Every failure throws, and only throws: an unknown name or one of the wrong kind,
    /// parameters an effect does not accept, no controller to present from, or a
    /// presentation UIKit would refuse (`presenter` already presents another). Each is
    /// also an error event on the stage, as every refused operation is. A presentation
    /// asked for while a transition runs is queued and can still be refused when its
    /// turn comes (an error event then, nothing thrown). A factory that fails (returns
    /// NULL) is not a refusal: the presentation goes ahead, that effect's part with the
    /// system animation, and an error event says so.
    /// With no `presenter` named, the top-most controller is the one on top when it runs
    /// (a presentation after a queued one presents on it, one after a queued dismissal
    /// on what that leaves).
    public func present(_ vc: ViewController, from presenter: ViewController? = nil, effect: String? = nil,
                        dismissal: String? = nil, interactiveDismissal: String? = nil, animated: Bool = true,
                        completion: (() -> Void)? = nil) throws(Diagnostic) {
        stage.makeCurrent()
        let source = effect ?? "presentation"
        var recordedByStage = false
        do throws(Diagnostic) {
            let present = try effect.map { (n: String) throws(Diagnostic) in try choice(n, for: .present) } ?? choices[.present]
            let dismiss = try dismissal.map { (n: String) throws(Diagnostic) in try choice(n, for: .dismiss) } ?? choices[.dismiss]
            let interactive = try interactiveDismissal.map { (n: String) throws(Diagnostic) in try choice(n, for: .interactiveDismiss) }
                ?? choices[.interactiveDismiss]
            let topMostWhenItRuns = presenter == nil
            guard let presenter = presenter ?? stage.window.topViewController else {
                throw Diagnostic(.error, .operationRefused, source: "presentation", message: "there is no root view controller to present from")
            }
            for chosen in [present, dismiss, interactive].compactMap({ $0 }) {
                try library.validate(given: given(chosen), for: chosen.name)
            }
            if topMostWhenItRuns && stage.operationsWait {
                stage.perform("present \(vc.title ?? "a view controller")") { [self] in
                    try? self.present(vc, effect: effect, dismissal: dismissal, interactiveDismissal: interactiveDismissal,
                                      animated: animated, completion: completion)
                }
                return
            }
            let presentEffect = make(present, for: .present)
            let dismissEffect = make(dismiss, for: .dismiss)
            let drivesDismissals = interactive ?? (dismiss?.interactive == true ? dismiss : nil)
            let interactiveEffect = interactive == nil ? (drivesDismissals == nil ? nil : dismissEffect) : make(interactive, for: .dismiss)
            let effects = PresentationEffects(present: presentEffect, dismiss: dismissEffect,
                                              interactiveDismiss: interactiveEffect,
                                              interactiveDismissAnimates: drivesDismissals?.kind.plays(.dismiss) == true)
            if present != nil || dismiss != nil || interactive != nil {
                vc.modalPresentationStyle = .custom
            }
            vc.transitioningDelegate = effects
            if let refused = presenter.present(vc, animated: animated, completion: completion) {
                recordedByStage = true
                throw Diagnostic(.error, .operationRefused, source: "presentation", message: refused.message, time: stage.now)
            }
            presentationEffects.append(Attached(controller: vc, effects: effects))
            effects.interactiveDismiss?.attach(to: vc)
        } catch {
            if !recordedByStage {
                stage.recordError(error.summary, error.code, effect: source, operation: .present)
            }
            throw error
        }
    }

    /// Swaps the child of `parent` (its last child) for `child` with the container effect
    /// `effect` — the iOS 5 containment dance: addChild, willMove(nil), the transition,
    /// then removeFromParent and didMove. Without an effect the swap is immediate.
    ///
    /// Every failure throws, and only throws (an unknown name or one of the wrong kind,
    /// parameters the effect does not accept, a swap UIKit would refuse); each is also an
    /// error event on the stage. A factory that fails (returns NULL) is not a refusal:
    /// the swap goes ahead without an animation, and an error event says so. Asked for
    /// while a transition runs, the swap is queued and replaces the child shown when its
    /// turn comes (a refusal then is an error event, nothing thrown).
    public func switchChild(of parent: ViewController, to child: ViewController, effect: String?) throws(Diagnostic) {
        stage.makeCurrent()
        let animator: BundleEffect?
        do throws(Diagnostic) {
            let chosen = try effect.map { (n: String) throws(Diagnostic) -> EffectChoice in
                let info = try library.effect(named: n)
                guard info.kind == .container else {
                    throw Diagnostic(.error, .wrongEffectKind, field: "effect", "effect \(n) is a \(info.kind.rawValue) effect; switching children takes a container effect")
                }
                try library.validate(given: given(n), for: n)
                return EffectChoice(name: n, kind: info.kind, interactive: info.interactive, given: given(n))
            }
            // Behind a running transition the swap waits its turn, and takes the child
            // shown when it runs (the one an earlier queued swap put there) as the one to
            // replace.
            if stage.operationsWait {
                stage.perform("switch to \(child.title ?? "a child")") { [self] in
                    try? self.switchChild(of: parent, to: child, effect: effect)
                }
                return
            }
            animator = make(chosen, for: .container)
        } catch {
            stage.recordError(error.summary, error.code, effect: effect ?? "container", operation: .container)
            throw error
        }
        guard let current = parent.children.last else {
            installFirstChild(child, in: parent)
            stage.recordApplied("switch to \(child.title ?? "a child") applied at once, without a transition: \(parent.title ?? "the container") had no child to replace",
                                source: "container", operation: .container)
            return
        }
        parent.addChild(child)
        child.view.frame = current.view.frame
        current.willMove(toParent: nil)
        let finish: (Bool) -> Void = { completed in
            if completed {
                current.removeFromParent()
                child.didMove(toParent: parent)
            } else {
                child.willMove(toParent: nil)
                child.removeFromParent()
                current.didMove(toParent: parent)
            }
        }
        guard let animator else {
            let container = current.view.superview ?? parent.view
            container.insertSubview(child.view, aboveSubview: current.view)
            current.view.removeFromSuperview()
            finish(true)
            stage.recordApplied("switch from \(current.title ?? "a child") to \(child.title ?? "a child") applied at once, without a transition: no container effect was named",
                                source: "container", operation: .container)
            return
        }
        if let refused = parent.transition(from: current, to: child, using: animator, completion: finish) {
            // The stage recorded the refusal.
            finish(false)
            throw Diagnostic(.error, .operationRefused, source: effect ?? "container", message: refused.message, time: stage.now)
        }
    }

    /// Puts `child` into `parent`, which has none, as a scene is set up: no transition
    /// and nothing recorded (an operation that does it records it).
    func installFirstChild(_ child: ViewController, in parent: ViewController) {
        parent.addChild(child)
        child.view.frame = parent.view.bounds
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
    }

    /// The navigation controller `push` and `pop` act on: the presented one if the top
    /// presentation is a navigation controller, else the root's.
    public var topNavigationController: NavigationController? {
        var vc = stage.window.rootViewController
        var found = vc as? NavigationController
        while let presented = vc?.presentedViewController {
            if let nav = presented as? NavigationController { found = nav }
            vc = presented
        }
        return found
    }
}
