/// present / dismiss. Each presentation gets its own container view in the window, above
/// everything before it (UIKit's UITransitionView). A full-screen presentation takes the
/// presenter's window-level view off the screen once it ends, and puts it back when the
/// dismissal starts; overFullScreen and custom keep it.
extension ViewController {
    var stage: Stage { (isViewLoaded ? view.window?.stage : nil) ?? Stage.current }

    /// present(_:animated:completion:). Refused (an error; nothing changes) when this
    /// controller already presents one, or `vc` is already presented or has a parent.
    /// Queued behind a transition, that is decided when it runs, on the scene the
    /// operations before it leave (a presentation after a queued dismissal is allowed);
    /// a refusal then is an error event.
    @discardableResult
    public func present(_ vc: ViewController, animated: Bool, interactionController: InteractiveTransitioning? = nil,
                        completion: (() -> Void)? = nil) -> StageError? {
        let stage = self.stage
        if !stage.operationsWait, let error = validatePresent(vc) {
            stage.refuse(error, operation: .present, source: "presentation")
            return error
        }
        stage.perform("present \(vc.title ?? "a view controller")") { [self] in
            if let error = validatePresent(vc) {
                stage.refuse(error, operation: .present, source: "presentation")
                return
            }
            runPresent(vc, animated: animated, interaction: interactionController, completion: completion)
        }
        return nil
    }

    /// dismiss(animated:completion:): dismisses what this controller presented (and
    /// whatever that presented in turn), or this controller if it was presented.
    /// With nothing to dismiss it does nothing but call the completion. Queued behind a
    /// transition, what it dismisses is decided when it runs.
    public func dismiss(animated: Bool, interactionController: InteractiveTransitioning? = nil,
                        completion: (() -> Void)? = nil) {
        let stage = self.stage
        stage.perform("dismiss") { [self] in
            let me = rootAncestor
            let presenter = me.presentedViewController != nil ? me : me.presentingViewController
            guard let presenter, let presented = presenter.presentedViewController else {
                stage.report(.note, .operationDidNothing, "presentation", "dismiss with nothing presented does nothing")
                completion?()
                return
            }
            runDismiss(presenter: presenter, presented: presented, animated: animated,
                       interaction: interactionController, completion: completion)
        }
    }

    private func validatePresent(_ vc: ViewController) -> StageError? {
        let presenter = rootAncestor
        if let current = presenter.presentedViewController {
            return StageError(.alreadyPresenting, "Attempt to present \(vc.title ?? "a view controller") on \(presenter.title ?? "a view controller") which is already presenting \(current.title ?? "a view controller")")
        }
        if vc.presentingViewController != nil || vc.parent != nil || vc === presenter || vc === self {
            return StageError(.invalidArgument, "Application tried to present \(vc.title ?? "a view controller") which is already presented or is a child of another view controller")
        }
        if !presenter.isViewLoaded || presenter.view.window == nil {
            return StageError(.invalidArgument, "Attempt to present \(vc.title ?? "a view controller") on \(presenter.title ?? "a view controller") whose view is not in the window hierarchy")
        }
        return nil
    }

    /// The presenter's view as it sits in the window (its presentation container, or
    /// itself for the root).
    private var windowLevelView: View? {
        var node: View? = view
        while let n = node, let s = n.superview, !(s is Window) { node = s }
        return node?.superview is Window ? node : nil
    }

    private func runPresent(_ vc: ViewController, animated: Bool, interaction driver: InteractiveTransitioning?,
                            completion: (() -> Void)?) {
        let presenter = rootAncestor
        guard let window = presenter.view.window else { return }
        let stage = self.stage
        let container = View(frame: window.bounds, kind: .container)
        container.name = "presentation of \(vc.title ?? "a view controller")"
        window.addSubview(container)
        window.presentationDidCover(with: container)
        presenter.presentedViewController = vc
        vc.presentingViewController = presenter
        vc.presentationContainer = container
        let toView = vc.view
        toView.frame = container.bounds
        let fullScreen = vc.modalPresentationStyle == .fullScreen
        let covered = fullScreen ? presenter.windowLevelView : nil

        let finish: (Bool) -> Void = { completed in
            if completed {
                if toView.superview !== container { container.addSubview(toView) }
                if let covered, let i = window.subviews.firstIndex(where: { $0 === covered }) {
                    vc.coveredView = (covered, i)
                    covered.removeFromSuperview()
                }
                presenter.viewDidDisappear(animated)
                vc.viewDidAppear(animated)
                completion?()
            } else {
                container.removeFromSuperview()
                toView.removeFromSuperview()
                presenter.presentedViewController = nil
                vc.presentingViewController = nil
                vc.presentationContainer = nil
                presenter.viewWillAppear(animated); presenter.viewDidAppear(animated)
                vc.viewWillDisappear(animated); vc.viewDidDisappear(animated)
            }
        }
        presenter.viewWillDisappear(animated)
        vc.viewWillAppear(animated)
        guard animated else {
            container.addSubview(toView)
            finish(true)
            stage.recordApplied("present of \(vc.title ?? "a view controller") applied at once, without a transition: it was asked for without animation",
                                source: "presentation", operation: .present)
            return
        }
        let delegate = vc.transitioningDelegate
        let custom = delegate?.animationController(forPresented: vc, presenting: presenter, source: self)
        let animator = custom ?? SystemPresentationAnimator(presenting: true)
        var interaction: InteractiveTransitioning? = nil
        if let custom { interaction = delegate?.interactionControllerForPresentation(using: custom) }
        if interaction == nil { interaction = driver }
        let context = TransitionContext(stage: stage, operation: .present, container: container,
                                        from: presenter, to: vc, fromView: fullScreen ? presenter.view : nil,
                                        toView: toView, animated: true, animator: animator, interaction: interaction)
        context.initialFrames[ObjectIdentifier(presenter)] = presenter.view.frame
        context.finalFrames[ObjectIdentifier(presenter)] = presenter.view.frame
        context.finalFrames[ObjectIdentifier(vc)] = container.bounds
        context.onEnd = finish
        context.start()
    }

