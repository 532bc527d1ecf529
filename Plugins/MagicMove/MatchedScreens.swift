import StagehandSDK

/// The two screens of a matched transition, set up the way all three effects of this
/// bundle start: the incoming screen at its final frame, above the outgoing one on the
/// way in (push, present), below it on the way back (pop, dismiss), where the outgoing
/// screen leaves over it.
struct MatchedScreens {
    let container: View
    let from: View?
    let to: View?
    /// A push or a presentation.
    let forward: Bool

    /// `nil` (and the transition completed at once) when there is no container.
    init?(_ context: TransitionContext) {
        guard let container = context.containerView else {
            context.completeTransition(!context.transitionWasCancelled)
            return nil
        }
        self.container = container
        forward = context.operation.isForward
        from = context.view(forKey: .from)
        to = context.view(forKey: .to)
        if let to, let toController = context.viewController(forKey: .to) {
            let final = context.finalFrame(for: toController)
            if !final.isEmpty { to.frame = final }
            if forward || from == nil {
                container.addSubview(to)
            } else if let from {
                container.insertSubview(to, belowSubview: from)
            }
        }
    }
}

extension TransitionOperation {
    /// A push or a presentation (the way in); a pop or a dismissal goes back.
    var isForward: Bool { self == .push || self == .present }
}
