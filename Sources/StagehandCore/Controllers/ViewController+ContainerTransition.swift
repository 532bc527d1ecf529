/// The iOS 5 child swap driven by an animation controller rather than a block: what a
/// container effect bundle (crossfade) provides. UIKit has no such call — its
/// `transition(from:to:duration:options:animations:completion:)` takes a block — so this
/// is Stagehand's form of it, with UIKit's containment rules: both must be children of
/// this controller; `to`'s view takes `from`'s place; on completion `from`'s view leaves
/// the hierarchy. The caller makes the containment calls (`willMove`, `removeFromParent`,
/// `didMove`) before and after, as with UIKit's block form.
extension ViewController {
    @discardableResult
    public func transition(from: ViewController, to: ViewController, using animator: AnimatedTransitioning,
                           completion: ((Bool) -> Void)? = nil) -> StageError? {
        let stage = self.stage
        guard from.parent === self, to.parent === self, from !== to else {
            let error = StageError(.notAChild, "Children view controllers \(from.title ?? "?") and \(to.title ?? "?") must have a common parent view controller when calling transition(from:to:...)")
            stage.refuse(error, operation: .container, source: animator.transitionName)
            return error
        }
        guard from.isViewLoaded, let container = from.view.superview else {
            let error = StageError(.invalidArgument, "transition(from:to:using:): \(from.title ?? "?")'s view is not in a hierarchy")
            stage.refuse(error, operation: .container, source: animator.transitionName)
            return error
        }
        stage.perform("container transition to \(to.title ?? "a child")") {
            let fromView = from.view, toView = to.view
            let context = TransitionContext(stage: stage, operation: .container, container: container,
                                            from: from, to: to, fromView: fromView, toView: toView,
                                            animated: true, animator: animator, interaction: nil)
            context.initialFrames[ObjectIdentifier(from)] = fromView.frame
            context.finalFrames[ObjectIdentifier(to)] = fromView.frame
            context.onEnd = { completed in
                if completed {
                    if toView.superview !== container { container.insertSubview(toView, aboveSubview: fromView) }
                    fromView.removeFromSuperview()
                } else {
                    toView.removeFromSuperview()
                    if fromView.superview !== container { container.addSubview(fromView) }
                }
                completion?(completed)
            }
            context.start()
        }
        return nil
    }
}
