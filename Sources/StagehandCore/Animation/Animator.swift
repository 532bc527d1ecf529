import Foundation

/// The animation engine of one stage: it turns the changes made inside animation blocks
/// into property animations, evaluates them on each frame of the clock, and calls the
/// blocks' completions. Everything runs on the stage's thread, like UIKit's main thread.
///
/// The running animations live in one table per value kind (scalars, points, rects,
/// transforms, colours: struct of arrays by kind), as plain values — no class per
/// animation, no enum boxes, no arrays hanging off views — so a frame is five loops over
/// contiguous memory that retain, release and allocate nothing. A view knows its row in
/// each table (`View.animationRows`); what it shows is read from there. Timelines and
/// completion groups, which are objects, sit in side tables that the loops reach by index.
public final class Animator {
    unowned let stage: Stage
    private var transactions: [AnimationTransaction] = []
    var completions: [() -> Void] = []
    /// The timeline of views that are in no timed container.
    let clockTimeline = AnimationTimeline(runningFrom: 0, at: 0)
    /// While a transition's animator runs, its animations go on the transition's
    /// timeline even for views outside its container (see `Transition`).
    var transitionTimeline: AnimationTimeline?

    // The tables, one per value kind.
    private var scalars = TrackTable<Double>()
    private var points = TrackTable<Point>()
    private var rects = TrackTable<Rect>()
    private var transforms = TrackTable<Transform3D>()
    private var colors = TrackTable<ColorValue>()
    private var nextSequence = 0

    // Timelines in use, by index; each frame reads every one's local time once.
    var timelines: [AnimationTimeline?] = []
    var timelineUses: [Int] = []
    var freeTimelines: [Int32] = []
    var localTimes: [Double] = []
    var pausedTimelines: [Bool] = []

    // Completion groups in use, by index.
    var groups: [AnimationGroup?] = []
    var freeGroups: [Int32] = []

    /// Rows found over during a frame (kept, so a frame allocates nothing).
    private var ended: [EndedTrack] = []

    /// How many threads evaluate a big frame (at least `parallelRows` animations): the
    /// stage's and, with 2, one `FrameWorker`. Both cores by default on a machine with
    /// two or more; the results are identical either way. (`stagehand bench` sets 1 to
    /// compare the engine with a single-threaded C loop.)
    @_spi(Benchmarks) public var frameThreads = Swift.min(2, ProcessInfo.processInfo.activeProcessorCount)
    static let parallelRows = 8192
    private var worker: FrameWorker?

    /// Bézier solvers (coefficients and t(x) table), one per distinct curve, made on
    /// first use; past the limit, each animation gets one of its own (see `CurveSolver`).
    private var curveSolvers: [TimingCurve: CurveSolver] = [:]
    private static let curveSolverLimit = 64

    init(stage: Stage) {
        self.stage = stage
        ended.reserveCapacity(64)
    }

    deinit {
        worker?.stop()
        // Views may outlive the stage: they must stop pointing into these tables.
        for owner in scalars.meta { owner.view.animationRows[owner.property] = -1 }
        for owner in points.meta { owner.view.animationRows[owner.property] = -1 }
        for owner in rects.meta { owner.view.animationRows[owner.property] = -1 }
        for owner in transforms.meta { owner.view.animationRows[owner.property] = -1 }
        for owner in colors.meta { owner.view.animationRows[owner.property] = -1 }
        scalars.releaseAll(); points.releaseAll(); rects.releaseAll(); transforms.releaseAll(); colors.releaseAll()
        for solver in curveSolvers.values { solver.free() }
    }

    /// The engine of the stage current on this thread.
    static var current: Animator { Stage.current.animator }

