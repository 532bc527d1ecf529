/// UINavigationController: a stack of controllers, one visible at a time, a navigation
/// bar, and push/pop transitions asked of its delegate. Its view holds a transition
/// container (where the top controller's view lives and transitions run) and the bar.
///
/// UIKit's rules kept: pushing a navigation controller or a controller already on the
/// stack is refused with an error; popping the root does nothing and returns nil. A
/// push or pop asked for while any transition runs is queued and runs after it, in the
/// order asked (UIKit drops or garbles these; see `Stage.perform`). A queued one acts on
/// the stack the operations before it leave: a pop asked for behind a queued push pops
/// what that push pushed, and whether it is allowed is decided when it runs.
open class NavigationController: ViewController {
    public private(set) var viewControllers: [ViewController] = []
    public weak var delegate: NavigationControllerDelegate?
    /// Whether a push or pop of this controller is running.
    public private(set) var isTransitioning = false

    /// The wrapper the top view lives in (UINavigationTransitionView).
    public let transitionView = View(kind: .container)
    public let navigationBar = View(kind: .navigationBar)
    /// The height of the bar (status bar included), in points.
    public var navigationBarHeight: Double = 44 {
        didSet { layoutBar() }
    }

    /// The left screen-edge pan that pops interactively. Its delegate is the
    /// controller's interaction handler, which answers the action
    /// "handleNavigationTransition:" — found by name, as the full-screen pop recipe
    /// does (Documentation/References.md).
    public private(set) var interactivePopGestureRecognizer: ScreenEdgePanGestureRecognizer!
    let interactionHandler: NavigationInteractionHandler

    public init(rootViewController: ViewController? = nil) {
        interactionHandler = NavigationInteractionHandler()
        super.init(title: rootViewController?.title)
        interactionHandler.navigationController = self
        if let root = rootViewController {
            runStackChange(to: [root], operation: .push, animated: false, interaction: nil, recorded: false)
        }
    }

    open override func loadView() {
        let size = Stage.current.window.bounds.size
        let root = View(frame: Rect(origin: .zero, size: size), kind: .container)
        root.name = "navigation"
        transitionView.frame = root.bounds
        transitionView.name = "navigation transition view"
        root.addSubview(transitionView)
        navigationBar.name = "navigation bar"
        root.addSubview(navigationBar)
        setView(root)
        layoutBar()
        let pop = ScreenEdgePanGestureRecognizer()
        pop.edges = .left
        pop.name = "interactivePopGestureRecognizer"
        pop.delegate = interactionHandler
        pop.addTarget(interactionHandler, action: NavigationInteractionHandler.actionName)
        root.addGestureRecognizer(pop)
        interactivePopGestureRecognizer = pop
    }

    open override func viewDidLoad() {
        if let top = topViewController { installTopView(top) }
    }

    private func layoutBar() {
        navigationBar.frame = Rect(x: 0, y: 0, width: view.bounds.width, height: navigationBarHeight)
        navigationBar.label = topViewController?.title
    }

    public var topViewController: ViewController? { viewControllers.last }
    public var visibleViewController: ViewController? { presentedViewController ?? topViewController }

    // MARK: - Navigation bar

    public var isNavigationBarHidden: Bool {
        get { navigationBar.isHidden }
        set { navigationBar.isHidden = newValue }
    }

