/// The world a scene lives in: a window, a virtual clock stepped one display-link frame
/// at a time, the animation engine, the transition queue and the diagnostics. Nothing
/// here reads the wall clock: the same steps give the same frames, always.
///
/// A new stage becomes the current one on its thread (what `View.animate` uses);
/// `makeCurrent()` switches back to another (Stage+Current.swift says why there is a
/// current stage at all).
///
/// Threads: a stage is driven by one thread at a time (everything on it, and on the
/// views and controllers in its window, is unsynchronised, like UIKit's main thread);
/// different stages may run at once on different threads. The one exception is
/// `post(_:_:_:)`, which any thread may call.
public final class Stage {
    /// Frames per second of the display link (60 or 120 on iPhones).
    public let framesPerSecond: Int
    public let window: Window
    public private(set) var animator: Animator!
    /// Frames stepped so far; `now` is derived from it so time never drifts.
    public private(set) var frameIndex = 0
    public private(set) var diagnostics: [Diagnostic] = []
    /// Called for each diagnostic as it is said (the command line prints them).
    public var diagnosticHandler: ((Diagnostic) -> Void)?
    /// Called after every frame is evaluated (recorders, renderers).
    public var frameObservers: [(Stage) -> Void] = []
    /// Seconds past its duration after which a transition that never completed is
    /// ended by the watchdog.
    public var watchdogGrace: Double = 2

    private var tasks: [ScheduledTask] = []
    private var taskSequence = 0
    /// The transition running now, and the operations asked for meanwhile.
    var activeTransition: TransitionContext?
    var pendingOperations: [(name: String, run: () -> Void)] = []

    /// Diagnostics posted from other threads, moved into `diagnostics` on this stage's
    /// thread at the next frame.
    private let posted = Locked<[(Diagnostic.Severity, Diagnostic.Code, String, String)]>([])

    /// Objects a layer above keeps per stage, by key (the bundle bridge keeps the views a
    /// bundle made during the running transition here), so they live and die with the
    /// stage instead of sitting in process-wide tables. Only the stage's thread uses it.
    public var attachments: [ObjectIdentifier: AnyObject] = [:]

    public init(screen: Size = Size(width: 390, height: 844), framesPerSecond: Int = 60) {
        self.framesPerSecond = max(1, framesPerSecond)
        self.window = Window(frame: Rect(origin: .zero, size: screen))
        self.animator = Animator(stage: self)
        window.stage = self
        makeCurrent()
    }

    /// How far apart two clock times may be and still count as the same instant. Times
    /// are frame counts over the frame rate, so `84/60 - 48/60` (1.4 s minus 0.8 s) is
    /// 0.5999999999999999, not 0.6; every "has this time come" question allows for that,
    /// or an end would land one frame late depending on where it started. A frame is at
    /// least 1/240 s at any rate in use, so this cannot swallow a real frame.
    static let timeTolerance = 1e-9

    /// The virtual time, in seconds.
    public var now: Double { Double(frameIndex) / Double(framesPerSecond) }
    public var frameDuration: Double { 1 / Double(framesPerSecond) }

    /// Whether a navigation or presentation transition is running.
    public var isTransitioning: Bool { activeTransition != nil }

    /// Whether operations wait for the running transition to end.
    public var hasPendingOperations: Bool { !pendingOperations.isEmpty }

    /// Whether the scene is at rest: no transition runs, none is queued, and no animation
    /// is running. What `settle` steps towards, and what a run that decides its waits as
    /// it goes checks after each frame, so both agree on when a beat is over.
    package var isSettled: Bool {
        activeTransition == nil && pendingOperations.isEmpty && animator.runningCount == 0
    }

    /// How far the running transition is, 0...1: its timeline's time over its duration
    /// (for an interactive one, the finger's percent).
    public var runningTransitionPercent: Double? {
        guard let t = activeTransition else { return nil }
        let d = t.transitionDuration
        guard d > 0 else { return nil }
        return min(max(t.timeline.localTime(at: now) / d, 0), 1)
    }

