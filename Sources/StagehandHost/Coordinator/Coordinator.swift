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
/// Choices apply to navigation controllers and presentations made after them.
public final class Coordinator {
    public let stage: Stage
    public let library: EffectLibrary
    private var choices: [CoordinatorRole: EffectChoice] = [:]
    /// Parameter values per effect name (`--param NAME.key=value`).
    public var parameters: [String: [String: String]] = [:]
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
    /// animation is used). Throws for an unknown name (listing the closest known ones)
    /// or an effect whose kind does not fit the role.
    public func use(_ name: String?, for role: CoordinatorRole) throws(Diagnostic) {
        guard let name else {
            choices[role] = nil
            return
        }
        choices[role] = try choice(name, for: role)
    }

    /// The effect chosen for `role`, if any.
    public func effectName(for role: CoordinatorRole) -> String? { choices[role]?.name }

    private func choice(_ name: String, for role: CoordinatorRole) throws(Diagnostic) -> EffectChoice {
        let info = try library.effect(named: name)
        guard role.acceptedKinds.contains(info.kind) else {
            throw Diagnostic(.error, field: role.rawValue,
                             "effect \(name) is a \(info.kind.rawValue) effect; \(role.rawValue) takes \(role.acceptedKinds.map(\.rawValue).joined(separator: " or "))")
        }
        return EffectChoice(name: name, kind: info.kind, overrides: parameters[name] ?? [:])
    }

    /// Makes one instance of a chosen effect; a factory that fails is reported on the
    /// stage and the role falls back to UIKit's animation.
    private func make(_ choice: EffectChoice?) -> BundleEffect? {
        guard let choice else { return nil }
        // The factory is bundle code too: it runs as a call for this stage.
        return BridgeCall.with(stage: stage, source: choice.name) {
            do {
                let table = try library.makeEffect(choice.name, overrides: parameters[choice.name] ?? choice.overrides)
                return BundleEffect(name: choice.name, table: table, stage: stage)
            } catch {
                stage.report(.error, choice.name, String(describing: error))
                return nil
            }
        }
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
        let interactive = make(choices[.interactivePop])
        let effects = NavigationEffects(push: make(choices[.push]), pop: make(choices[.pop]),
                                        interactivePop: interactive,
                                        interactivePopAnimates: choices[.interactivePop]?.kind == .pop)
        navigationEffects.append(Attached(controller: nav, effects: effects))
        nav.delegate = effects
        _ = nav.view
        interactive?.attach(to: nav)
        return nav
    }

    /// Presents `vc` from the top-most controller with the named effects (or the
    /// coordinator's choices for the roles not named). Throws for unknown names.
    @discardableResult
    public func present(_ vc: ViewController, effect: String? = nil, dismissal: String? = nil,
                        interactiveDismissal: String? = nil, animated: Bool = true,
                        completion: (() -> Void)? = nil) throws(Diagnostic) -> StageError? {
        stage.makeCurrent()
        let present = try effect.map { (n: String) throws(Diagnostic) in try choice(n, for: .present) } ?? choices[.present]
        let dismiss = try dismissal.map { (n: String) throws(Diagnostic) in try choice(n, for: .dismiss) } ?? choices[.dismiss]
        let interactive = try interactiveDismissal.map { (n: String) throws(Diagnostic) in try choice(n, for: .interactiveDismiss) }
            ?? choices[.interactiveDismiss]
        guard let presenter = stage.window.topViewController else {
            let error = StageError(.invalidArgument, "there is no root view controller to present from")
            stage.report(.error, "presentation", error.message)
            return error
        }
        let effects = PresentationEffects(present: make(present), dismiss: make(dismiss),
                                          interactiveDismiss: make(interactive),
                                          interactiveDismissAnimates: interactive?.kind == .dismiss)
        if present != nil || dismiss != nil || interactive != nil {
            vc.modalPresentationStyle = .custom
        }
        vc.transitioningDelegate = effects
        let error = presenter.present(vc, animated: animated, completion: completion)
        if error == nil {
            presentationEffects.append(Attached(controller: vc, effects: effects))
            effects.interactiveDismiss?.attach(to: vc)
        }
        return error
    }

    /// Swaps the child of `parent` (its last child) for `child` with the container effect
    /// `effect` — the iOS 5 containment dance: addChild, willMove(nil), the transition,
    /// then removeFromParent and didMove. Without an effect the swap is immediate.
    @discardableResult
    public func switchChild(of parent: ViewController, to child: ViewController, effect: String?) throws(Diagnostic) -> StageError? {
        stage.makeCurrent()
        let animator = try effect.map { (n: String) throws(Diagnostic) -> EffectChoice in
            let info = try library.effect(named: n)
            guard info.kind == .container else {
                throw Diagnostic(.error, field: "effect", "effect \(n) is a \(info.kind.rawValue) effect; switching children takes a container effect")
            }
            return EffectChoice(name: n, kind: info.kind, overrides: parameters[n] ?? [:])
        }.flatMap { make($0) }
        guard let current = parent.children.last else {
            parent.addChild(child)
            child.view.frame = parent.view.bounds
            parent.view.addSubview(child.view)
            child.didMove(toParent: parent)
            return nil
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
            return nil
        }
        let error = parent.transition(from: current, to: child, using: animator, completion: finish)
        if error != nil { finish(false) }
        return error
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
