import StagehandSDK

/// What Material's motion patterns share: which view leaves and which arrives for any
/// operation, the standard curve, and the fade-through of the two.
///
/// A pattern plays forward (push, present, a container switch) or backward (pop,
/// dismiss): Material's `MaterialSharedAxis(axis, forward)` and the fade-through are
/// one transition that plays both ways, so each effect here serves every operation.
/// In a custom presentation the context hands out no view for the presenter (UIKit
/// keeps it in the window under the modal); the pattern still moves it, through its
/// controller, as the screen that leaves or returns, and gives it back untouched when
/// the transition ends (the host restores it on a cancel).
struct MaterialTransition {
    let context: TransitionContext
    let container: View
    /// The screen that leaves, and the one that arrives.
    let outgoing: View
    let incoming: View
    /// Whether `incoming` was handed out by the context (so it goes into the container)
    /// rather than being the presenter's view, which stays where it is in the window.
    let incomingIsContextView: Bool
    /// Push, present and container switches play forward; pop and dismiss backward.
    let isForward: Bool

    /// Material's standard easing ("fast out, slow in"), and its medium-long duration.
    static let standardCurve = TimingCurve(controlPoints: 0.4, 0, 0.2, 1)
    static let durations = 0.01...10.0

    /// `nil` when the context lacks a side (then the effect just completes).
    init?(_ context: TransitionContext) {
        guard let container = context.containerView,
              let outgoing = context.view(forKey: .from) ?? context.viewController(forKey: .from)?.view,
              let incoming = context.view(forKey: .to) ?? context.viewController(forKey: .to)?.view else { return nil }
        self.context = context
        self.container = container
        self.outgoing = outgoing
        self.incoming = incoming
        incomingIsContextView = context.view(forKey: .to) != nil
        switch context.operation {
        case .pop, .dismiss: isForward = false
        default: isForward = true
        }
    }

    /// Puts the incoming view where it ends: in the container, on top, at its final frame.
    func placeIncoming() {
        guard incomingIsContextView else { return }
        if let controller = context.viewController(forKey: .to) {
            let final = context.finalFrame(for: controller)
            if !final.isEmpty { incoming.frame = final }
        }
        container.addSubview(incoming)
    }

    /// The master curve: Material's, or linear while a finger drives the transition (so
    /// the views follow the finger).
    var curve: TimingCurve {
        context.isInteractive ? .linear : Self.standardCurve
    }

    /// Animates over `duration`: `changes` on the master curve (the incoming view starts
    /// from `incomingStart`, the outgoing ends at `outgoingEnd`), the outgoing view fading
    /// out until the master curve reaches 0.35 and the incoming fading in after it; then
    /// completes, leaving the outgoing view as it found it.
    func play(duration: Double, incomingStart: Transform2D, outgoingEnd: Transform2D) {
        let timing = FadeThroughTiming(curve: curve)
        let outgoing = outgoing, incoming = incoming, context = context
        View.performWithoutAnimation {
            placeIncoming()
            incoming.transform = incomingStart
            incoming.alpha = 0
        }
        View.animate(withDuration: duration * timing.switchTime, delay: 0, curve: timing.fadeOutCurve, animations: {
            outgoing.alpha = 0
        })
        View.animate(withDuration: duration * (1 - timing.switchTime), delay: duration * timing.switchTime,
                     curve: timing.fadeInCurve, animations: {
            incoming.alpha = 1
        })
        View.animate(withDuration: duration, delay: 0, curve: curve, animations: {
            incoming.transform = .identity
            outgoing.transform = outgoingEnd
        }, completion: { _ in
            let completed = !context.transitionWasCancelled
            if completed {
                // The screen that left comes back as it was, should it be shown again.
                View.performWithoutAnimation {
                    outgoing.alpha = 1
                    outgoing.transform = .identity
                }
            } else if self.incomingIsContextView {
                // A cancel: the host puts both views' state back; the arriving view
                // leaves the container, as it was never shown.
                incoming.removeFromSuperview()
            }
            context.completeTransition(completed)
        })
    }
}