    // MARK: - Time

    /// Advances one frame: due tasks (touches, timers, watchdogs) first, then the
    /// animations are evaluated and their completions called, then observers see it.
    public func step() {
        frameIndex += 1
        deliverPosted()
        runDueTasks()
        animator.tick()
        runDueTasks()
        for observer in frameObservers { observer(self) }
    }

    /// Steps whole frames until at least `seconds` have passed.
    public func advance(by seconds: Double) {
        let frames = max(0, Int((seconds * Double(framesPerSecond) - Stage.timeTolerance).rounded(.up)))
        for _ in 0..<frames { step() }
    }

    /// Steps until `condition` holds or `limit` seconds pass; returns whether it held.
    @discardableResult
    public func run(until condition: () -> Bool, limit: Double = 30) -> Bool {
        let end = now + limit
        while !condition() {
            if now >= end { return false }
            step()
        }
        return true
    }

    /// Steps until no transition runs, none is queued, and no animation is running.
    @discardableResult
    public func settle(limit: Double = 30) -> Bool {
        run(until: { isSettled }, limit: limit)
    }

    // MARK: - Tasks

    struct ScheduledTask {
        let time: Double
        let sequence: Int
        let body: () -> Void
    }

    /// Runs `body` on the first frame at or after `time` (before animations are
    /// evaluated); tasks due at the same time run in the order scheduled.
    public func schedule(at time: Double, _ body: @escaping () -> Void) {
        taskSequence += 1
        let task = ScheduledTask(time: time, sequence: taskSequence, body: body)
        let i = tasks.firstIndex { ($0.time, $0.sequence) > (time, taskSequence) } ?? tasks.count
        tasks.insert(task, at: i)
    }

    public func schedule(after delay: Double, _ body: @escaping () -> Void) {
        schedule(at: now + max(0, delay), body)
    }

    private func runDueTasks() {
        let limit = now + Stage.timeTolerance
        while let first = tasks.first, first.time <= limit {
            tasks.removeFirst()
            first.body()
            animator.flushCompletions()
        }
    }

    // MARK: - Diagnostics

    public func report(_ severity: Diagnostic.Severity, _ code: Diagnostic.Code, _ source: String, _ message: String) {
        let d = Diagnostic(severity, code, source: source, message: message, time: now)
        diagnostics.append(d)
        diagnosticHandler?(d)
    }

    /// Records a diagnostic from any thread (say, a bundle's own thread calling the host,
    /// which is refused): it joins `diagnostics` (and `diagnosticHandler` sees it) on the
    /// stage's thread at the start of the next frame, so nothing said is lost and the
    /// stage's own state is only ever touched by the thread driving it.
    public func post(_ severity: Diagnostic.Severity, _ code: Diagnostic.Code, _ source: String, _ message: String) {
        posted.withLock { $0.append((severity, code, source, message)) }
    }

    /// Moves what other threads posted into `diagnostics`, in the order posted.
    public func deliverPosted() {
        let pending = posted.withLock { list -> [(Diagnostic.Severity, Diagnostic.Code, String, String)] in
            defer { list.removeAll() }
            return list
        }
        for (severity, code, source, message) in pending { report(severity, code, source, message) }
    }

    // MARK: - Transition events

    /// Every transition's began / completed / cancelled, and refused operations.
    public private(set) var transitionEvents: [TransitionEvent] = []

    /// Called with every transition event as it happens (the coordinator lets go of a
    /// presentation's effects when its dismissal completes).
    public var transitionObservers: [(TransitionEvent) -> Void] = []

    func record(_ event: TransitionEvent) {
        transitionEvents.append(event)
        for observer in transitionObservers { observer(event) }
    }

    /// Records an operation that could not run, said by someone above the scene (an
    /// unknown effect name in a scenario): an error diagnostic and an `error` event.
    public func recordError(_ message: String, _ code: Diagnostic.Code, effect: String, operation: TransitionEvent.Operation) {
        report(.error, code, effect, message)
        record(TransitionEvent(time: now, kind: .error, effect: effect, operation: operation, interactive: false, message: message))
    }

