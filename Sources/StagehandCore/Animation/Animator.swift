/// The animation engine of one stage: it turns the changes made inside animation blocks
/// into property animations, evaluates them on each frame of the clock, and calls the
/// blocks' completions. Everything runs on the stage's thread, like UIKit's main thread.
public final class Animator {
    unowned let stage: Stage
    private(set) var animations: [PropertyAnimation] = []
    private var transactions: [AnimationTransaction] = []
    private var completions: [() -> Void] = []
    /// The timeline of views that are in no timed container.
    let clockTimeline = AnimationTimeline(runningFrom: 0, at: 0)
    /// While a transition's animator runs, its animations go on the transition's
    /// timeline even for views outside its container (see `Transition`).
    var transitionTimeline: AnimationTimeline?

    init(stage: Stage) {
        self.stage = stage
    }

    /// The engine of the stage current on this thread.
    static var current: Animator { Stage.current.animator }

    /// How many property animations are running.
    public var runningCount: Int { animations.count }

    // MARK: - Capture

    func recordChange(of view: View, property: AnimatableProperty, from old: AnimatableValue, to new: AnimatableValue) {
        guard let top = transactions.last else { return }
        var slice = 0
        var target = top
        switch top.kind {
        case .disabled:
            return
        case .keyframe(let s):
            slice = s
            guard let outer = transactions.dropLast().last(where: { if case .keyframes = $0.kind { return true }; return false }) else { return }
            target = outer
        case .basic, .keyframes:
            break
        }
        let onScreen = view.animations.first { $0.property == property }?.currentValue ?? old
        target.record(view: view, property: property, old: old, onScreen: onScreen, new: new, slice: slice)
    }

    func animate(_ parameters: AnimationParameters, animations block: () -> Void, completion: ((Bool) -> Void)?) {
        let transaction = AnimationTransaction(kind: .basic(parameters))
        transactions.append(transaction)
        block()
        transactions.removeLast()
        commit(transaction, parameters: parameters, completion: completion)
    }

    func animateKeyframes(_ parameters: AnimationParameters, animations block: () -> Void, completion: ((Bool) -> Void)?) {
        let transaction = AnimationTransaction(kind: .keyframes(parameters))
        transactions.append(transaction)
        block()
        transactions.removeLast()
        commit(transaction, parameters: parameters, completion: completion)
    }

    /// `addKeyframe`: outside a keyframes block the changes happen at once (UIKit
    /// ignores the call's timing there too).
    func addKeyframe(relativeStart: Double, relativeDuration: Double, animations block: () -> Void) {
        guard let outer = transactions.last(where: { if case .keyframes = $0.kind { return true }; return false }) else {
            block()
            return
        }
        let start = min(max(relativeStart, 0), 1)
        let end = min(max(start + max(relativeDuration, 0), start), 1)
        outer.slices.append(.init(start: start, end: end))
        let transaction = AnimationTransaction(kind: .keyframe(slice: outer.slices.count - 1))
        transactions.append(transaction)
        block()
        transactions.removeLast()
    }

    func performWithoutAnimation(_ block: () -> Void) {
        transactions.append(AnimationTransaction(kind: .disabled))
        block()
        transactions.removeLast()
    }

    private func commit(_ transaction: AnimationTransaction, parameters: AnimationParameters, completion: ((Bool) -> Void)?) {
        let group = AnimationGroup(completion: completion)
        let now = stage.now
        for change in transaction.changes {
            let inFlight = change.view.animations.first { $0.property == change.property }
            let from = (inFlight != nil && parameters.options.contains(.beginFromCurrentState)) ? change.onScreen : change.old
            if let inFlight { remove(inFlight, finished: false) }
            let timeline = resolveTimeline(for: change.view)
            let begin = timeline.localTime(at: now) + max(0, parameters.delay)
            let animation: PropertyAnimation
            switch transaction.kind {
            case .keyframes:
                var values = [from]
                var slices: [AnimationTiming.KeyframeSlice] = []
                for (slice, value) in change.keyframeValues.sorted(by: { transaction.slices[$0.slice].start < transaction.slices[$1.slice].start }) {
                    slices.append(transaction.slices[slice])
                    values.append(value)
                }
                animation = PropertyAnimation(view: change.view, property: change.property, values: values,
                                              timing: .keyframes(slices), beginTime: begin,
                                              duration: parameters.duration, timeline: timeline, group: group)
            default:
                let timing: AnimationTiming
                switch parameters.timing {
                case .curve(let c): timing = .curve(c)
                case .spring(let s): timing = .spring(s)
                }
                animation = PropertyAnimation(view: change.view, property: change.property, values: [from, change.new],
                                              timing: timing, beginTime: begin, duration: parameters.duration,
                                              timeline: timeline, group: group)
            }
            animation.currentValue = animation.value(atLocalTime: timeline.localTime(at: now))
            group.add()
            animations.append(animation)
            change.view.animations.append(animation)
        }
        if transaction.changes.isEmpty, let done = group.finish() {
            // UIKit calls the completion of a block that animated nothing on the next
            // turn of the run loop, never inside the call.
            completions.append(done)
        }
    }

    private func resolveTimeline(for view: View) -> AnimationTimeline {
        if let t = transitionTimeline { return t }
        var node: View? = view
        while let n = node {
            if let t = n.timeline { return t }
            node = n.superview
        }
        return clockTimeline
    }

    // MARK: - Frames

    /// Evaluates every animation at the stage's current time, ends the ones that are
    /// over, then calls the completions that became due.
    func tick() {
        let now = stage.now
        var ended: [Int] = []
        for (i, a) in animations.enumerated() {
            let local = a.timeline.localTime(at: now)
            a.currentValue = a.value(atLocalTime: local)
            if !a.timeline.isPaused && a.hasEnded(atLocalTime: local) { ended.append(i) }
        }
        for i in ended.reversed() {
            let a = animations.remove(at: i)
            a.view.animations.removeAll { $0 === a }
            if let c = a.group.end(finished: true) { completions.append(c) }
        }
        flushCompletions()
    }

    func flushCompletions() {
        while !completions.isEmpty {
            let due = completions
            completions.removeAll()
            for c in due { c() }
        }
    }

    private func remove(_ animation: PropertyAnimation, finished: Bool) {
        animations.removeAll { $0 === animation }
        animation.view.animations.removeAll { $0 === animation }
        if let c = animation.group.end(finished: finished) { completions.append(c) }
    }

    /// Stops every animation of `view` (layer.removeAllAnimations): the model values
    /// show at once; completions get `finished == false`.
    public func removeAllAnimations(of view: View) {
        for a in view.animations { remove(a, finished: false) }
    }

    /// Ends every animation on `timeline` where it now stands, making what is on screen
    /// the model: used when a cancelled interaction has played its animations back to
    /// their start. Completions get `finished == true` (the animations ran their
    /// course, backwards).
    func settle(_ timeline: AnimationTimeline) {
        let local = timeline.localTime(at: stage.now)
        for a in animations where a.timeline === timeline {
            let value = a.value(atLocalTime: local)
            value.apply(to: &a.view.model, property: a.property)
            remove(a, finished: true)
        }
    }

    /// Whether any animation runs on `timeline`.
    func hasAnimations(on timeline: AnimationTimeline) -> Bool {
        animations.contains { $0.timeline === timeline }
    }
}
