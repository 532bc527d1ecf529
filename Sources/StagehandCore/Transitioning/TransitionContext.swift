/// Which side of a transition.
public enum TransitionContextKey: String, Sendable {
    case from, to
}

/// UIViewControllerContextTransitioning: everything an animation controller needs to
/// know about one transition, and the way it says it is done.
///
/// The context also keeps the scene consistent whatever the effect does: it remembers
/// the look of both views when the transition starts and restores it on cancel, ignores
/// a second `completeTransition`, and a watchdog ends a transition that is never
/// completed (after its duration plus `Stage.watchdogGrace`), or an interactive one that
/// nothing drives any more.
public final class TransitionContext {
    unowned let stage: Stage
    public let containerView: View
    public let operation: TransitionEvent.Operation
    public let isAnimated: Bool
    public private(set) var isInteractive: Bool = false
    public private(set) var transitionWasCancelled = false
    /// The last percent an interaction reported (0 for a non-interactive transition).
    public private(set) var percentComplete: Double = 0

    let fromViewController: ViewController
    let toViewController: ViewController
    private let fromView: View?
    private let toView: View?
    let animator: AnimatedTransitioning
    let interaction: InteractiveTransitioning?
    var initialFrames: [ObjectIdentifier: Rect] = [:]
    var finalFrames: [ObjectIdentifier: Rect] = [:]

    /// The time base of the transition's animations: paused and scrubbed while
    /// interactive, ramped to the end or back to the start after.
    let timeline: AnimationTimeline
    /// True once `completeTransition` ran: a later call is the effect's mistake.
    public private(set) var isCompleted = false
    /// True once finish or cancel was asked for (the interaction is over).
    private(set) var isResolving = false
    private var savedStates: [(View, ViewState)] = []
    /// Both screens as they were at the start, put back exactly on cancel.
    private var savedHierarchy: HierarchyRecord?
    /// The matched views as they were at the start, put back when the transition ends
    /// either way (an effect hides, fades or moves them during the flight).
    private var savedMatched: HierarchyRecord?

    /// The views of the outgoing and incoming screens that share a match identifier,
    /// paired when the transition started (see `MatchedPair` and
    /// Documentation/MatchedViews.md); empty when none do.
    public private(set) var matchedPairs: [MatchedPair] = []
    /// Both screens as the matching measured them (roots and where they stand).
    var matchedScreens: [ViewMatcher.Screen] = []
    /// Every view of a pair, either side.
    var matchedViews: Set<ObjectIdentifier> = []
    private var watchdogGeneration = 0
    private var everDriven = false
    /// The idle watchdog: when the interaction was last driven, the generation that arm
    /// belongs to, and whether its one check is scheduled. Driving only moves
    /// `lastDriven`; the check, when it comes, looks again later if the transition was
    /// driven since (so an update schedules nothing and allocates nothing).
    private var lastDriven = 0.0
    private var idleGeneration = -1
    private var idleCheckScheduled = false
    private lazy var idleCheck: () -> Void = { [weak self] in self?.checkIdle() }

    /// Restructures the scene when the transition ends (stack, hierarchy, links).
    var onEnd: ((Bool) -> Void)?

    init(stage: Stage, operation: TransitionEvent.Operation, container: View,
         from: ViewController, to: ViewController, fromView: View?, toView: View?,
         animated: Bool, animator: AnimatedTransitioning, interaction: InteractiveTransitioning?) {
        self.stage = stage
        self.operation = operation
        self.containerView = container
        self.fromViewController = from
        self.toViewController = to
        self.fromView = fromView
        self.toView = toView
        self.isAnimated = animated
        self.animator = animator
        self.interaction = interaction
        self.timeline = AnimationTimeline(pausedAt: 0)
    }

    // MARK: - What the animation controller asks

    public func viewController(forKey key: TransitionContextKey) -> ViewController {
        key == .from ? fromViewController : toViewController
    }

    /// The view to animate for a side, or nil where UIKit returns nil: the presenter's
    /// view in a presentation that keeps it (overFullScreen, custom).
    public func view(forKey key: TransitionContextKey) -> View? {
        key == .from ? fromView : toView
    }

    public func initialFrame(for vc: ViewController) -> Rect {
        initialFrames[ObjectIdentifier(vc)] ?? .zero
    }