    /// Records an operation that changed the scene at once, without a transition (asked
    /// for without animation, or for a navigation controller whose view is not in the
    /// window, as UIKit does): a note and an `applied` event, so no change of the scene
    /// goes unrecorded.
    public func recordApplied(_ message: String, source: String, operation: TransitionEvent.Operation) {
        report(.note, .operationAppliedAtOnce, source, message)
        record(TransitionEvent(time: now, kind: .applied, effect: source, operation: operation, interactive: false, message: message))
    }

    /// Records an operation that could not run (UIKit would raise or log).
    public func refuse(_ error: StageError, operation: TransitionEvent.Operation, source: String) {
        report(.error, .operationRefused, source, error.message)
        record(TransitionEvent(time: now, kind: .error, effect: source, operation: operation, interactive: false, message: error.message))
    }

    // MARK: - Transition queue

    /// Where an operation asked for by a queued one as it runs goes in the queue: ahead
    /// of those queued after it (nil while no queued operation runs).
    private var queueInsertionIndex: Int?

    /// Whether an operation asked for now would wait: a transition runs, or others wait.
    /// An operation asked for by a queued one as it runs (a coordinator's pop calling
    /// the navigation controller's) is part of that one, and does not wait.
    public var operationsWait: Bool {
        activeTransition != nil || (!pendingOperations.isEmpty && queueInsertionIndex == nil)
    }

    /// Runs `operation` now, or after the running transition (and those queued before
    /// it) ends. UIKit drops or garbles such calls; Stagehand keeps them in order, and
    /// each acts on the scene the earlier ones leave: `operation` decides what it aims
    /// at (which controller to pop, which presentation to dismiss, whether it is
    /// allowed) when it runs, not when it is asked for.
    public func perform(_ what: String, _ operation: @escaping () -> Void) {
        guard operationsWait else {
            operation()
            return
        }
        report(.note, .operationQueued, "transition", "\(what) asked for while a transition runs: queued")
        if let i = queueInsertionIndex {
            pendingOperations.insert((what, operation), at: min(i, pendingOperations.count))
            queueInsertionIndex = i + 1
        } else {
            pendingOperations.append((what, operation))
        }
    }

    /// What has not finished, in words, for the end of a run that stopped before the
    /// scene settled: the running transition (its effect, operation, start and progress),
    /// the operations queued behind it (which never ran), and how many animations still
    /// run outside a transition. Empty when the scene is settled.
    public var unfinishedWork: [String] {
        var parts: [String] = []
        if let t = activeTransition {
            var running = "\(t.effectName)'s \(t.operation.rawValue) (began at \(Self.seconds(t.startTime)) s"
            if let percent = runningTransitionPercent { running += ", \(Int((percent * 100).rounded())) % done" }
            parts.append("still running: " + running + ")")
        }
        if !pendingOperations.isEmpty {
            parts.append("never run: " + pendingOperations.map(\.name).joined(separator: ", "))
        }
        // Outside a transition (whose own animations its line covers).
        let animations = animator.runningCount
        if animations > 0, activeTransition == nil { parts.append("\(animations) animation(s) still running") }
        return parts
    }

    /// Seconds to at most 3 decimals (`1.267`, `0.0`).
    static func seconds(_ t: Double) -> String { "\((t * 1000).rounded() / 1000)" }

    /// Called when a transition ends: the next queued operation starts on the next frame.
    func transitionDidEnd() {
        activeTransition = nil
        guard !pendingOperations.isEmpty else { return }
        schedule(after: 0) { [weak self] in
            guard let self, self.activeTransition == nil, !self.pendingOperations.isEmpty else { return }
            let next = self.pendingOperations.removeFirst()
            self.queueInsertionIndex = 0
            next.run()
            self.queueInsertionIndex = nil
            // An operation that started nothing (refused, or not animated) lets the
            // next one go at once.
            if self.activeTransition == nil { self.transitionDidEnd() }
        }
    }
}