    /// How many property animations are running.
    public var runningCount: Int {
        scalars.count + points.count + rects.count + transforms.count + colors.count
    }

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
        let onScreen = currentValue(of: view, property: property) ?? old
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
        guard !transaction.changes.isEmpty else {
            // UIKit calls the completion of a block that animated nothing on the next
            // turn of the run loop, never inside the call.
            if let done = group.finish() { completions.append(done) }
            return
        }
        let groupIndex = store(group)
        let now = stage.now
        for change in transaction.changes {
            let view = change.view
            let property = change.property
            let inFlight = hasAnimation(of: view, property: property)
            let from = (inFlight && parameters.options.contains(.beginFromCurrentState)) ? change.onScreen : change.old
            if inFlight { removeAnimation(of: view, property: property, finished: false) }
            let timeline = resolveTimeline(for: view)
            let local = timeline.localTime(at: now)
            let begin = local + max(0, parameters.delay)
            var values: [AnimatableValue]
            var slices: [AnimationTransaction.Slice] = []
            let timing: TrackTiming
            switch transaction.kind {
            case .keyframes:
                values = [from]
                for (slice, value) in change.keyframeValues.sorted(by: { transaction.slices[$0.slice].start < transaction.slices[$1.slice].start }) {
                    slices.append(transaction.slices[slice])
                    values.append(value)
                }
                timing = .keyframes
            default:
                values = [from, change.new]
                switch parameters.timing {
                case .curve(let c): timing = .curve(solver(for: c))
                case .spring(let s): timing = .spring(SpringSolver(s))
                }
            }
            group.add()
            let spec = TrackSpec(view: view, property: property, values: values, slices: slices, timing: timing,
                                 begin: begin, duration: max(0, parameters.duration), timeline: retain(timeline),
                                 group: groupIndex, local: local)
            switch property.trackKind {
            case .scalar: insert(spec, into: &scalars)
            case .point: insert(spec, into: &points)
            case .rect: insert(spec, into: &rects)
            case .transform: insert(spec, into: &transforms)
            case .color: insert(spec, into: &colors)
            }
        }
    }

    /// Everything about one new animation but its value type.
    private struct TrackSpec {
        var view: View
        var property: AnimatableProperty
        var values: [AnimatableValue]
        var slices: [AnimationTransaction.Slice]
        var timing: TrackTiming
        var begin: Double
        var duration: Double
        var timeline: Int32
        var group: Int32
        /// The timeline's local time now, for the first value shown.
        var local: Double
    }

    private func insert<Value: TrackValue>(_ spec: TrackSpec, into table: inout TrackTable<Value>) {
        let typed = spec.values.map { value -> Value in
            guard let v = Value(value) else { preconditionFailure("value \(value) does not fit property \(spec.property)") }
            return v
        }
        let view = spec.view
        if view.animationEngine !== self {
            view.animationEngine?.removeAllAnimations(of: view)
            view.animationEngine = self
        }
        nextSequence += 1
        let meta = TrackMeta(view: view, property: spec.property, group: spec.group, sequence: nextSequence)
        view.animationRows[spec.property] = table.append(values: typed, slices: spec.slices, timing: spec.timing,
                                                         begin: spec.begin, duration: spec.duration,
                                                         timeline: spec.timeline, local: spec.local, meta: meta,
                                                         moved: Self.repoint)
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

    private func solver(for curve: TimingCurve) -> CurveSolver {
        if let solver = curveSolvers[curve] { return solver }
        guard curveSolvers.count < Self.curveSolverLimit else { return CurveSolver.make(for: curve, owned: true) }
        let solver = CurveSolver.make(for: curve, owned: false)
        curveSolvers[curve] = solver
        return solver
    }

    // MARK: - Frames

    /// Evaluates every animation at the stage's current time, ends the ones that are
    /// over, then calls the completions that became due.
    func tick() {
        let now = stage.now
        for i in timelines.indices {
            guard let timeline = timelines[i] else { continue }
            localTimes[i] = timeline.localTime(at: now)
            pausedTimelines[i] = timeline.isPaused
        }
        ended.removeAll(keepingCapacity: true)
        let rows = runningCount
        if rows > 0 {
            localTimes.withUnsafeBufferPointer { local in
                pausedTimelines.withUnsafeBufferPointer { paused in
                    let local = local.baseAddress!, paused = paused.baseAddress!
                    if frameThreads >= 2 && rows >= Self.parallelRows {
                        evaluateInParallel(localTimes: local, paused: paused)
                    } else {
                        scalars.evaluate(localTimes: local, paused: paused, kind: .scalar, ended: &ended)
                        points.evaluate(localTimes: local, paused: paused, kind: .point, ended: &ended)
                        rects.evaluate(localTimes: local, paused: paused, kind: .rect, ended: &ended)
                        transforms.evaluate(localTimes: local, paused: paused, kind: .transform, ended: &ended)
                        colors.evaluate(localTimes: local, paused: paused, kind: .color, ended: &ended)
                    }
                }
            }
        }
        if !ended.isEmpty { endFinishedTracks() }
        flushCompletions()
    }

    /// The same evaluation shared with the `FrameWorker` (made on the first big frame).
    private func evaluateInParallel(localTimes: UnsafePointer<Double>, paused: UnsafePointer<Bool>) {
        let worker = self.worker ?? FrameWorker()
        self.worker = worker
        scalars.withView { s in
            points.withView { p in
                rects.withView { r in
                    transforms.withView { t in
                        colors.withView { c in
                            worker.evaluate(s, p, r, t, c, localTimes: localTimes, paused: paused, ended: &ended)
                        }
                    }
                }
            }
        }
    }

    /// Ends the rows found over: completions in creation order, then the rows removed
    /// from the highest down (so moving the last row into a hole never moves one still
    /// to be removed).
    private func endFinishedTracks() {
        ended.sort { meta(of: $0).sequence < meta(of: $1).sequence }
        for e in ended { endGroup(meta(of: e).group, finished: true) }
        ended.sort { ($0.kind.rawValue, $0.row) > ($1.kind.rawValue, $1.row) }
        for e in ended {
            switch e.kind {
            case .scalar: detach(row: Int(e.row), from: &scalars)
            case .point: detach(row: Int(e.row), from: &points)
            case .rect: detach(row: Int(e.row), from: &rects)
            case .transform: detach(row: Int(e.row), from: &transforms)
            case .color: detach(row: Int(e.row), from: &colors)
            }
        }
        ended.removeAll(keepingCapacity: true)
    }

    private func meta(of e: EndedTrack) -> TrackMeta {
        switch e.kind {
        case .scalar: return scalars.meta[Int(e.row)]
        case .point: return points.meta[Int(e.row)]
        case .rect: return rects.meta[Int(e.row)]
        case .transform: return transforms.meta[Int(e.row)]
        case .color: return colors.meta[Int(e.row)]
        }
    }

    func flushCompletions() {
        while !completions.isEmpty {
            let due = completions
            completions.removeAll()
            for c in due { c() }
        }
    }

    // MARK: - Removal

    private func hasAnimation(of view: View, property: AnimatableProperty) -> Bool {
        view.animationEngine === self && view.animationRows[property] >= 0
    }

    /// Ends the animation of `property` of `view`, if any: the model shows; its
    /// group's completion gets `finished`.
    func removeAnimation(of view: View, property: AnimatableProperty, finished: Bool) {
        guard hasAnimation(of: view, property: property) else { return }
        let row = Int(view.animationRows[property])
        let group: Int32
        switch property.trackKind {
        case .scalar: group = scalars.meta[row].group; detach(row: row, from: &scalars)
        case .point: group = points.meta[row].group; detach(row: row, from: &points)
        case .rect: group = rects.meta[row].group; detach(row: row, from: &rects)
        case .transform: group = transforms.meta[row].group; detach(row: row, from: &transforms)
        case .color: group = colors.meta[row].group; detach(row: row, from: &colors)
        }
        endGroup(group, finished: finished)
    }

    /// Takes a row out of its table and lets go of what it held (its view's row, its
    /// timeline, its memory). Its group is the caller's business.
    private func detach<Value: TrackValue>(row: Int, from table: inout TrackTable<Value>) {
        let timeline = table.clocks[row].timeline
        let removed = table.remove(at: row, moved: Self.repoint)
        removed.view.animationRows[removed.property] = -1
        release(timeline)
    }

    /// Tells a view that its animation of a property moved to row `row` of its table.
    private static func repoint(_ owner: TrackMeta, to row: Int32) {
        owner.view.animationRows[owner.property] = row
    }

    /// Stops every animation of `view` (layer.removeAllAnimations): the model values
    /// show at once; completions get `finished == false`.
    public func removeAllAnimations(of view: View) {
        guard view.animationEngine === self, view.animationRows.count > 0 else { return }
        var running: [(sequence: Int, property: AnimatableProperty)] = []
        for property in AnimatableProperty.allCases {
            let row = Int(view.animationRows[property])
            guard row >= 0 else { continue }
            running.append((sequence(of: property, row: row), property))
        }
        running.sort { $0.sequence < $1.sequence }
        for (_, property) in running { removeAnimation(of: view, property: property, finished: false) }
    }

    private func sequence(of property: AnimatableProperty, row: Int) -> Int {
        switch property.trackKind {
        case .scalar: return scalars.meta[row].sequence
        case .point: return points.meta[row].sequence
        case .rect: return rects.meta[row].sequence
        case .transform: return transforms.meta[row].sequence
        case .color: return colors.meta[row].sequence
        }
    }

    /// Ends every animation on `timeline` where it now stands, making what is on screen
    /// the model: used when a cancelled interaction has played its animations back to
    /// their start. Completions get `finished == true` (the animations ran their
    /// course, backwards).
    func settle(_ timeline: AnimationTimeline) {
        guard let index = timelines.firstIndex(where: { $0 === timeline }) else { return }
        let local = timeline.localTime(at: stage.now)
        var found: [(sequence: Int, kind: TrackKind, owner: TrackMeta)] = []
        let key = Int32(index)
        scalars.rows(on: key, kind: .scalar, into: &found)
        points.rows(on: key, kind: .point, into: &found)
        rects.rows(on: key, kind: .rect, into: &found)
        transforms.rows(on: key, kind: .transform, into: &found)
        colors.rows(on: key, kind: .color, into: &found)
        found.sort { $0.sequence < $1.sequence }
        for (sequence, _, owner) in found {
            let view = owner.view, property = owner.property
            guard hasAnimation(of: view, property: property) else { continue }
            let row = Int(view.animationRows[property])
            guard self.sequence(of: property, row: row) == sequence else { continue }
            let value: AnimatableValue
            switch property.trackKind {
            case .scalar: value = scalars.value(row: row, atLocalTime: local).animatableValue
            case .point: value = points.value(row: row, atLocalTime: local).animatableValue
            case .rect: value = rects.value(row: row, atLocalTime: local).animatableValue
            case .transform: value = transforms.value(row: row, atLocalTime: local).animatableValue
            case .color: value = colors.value(row: row, atLocalTime: local).animatableValue
            }
            value.apply(to: &view.modelValues, property: property)
            removeAnimation(of: view, property: property, finished: true)
        }
    }

    /// Whether any animation runs on `timeline`.
    func hasAnimations(on timeline: AnimationTimeline) -> Bool {
        guard let index = timelines.firstIndex(where: { $0 === timeline }) else { return false }
        return timelineUses[index] > 0
    }

    // MARK: - What is on screen

    /// The value on screen of a property that is animating.
    func currentValue(of view: View, property: AnimatableProperty) -> AnimatableValue? {
        guard hasAnimation(of: view, property: property) else { return nil }
        let row = Int(view.animationRows[property])
        switch property.trackKind {
        case .scalar: return scalars.current(row).animatableValue
        case .point: return points.current(row).animatableValue
        case .rect: return rects.current(row).animatableValue
        case .transform: return transforms.current(row).animatableValue
        case .color: return colors.current(row).animatableValue
        }
    }

    /// `state` with every animating property of `view` as it is on screen.
    func applyCurrentValues(of view: View, to state: inout ViewState) {
        let rows = view.animationRows
        if rows[.bounds] >= 0 { state.bounds = rects.current(Int(rows[.bounds])) }
        if rows[.center] >= 0 { state.center = points.current(Int(rows[.center])) }
        if rows[.transform] >= 0 { state.transform3D = transforms.current(Int(rows[.transform])) }
        if rows[.alpha] >= 0 { state.alpha = scalars.current(Int(rows[.alpha])) }
        if rows[.backgroundColor] >= 0 { state.backgroundColor = colors.current(Int(rows[.backgroundColor])).color }
        if rows[.cornerRadius] >= 0 { state.cornerRadius = scalars.current(Int(rows[.cornerRadius])) }
        if rows[.shadowOpacity] >= 0 { state.shadowOpacity = scalars.current(Int(rows[.shadowOpacity])) }
        // The layer properties of 3D and masked effects: rarely animating, so one test
        // of the whole group skips them on the common path.
        if rows.layerCount > 0 { applyLayerValues(rows, to: &state) }
    }

    private func applyLayerValues(_ rows: AnimationRows, to state: inout ViewState) {
        if rows[.sublayerTransform] >= 0 { state.sublayerTransform = transforms.current(Int(rows[.sublayerTransform])) }
        if rows[.maskRect] >= 0, state.mask != nil { state.mask!.rect = rects.current(Int(rows[.maskRect])) }
        if rows[.maskCornerRadius] >= 0, state.mask != nil { state.mask!.cornerRadius = scalars.current(Int(rows[.maskCornerRadius])) }
        if rows[.shadowRadius] >= 0 { state.shadowRadius = scalars.current(Int(rows[.shadowRadius])) }
        if rows[.shadowOffset] >= 0 {
            let p = points.current(Int(rows[.shadowOffset]))
            state.shadowOffset = Size(width: p.x, height: p.y)
        }
        if rows[.shadowColor] >= 0 { state.shadowColor = colors.current(Int(rows[.shadowColor])).color ?? .clear }
        if rows[.zPosition] >= 0 { state.zPosition = scalars.current(Int(rows[.zPosition])) }
    }
}