    public func finalFrame(for vc: ViewController) -> Rect {
        finalFrames[ObjectIdentifier(vc)] ?? .zero
    }

    /// The animation controller's duration for this transition.
    public var transitionDuration: Double {
        max(0, animator.transitionDuration(using: self))
    }

    public var effectName: String { animator.transitionName }

    // MARK: - Start

    /// The stage time at which the transition began.
    private(set) var startTime = 0.0

    func start() {
        startTime = stage.now
        stage.activeTransition = self
        savedStates = [fromViewController.view, toViewController.view].map { ($0, $0.model) }
        matchViews()
        containerView.timeline = timeline
        if let interaction, interaction.wantsInteractiveStart {
            isInteractive = true
            record(.began)
            interaction.startInteractiveTransition(self)
            armIdleWatchdog()
        } else {
            record(.began)
            if let interaction {
                // wantsInteractiveStart == false: animate until the controller pauses.
                timeline.run(at: stage.now)
                interaction.startInteractiveTransition(self)
            } else {
                timeline.run(at: stage.now)
                runAnimator()
            }
            armWatchdog(at: stage.now + transitionDuration)
        }
    }

    /// Pairs the matched views of both screens and records what ending the transition
    /// puts back; a duplicate identifier is said once, with the views carrying it.
    private func matchViews() {
        let from = fromViewController.view, to = toViewController.view
        savedHierarchy = HierarchyRecord(roots: from === to ? [from] : [from, to])
        let matcher = ViewMatcher(containerBounds: containerView.model.bounds)
        func placement(_ vc: ViewController) -> Rect {
            let frame = (vc === fromViewController ? initialFrames : finalFrames)[ObjectIdentifier(vc)]
            return frame.flatMap { $0 == .zero ? nil : $0 } ?? vc.view.model.frame
        }
        matchedScreens = [.init(root: from, placement: placement(fromViewController)),
                          .init(root: to, placement: placement(toViewController))]
        let (pairs, duplicates) = matcher.pairs(from: matchedScreens[0], to: matchedScreens[1])
        for duplicate in duplicates {
            let side = duplicate.inSource ? "outgoing" : "incoming"
            let names = duplicate.views.prefix(2).map { "'\($0.displayName)'" }.joined(separator: " and ")
            let more = duplicate.views.count > 2 ? " (and \(duplicate.views.count - 2) more)" : ""
            stage.report(.warning, .duplicateMatchIdentifier, effectName,
                         "match identifier '\(duplicate.identifier)' is carried by \(names)\(more) in the \(side) screen (\(side == "outgoing" ? fromViewController.title ?? "untitled" : toViewController.title ?? "untitled")); neither is matched")
        }
        matchedPairs = pairs
        matchedViews = Set(pairs.flatMap { [ObjectIdentifier($0.source.view), ObjectIdentifier($0.destination.view)] })
        savedMatched = pairs.isEmpty ? nil : HierarchyRecord(views: pairs.flatMap { [$0.source.view, $0.destination.view] })
    }

    /// Calls the animation controller with its animations bound to this transition's
    /// timeline (what UIKit's paused container layer achieves).
    func runAnimator() {
        let engine = stage.animator!
        let previous = engine.transitionTimeline
        engine.transitionTimeline = timeline
        animator.animateTransition(using: self)
        engine.transitionTimeline = previous
    }

    // MARK: - Interaction

    public func updateInteractiveTransition(_ percent: Double) {
        guard !isCompleted else { return }
        percentComplete = min(max(percent, 0), 1)
        everDriven = true
        armIdleWatchdog()
    }

    public func pauseInteractiveTransition() {
        guard !isCompleted else { return }
        isInteractive = true
        isResolving = false
        everDriven = true
        armIdleWatchdog()
    }

    public func finishInteractiveTransition() {
        guard !isCompleted else { return }
        isResolving = true
        everDriven = true
        transitionWasCancelled = false
        isInteractive = false
    }

    public func cancelInteractiveTransition() {
        guard !isCompleted else { return }
        isResolving = true
        everDriven = true
        transitionWasCancelled = true
        isInteractive = false
    }

