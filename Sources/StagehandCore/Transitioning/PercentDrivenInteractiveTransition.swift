/// UIPercentDrivenInteractiveTransition: drives an ordinary animation controller by
/// percent. Its animations run on the transition's timeline, held still while the
/// finger moves (`update` seeks linearly to percent × duration), then ramped to the end
/// (`finish`) or back to the start (`cancel`) over the remaining time divided by
/// `completionSpeed`, along `completionCurve`.
open class PercentDrivenInteractiveTransition: InteractiveTransitioning {
    /// ≤ 0 reads as 1, so `1 - percent` released at 100 % never stalls.
    open var completionSpeed: Double = 1
    open var completionCurve: TimingCurve = .easeInOut
    open var wantsInteractiveStart: Bool = true
    public private(set) var percentComplete: Double = 0
    /// The duration of the transition being driven (0 before it starts).
    public private(set) var duration: Double = 0

    public private(set) weak var context: TransitionContext?

    public init() {}

    open func startInteractiveTransition(_ context: TransitionContext) {
        self.context = context
        duration = context.transitionDuration
        percentComplete = 0
        if wantsInteractiveStart {
            context.timeline.seek(toLocal: 0)
        }
        context.runAnimator()
    }

    /// Moves the transition to `percent` (clamped to 0...1) at once.
    open func update(_ percent: Double) {
        guard let context, !context.isCompleted else { return }
        percentComplete = min(max(percent, 0), 1)
        context.timeline.seek(toLocal: percentComplete * duration)
        context.updateInteractiveTransition(percentComplete)
    }

    /// Holds the transition where it is now (iOS 10), also mid-way through a finish.
    open func pause() {
        guard let context, !context.isCompleted else { return }
        let now = context.stage.now
        context.timeline.pause(at: now)
        percentComplete = duration > 0 ? min(max(context.timeline.localTime(at: now) / duration, 0), 1) : 0
        context.pauseInteractiveTransition()
        context.updateInteractiveTransition(percentComplete)
    }

    open func finish() {
        guard let context, !context.isCompleted, !context.isResolving else { return }
        let now = context.stage.now
        context.finishInteractiveTransition()
        let remaining = (1 - percentComplete) * duration / effectiveSpeed
        context.timeline.ramp(to: duration, duration: remaining, curve: completionCurve, thenRun: true, at: now)
        context.armWatchdog(at: now + remaining)
    }

    open func cancel() {
        guard let context, !context.isCompleted, !context.isResolving else { return }
        let stage = context.stage
        context.cancelInteractiveTransition()
        let remaining = percentComplete * duration / effectiveSpeed
        context.timeline.ramp(to: 0, duration: remaining, curve: completionCurve, thenRun: false, at: stage.now)
        // Back at the start, what is on screen becomes the model and the animations end:
        // their completions call completeTransition(false).
        stage.schedule(at: stage.now + remaining) { [weak context] in
            guard let context, !context.isCompleted else { return }
            stage.animator.settle(context.timeline)
        }
        context.armWatchdog(at: stage.now + remaining)
    }

    private var effectiveSpeed: Double { completionSpeed > 0 ? completionSpeed : 1 }
}