    /// setNavigationBarHidden(_:animated:): animated, the bar slides with the top edge.
    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != navigationBar.isHidden else { return }
        let shown = Rect(x: 0, y: 0, width: view.bounds.width, height: navigationBarHeight)
        guard animated else {
            navigationBar.isHidden = hidden
            View.performWithoutAnimation { navigationBar.frame = shown }
            return
        }
        if hidden {
            View.animate(withDuration: 0.2, animations: {
                self.navigationBar.frame = shown.offsetBy(dx: 0, dy: -self.navigationBarHeight)
            }, completion: { _ in
                self.navigationBar.isHidden = true
                View.performWithoutAnimation { self.navigationBar.frame = shown }
            })
        } else {
            View.performWithoutAnimation { navigationBar.frame = shown.offsetBy(dx: 0, dy: -navigationBarHeight) }
            navigationBar.isHidden = false
            View.animate(withDuration: 0.2) { self.navigationBar.frame = shown }
        }
    }

    // MARK: - Stack changes

    /// pushViewController(_:animated:). Refused (an error, nothing changes) for a
    /// navigation controller, a controller already on this stack, or one that has
    /// another parent. Queued behind a transition, only what no earlier operation can
    /// change is checked now (a navigation controller, itself); the rest is checked
    /// when it runs, and a refusal then is an error event.
    @discardableResult
    open func pushViewController(_ vc: ViewController, animated: Bool) -> StageError? {
        if let error = stage.operationsWait ? validatePushOfAnyStack(vc) : validatePush(vc) {
            stage.refuse(error, operation: .push, source: "navigation")
            return error
        }
        stage.perform("push of \(vc.title ?? "a view controller")") { [self] in
            if let error = validatePush(vc) {
                stage.refuse(error, operation: .push, source: "navigation")
                return
            }
            runPush(vc, animated: animated)
        }
        return nil
    }

    /// popViewController(animated:): the controller that will be popped, or nil (and
    /// nothing happens) on the root. Queued behind a transition, what it pops is decided
    /// when it runs, and the result is nil.
    @discardableResult
    open func popViewController(animated: Bool) -> ViewController? {
        popViewController(animated: animated, interactionController: nil)
    }

    /// Pops driven by `interactionController` (a gesture's): Stagehand's public form of
    /// what UIKit's own edge gesture does inside the navigation controller.
    @discardableResult
    public func popViewController(animated: Bool, interactionController: InteractiveTransitioning?) -> ViewController? {
        let queued = stage.operationsWait
        let top = queued ? nil : topViewController
        if !queued && viewControllers.count < 2 {
            stage.report(.note, .operationDidNothing, "navigation", "popViewController on the root view controller does nothing")
            return nil
        }
        stage.perform("pop") { [self] in
            guard viewControllers.count > 1 else {
                stage.report(.note, .operationDidNothing, "navigation", "popViewController on the root view controller does nothing")
                return
            }
            runPop(to: viewControllers[viewControllers.count - 2], animated: animated, interaction: interactionController)
        }
        return top
    }

    /// popToViewController(_:animated:): the controllers popped, or nil if `vc` is not on
    /// the stack (an error) or already on top. Queued behind a transition, both are
    /// decided when it runs (a refusal then is an error event), and the result is nil.
    @discardableResult
    open func popToViewController(_ vc: ViewController, animated: Bool) -> [ViewController]? {
        if stage.operationsWait {
            stage.perform("popTo") { [self] in
                guard viewControllers.contains(where: { $0 === vc }) else {
                    stage.refuse(StageError(.notInStack, "Tried to pop to a view controller that doesn't exist."), operation: .pop, source: "navigation")
                    return
                }
                guard topViewController !== vc else {
                    noteNothingToPop(to: vc)
                    return
                }
                runPop(to: vc, animated: animated, interaction: nil)
            }
            return nil
        }
        guard let i = viewControllers.firstIndex(where: { $0 === vc }) else {
            stage.refuse(StageError(.notInStack, "Tried to pop to a view controller that doesn't exist."), operation: .pop, source: "navigation")
            return nil
        }
        guard i < viewControllers.count - 1 else {
            noteNothingToPop(to: vc)
            return []
        }
        let popped = Array(viewControllers[(i + 1)...])
        stage.perform("popTo") { [self] in
            guard viewControllers.contains(where: { $0 === vc }), topViewController !== vc else { return }
            runPop(to: vc, animated: animated, interaction: nil)
        }
        return popped
    }

    /// A pop to the controller already on top does nothing, as UIKit; it says so, as a
    /// pop on the root does.
    private func noteNothingToPop(to vc: ViewController) {
        let what = vc === viewControllers.first ? "popToRootViewController on the root view controller"
            : "popToViewController to \(vc.title ?? "the top view controller"), already on top,"
        stage.report(.note, .operationDidNothing, "navigation", "\(what) does nothing")
    }

    /// popToRootViewController(animated:): the controllers popped. Queued behind a
    /// transition, it pops to the root whatever the operations before it push, and the
    /// result is nil.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [ViewController]? {
        guard let root = viewControllers.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// setViewControllers(_:animated:): replaces the stack; animated, the new top is
    /// pushed (or popped to, if it was on the stack) with the usual transition.
    @discardableResult
    open func setViewControllers(_ vcs: [ViewController], animated: Bool) -> StageError? {
        for (i, vc) in vcs.enumerated() {
            if vc is NavigationController {
                let error = StageError(.pushingNavigationController, "Pushing a navigation controller is not supported")
                stage.refuse(error, operation: .push, source: "navigation")
                return error
            }
            if vcs[..<i].contains(where: { $0 === vc }) {
                let error = StageError(.pushingDuplicate, "Pushing the same view controller instance more than once is not supported (\(vc.title ?? "untitled") appears twice)")
                stage.refuse(error, operation: .push, source: "navigation")
                return error
            }
        }
        stage.perform("setViewControllers") { [self] in runSet(vcs, animated: animated) }
        return nil
    }

    // MARK: - Running

    /// What makes a push wrong on any stack: no earlier operation can change it.
    private func validatePushOfAnyStack(_ vc: ViewController) -> StageError? {
        if vc is NavigationController {
            return StageError(.pushingNavigationController, "Pushing a navigation controller is not supported")
        }
        if vc === self {
            return StageError(.invalidArgument, "A navigation controller cannot push itself")
        }
        return nil
    }

    private func validatePush(_ vc: ViewController) -> StageError? {
        if let error = validatePushOfAnyStack(vc) { return error }
        if viewControllers.contains(where: { $0 === vc }) {
            return StageError(.pushingDuplicate, "Pushing the same view controller instance (\(vc.title ?? "untitled")) more than once is not supported")
        }
        if let p = vc.parent, p !== self {
            return StageError(.invalidArgument, "\(vc.title ?? "The view controller") already has a parent (\(p.title ?? "untitled")); remove it first")
        }
        return nil
    }

    private func installTopView(_ vc: ViewController) {
        let v = vc.view
        v.frame = transitionView.bounds
        if v.superview !== transitionView { transitionView.addSubview(v) }
    }

    private var isOnScreen: Bool { isViewLoaded && view.window != nil }

    private func runPush(_ vc: ViewController, animated: Bool) {
        runStackChange(to: viewControllers + [vc], operation: .push, animated: animated, interaction: nil)
    }

    private func runPop(to target: ViewController, animated: Bool, interaction: InteractiveTransitioning?) {
        guard let index = viewControllers.firstIndex(where: { $0 === target }) else { return }
        runStackChange(to: Array(viewControllers[...index]), operation: .pop, animated: animated, interaction: interaction)
    }

    private func runSet(_ vcs: [ViewController], animated: Bool) {
        let isPop = viewControllers.contains { $0 === vcs.last }
        runStackChange(to: vcs, operation: isPop ? .pop : .push, animated: animated, interaction: nil)
    }

    /// Every stack change: the containment calls UIKit makes (willMove at the start,
    /// didMove / removeFromParent at the end), the stack updated at once as UIKit does,
    /// and — when the top changes on screen, animated — a transition whose cancellation
    /// puts the old stack back.
    ///
    /// A change made without a transition is recorded (`Stage.recordApplied`) unless
    /// `recorded` is false (the root given at init, before any scene exists).
    private func runStackChange(to stack: [ViewController], operation: NavigationOperation, animated: Bool,
                                interaction: InteractiveTransitioning?, recorded: Bool = true) {
        let saved = viewControllers
        let from = topViewController
        let added = stack.filter { vc in !saved.contains { $0 === vc } }
        let removed = saved.filter { vc in !stack.contains { $0 === vc } }
        for vc in added { addChild(vc) }
        for vc in removed { vc.willMove(toParent: nil) }
        viewControllers = stack
        let to = topViewController
        if let to, to !== from { delegate?.navigationController(self, willShow: to, animated: animated) }

        guard animated, isOnScreen, let from, let to, from !== to else {
            if recorded { recordApplied(operation, from: from, to: to, stack: stack, saved: saved, animated: animated) }
            if isViewLoaded { layoutBar() }
            from?.viewWillDisappear(false); to?.viewWillAppear(false)
            if isViewLoaded {
                if let from, from !== to, from.isViewLoaded { from.view.removeFromSuperview() }
                if let to { installTopView(to) }
            }
            for vc in added { vc.didMove(toParent: self) }
            for vc in removed { vc.removeFromParent() }
            from?.viewDidDisappear(false); to?.viewDidAppear(false)
            if let to, to !== from { delegate?.navigationController(self, didShow: to, animated: false) }
            return
        }
        runTransition(operation, from: from, to: to, interaction: interaction) { [self] completed in
            if completed {
                for vc in added { vc.didMove(toParent: self) }
                for vc in removed { vc.removeFromParent() }
            } else {
                for vc in added { vc.willMove(toParent: nil); vc.removeFromParent() }
                for vc in removed { vc.didMove(toParent: self) }
                viewControllers = saved
            }
        }
    }

    /// Records a stack change made without a transition, with the reason: as UIKit, a
    /// navigation controller whose view is not in the window (covered by a full-screen
    /// presentation, or taken out by an effect) changes its stack at once, and so does
    /// one asked to change without animation. A change that leaves the stack as it was
    /// is no change.
    private func recordApplied(_ operation: NavigationOperation, from: ViewController?, to: ViewController?,
                               stack: [ViewController], saved: [ViewController], animated: Bool) {
        guard stack.count != saved.count || zip(stack, saved).contains(where: { $0 !== $1 }) else { return }
        let reason: String
        if !animated {
            reason = "it was asked for without animation"
        } else if !isOnScreen {
            reason = "the navigation controller's view is not in the window"
        } else {
            reason = "the top view controller stays the same"
        }
        let what = operation == .push ? "push of \(to?.title ?? "a view controller")"
            : "pop of \(from?.title ?? "a view controller") to \(to?.title ?? "a view controller")"
        stage.recordApplied("\(what) applied at once, without a transition: \(reason)", source: "navigation",
                            operation: operation == .push ? .push : .pop)
    }

    /// Asks the delegate for an animation controller (the system slide otherwise) and,
    /// only if it gave one, for an interaction controller; then runs the transition.
    private func runTransition(_ operation: NavigationOperation, from: ViewController, to: ViewController,
                               interaction driver: InteractiveTransitioning?, restructure: @escaping (Bool) -> Void) {
        let custom = delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to)
        let animator = custom ?? SystemNavigationAnimator(operation: operation)
        var interaction: InteractiveTransitioning? = nil
        if let custom {
            interaction = delegate?.navigationController(self, interactionControllerFor: custom)
        }
        // Stagehand differs from UIKit here: a pop started by a gesture keeps that
        // gesture's interaction controller when the delegate offers none, so a custom
        // pop animation stays interactive under the edge (or full-screen) pan.
        if interaction == nil { interaction = driver }
        let container = transitionView
        let context = TransitionContext(stage: stage, operation: operation == .push ? .push : .pop,
                                        container: container, from: from, to: to,
                                        fromView: from.view, toView: to.view, animated: true,
                                        animator: animator, interaction: interaction)
        context.initialFrames[ObjectIdentifier(from)] = container.bounds
        context.finalFrames[ObjectIdentifier(to)] = container.bounds
        let barHidden = navigationBar.isHidden
        isTransitioning = true
        from.viewWillDisappear(true)
        to.viewWillAppear(true)
        context.onEnd = { [self, weak context] completed in
            isTransitioning = false
            restructure(completed)
            let shown = completed ? to : from
            let hidden = completed ? from : to
            // The container ends holding the shown view only: whatever else the effect
            // left there (snapshots, shadows) goes, with a note.
            for v in container.subviews where v !== shown.view {
                if v !== hidden.view {
                    stage.report(.warning, .sceneLeftInconsistent, context?.effectName ?? "navigation", "left \(v.displayName) in the navigation container; removed")
                }
                v.removeFromSuperview()
            }
            installTopView(shown)
            if !completed { navigationBar.isHidden = barHidden }
            layoutBar()
            if completed {
                from.viewDidDisappear(true); to.viewDidAppear(true)
                delegate?.navigationController(self, didShow: to, animated: true)
            } else {
                to.viewWillDisappear(true); to.viewDidDisappear(true)
                from.viewWillAppear(true); from.viewDidAppear(true)
            }
        }
        context.start()
        // The bar shows the new top's title once the animation controller has set the
        // transition up. UIKit cross-fades the title over the transition, so what an
        // animator sees (and snapshots) as it starts is still the old one.
        layoutBar()
    }
}