    /// Called by interaction controllers once their remaining animation is scheduled.
    func armWatchdog(at end: Double) {
        watchdogGeneration += 1
        let generation = watchdogGeneration
        stage.schedule(at: end + stage.watchdogGrace) { [weak self] in
            guard let self, !self.isCompleted, generation == self.watchdogGeneration else { return }
            self.stage.report(.warning, .neverCompleted, self.effectName,
                              "completeTransition was never called; the watchdog ends the \(self.operation.rawValue) after its duration plus \(self.stage.watchdogGrace) s")
            if self.transitionWasCancelled { self.stage.animator.settle(self.timeline) }
            self.completeTransition(!self.transitionWasCancelled)
        }
    }

    /// While interactive, a transition that nothing drives (no update, no finish or
    /// cancel, no gesture in progress) for `watchdogGrace` seconds is resolved: finished
    /// if it was never driven or is past half way, else cancelled. UIKit hangs instead.
    ///
    /// Each arm is a new generation (as an arm of the completion watchdog is): an arm of
    /// either kind disowns the checks of the arms before it.
    private func armIdleWatchdog() {
        watchdogGeneration += 1
        idleGeneration = watchdogGeneration
        lastDriven = stage.now
        guard !idleCheckScheduled else { return }
        idleCheckScheduled = true
        stage.schedule(at: lastDriven + stage.watchdogGrace, idleCheck)
    }

    private func checkIdle() {
        idleCheckScheduled = false
        guard !isCompleted, !isResolving, idleGeneration == watchdogGeneration else { return }
        let due = lastDriven + stage.watchdogGrace
        if stage.now + Stage.timeTolerance < due {
            // Driven since this check was scheduled: look again `watchdogGrace` after that.
            idleCheckScheduled = true
            stage.schedule(at: due, idleCheck)
            return
        }
        if stage.window.hasActiveGesture {
            armIdleWatchdog()
            return
        }
        let finish = !everDriven || percentComplete > 0.5
        stage.report(.warning, .interactionAbandoned, effectName,
                     "interactive \(operation.rawValue) left undriven with no gesture in progress; \(finish ? "finishing" : "cancelling") it")
        let driver = interaction as? PercentDrivenInteractiveTransition
        if let driver, driver.context === self {
            finish ? driver.finish() : driver.cancel()
        } else {
            finish ? finishInteractiveTransition() : cancelInteractiveTransition()
            timeline.ramp(to: finish ? transitionDuration : 0, duration: 0, curve: .linear,
                          thenRun: finish, at: stage.now)
            if !finish { stage.schedule(after: 0) { [weak self] in
                guard let self else { return }
                self.stage.animator.settle(self.timeline)
            } }
            armWatchdog(at: stage.now)
        }
    }

    // MARK: - End

    /// completeTransition(_:): ends the transition. A second call is ignored with a
    /// diagnostic. `didComplete == false` means cancelled: the scene goes back to
    /// exactly what it was before the transition started.
    public func completeTransition(_ didComplete: Bool) {
        guard !isCompleted else {
            stage.report(.warning, .completedTwice, effectName, "completeTransition called twice by \(effectName); the second call is ignored")
            return
        }
        isCompleted = true
        watchdogGeneration += 1
        if !didComplete {
            transitionWasCancelled = true
            stage.animator.settle(timeline)
        }
        if containerView.timeline === timeline { containerView.timeline = nil }
        isInteractive = false
        // Run once, then let go: the closure usually captures this context (a cycle that
        // would otherwise keep both controllers alive after the transition).
        let end = onEnd
        onEnd = nil
        end?(didComplete)
        if !didComplete {
            // The look of both views as they were (the structure was put back by onEnd),
            // and every view inside them exactly as it was.
            for (view, state) in savedStates {
                view.removeAllAnimations()
                view.modelValues = state
            }
            savedHierarchy?.restore(subtrees: true)
        } else {
            savedMatched?.restore(subtrees: false)
        }
        savedHierarchy = nil
        savedMatched = nil
        record(didComplete ? .completed : .cancelled)
        animator.animationEnded(didComplete)
        stage.transitionDidEnd()
    }

    private func record(_ kind: TransitionEvent.Kind) {
        stage.record(TransitionEvent(time: stage.now, kind: kind, effect: effectName, operation: operation,
                                     interactive: kind == .began ? isInteractive : interaction != nil))
    }
}