    private func runDismiss(presenter: ViewController, presented: ViewController, animated: Bool,
                            interaction driver: InteractiveTransitioning?, completion: (() -> Void)?) {
        let stage = self.stage
        guard let window = presenter.view.window ?? presented.view.window ?? presented.presentationContainer?.window else {
            // An effect took the presentation (and its presenter) out of the window:
            // nothing is there to dismiss.
            stage.refuse(StageError(.invalidArgument, "dismiss of \(presented.title ?? "a view controller"): neither it nor \(presenter.title ?? "its presenter") is in the window; nothing dismissed"),
                         operation: .dismiss, source: "presentation")
            return
        }
        // Whatever `presented` presented goes at once, without animation (UIKit animates
        // only the top one; Stagehand removes the ones between).
        var above = presented.presentedViewController
        while let vc = above {
            above = vc.presentedViewController
            vc.presentationContainer?.removeFromSuperview()
            if let covered = vc.coveredView { window.insertSubview(covered.view, at: covered.index) }
            vc.presentingViewController?.presentedViewController = nil
            vc.presentingViewController = nil
            vc.presentationContainer = nil
            vc.coveredView = nil
        }
        guard let container = presented.presentationContainer else {
            stage.refuse(StageError(.invalidArgument, "dismiss of \(presented.title ?? "a view controller"): it has no presentation container; nothing dismissed"),
                         operation: .dismiss, source: "presentation")
            return
        }
        let covered = presented.coveredView
        if let covered {
            window.insertSubview(covered.view, at: min(covered.index, window.subviews.count))
        }
        let fromView = presented.view
        let finish: (Bool) -> Void = { completed in
            if completed {
                container.removeFromSuperview()
                fromView.removeFromSuperview()
                presenter.presentedViewController = nil
                presented.presentingViewController = nil
                presented.presentationContainer = nil
                presented.coveredView = nil
                presented.viewDidDisappear(animated)
                presenter.viewDidAppear(animated)
                completion?()
            } else {
                if fromView.superview !== container { container.addSubview(fromView) }
                covered?.view.removeFromSuperview()
                presented.viewWillAppear(animated); presented.viewDidAppear(animated)
                presenter.viewWillDisappear(animated); presenter.viewDidDisappear(animated)
            }
        }
        presented.viewWillDisappear(animated)
        presenter.viewWillAppear(animated)
        guard animated else {
            finish(true)
            stage.recordApplied("dismiss of \(presented.title ?? "a view controller") applied at once, without a transition: it was asked for without animation",
                                source: "presentation", operation: .dismiss)
            return
        }
        let delegate = presented.transitioningDelegate
        let custom = delegate?.animationController(forDismissed: presented)
        let animator = custom ?? SystemPresentationAnimator(presenting: false)
        var interaction: InteractiveTransitioning? = nil
        if let custom { interaction = delegate?.interactionControllerForDismissal(using: custom) }
        if interaction == nil { interaction = driver }
        let context = TransitionContext(stage: stage, operation: .dismiss, container: container,
                                        from: presented, to: presenter, fromView: fromView,
                                        toView: covered != nil ? presenter.view : nil,
                                        animated: true, animator: animator, interaction: interaction)
        context.initialFrames[ObjectIdentifier(presented)] = container.bounds
        context.initialFrames[ObjectIdentifier(presenter)] = presenter.view.frame
        context.finalFrames[ObjectIdentifier(presenter)] = presenter.view.frame
        context.onEnd = finish
        context.start()
    }
}
