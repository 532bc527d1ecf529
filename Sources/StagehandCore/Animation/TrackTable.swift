/// The running animations of one value kind, struct of arrays: row `i` of each array is
/// one animation. What the frame loop reads (`clocks`) and writes (`currents`) are dense
/// arrays of plain values; the ends (`froms`, `tos`) are read only when a frame needs
/// them; who owns the row and its completion group (`meta`) only when it ends. Keyframe
/// slices and values live in two pools, each track's in one run.
///
/// Rows are dense and grouped by timing: the Bézier rows first, then the springs, then
/// the keyframe tracks (`curveEnd`, `springEnd`), so the frame loop runs over each group
/// with only that timing's code in it, never deciding per row. Adding or removing a row
/// keeps the groups whole by moving at most one row of each later group (the engine then
/// re-points the moved rows' views). Order within a group means nothing; `meta.sequence`
/// keeps creation order for the completions.
struct TrackTable<Value: TrackValue> {
    private(set) var clocks = ContiguousArray<TrackClock>()
    /// The way from `from` to `to` of each row, prepared once (unused by keyframe rows).
    private var paths = ContiguousArray<Value.Path>()
    private(set) var currents = ContiguousArray<Value>()
    private var froms = ContiguousArray<Value>()
    private var tos = ContiguousArray<Value>()
    private(set) var meta = ContiguousArray<TrackMeta>()

    /// Keyframe slices of every keyframe track, the way along each, and the value each
    /// slice reaches.
    private var segments = ContiguousArray<KeyframeSegment>()
    private var segmentPaths = ContiguousArray<Value.Path>()
    private var segmentValues = ContiguousArray<Value>()
    /// Pool entries whose track has gone; compacted when they outnumber the rest.
    private var deadSegments = 0

    /// Rows `0..<curveEnd` are Bézier timed, `curveEnd..<springEnd` springs, the rest
    /// keyframe tracks.
    private(set) var curveEnd = 0
    private(set) var springEnd = 0

    var count: Int { clocks.count }

    // MARK: - Rows

    /// Adds a track with its values (`values.count == slices.count + 1` for keyframes,
    /// else `[from, to]`) and its initial on-screen value at local time `local`. Returns
    /// its row; `moved` hears of every other row that moved to make room in its group.
    mutating func append(values: [Value], slices: [AnimationTransaction.Slice], timing: TrackTiming,
                         begin: Double, duration: Double, timeline: Int32, local: Double, meta entry: TrackMeta,
                         moved: (TrackMeta, Int32) -> Void) -> Int32 {
        let from = values[0], to = values[values.count - 1]
        var offset: Int32 = 0
        var path = Value.path(from: from, to: from)
        if case .keyframes = timing {
            offset = Int32(segments.count)
            for (i, slice) in slices.enumerated() {
                segments.append(KeyframeSegment(start: slice.start, end: slice.end))
                segmentPaths.append(Value.path(from: values[i], to: values[i + 1]))
                segmentValues.append(values[i + 1])
            }
        } else {
            Value.release(path)
            path = Value.path(from: from, to: to)
        }
        clocks.append(TrackClock(begin: begin, duration: duration, timeline: timeline, segmentOffset: offset,
                                 segmentCount: Int32(slices.count), timing: timing))
        paths.append(path)
        froms.append(from)
        tos.append(to)
        meta.append(entry)
        currents.append(from)
        // Into its group: each later group hands its first row to the free place at its
        // end, which moves the free place down to the group's start.
        let group = timing.group
        var row = clocks.count - 1
        if group < 2 {
            if springEnd < row { swapRows(springEnd, row, moved: moved) }
            row = springEnd
            springEnd += 1
        }
        if group < 1 {
            if curveEnd < row { swapRows(curveEnd, row, moved: moved) }
            row = curveEnd
            curveEnd += 1
        }
        currents[row] = value(row: row, atLocalTime: local)
        return Int32(row)
    }

    /// Takes row `row` out and frees what it held. Returns its meta; `moved` hears of
    /// every row that moved to fill the place (the last row of its group and of each
    /// later group).
    mutating func remove(at row: Int, moved: (TrackMeta, Int32) -> Void) -> TrackMeta {
        let clock = clocks[row]
        Value.release(paths[row])
        if case .curve(let solver) = clock.timing, solver.isOwned { solver.free() }
        if clock.segmentCount > 0 {
            let start = Int(clock.segmentOffset)
            for i in start..<(start + Int(clock.segmentCount)) { Value.release(segmentPaths[i]) }
            deadSegments += Int(clock.segmentCount)
        }
        let removed = meta[row]
        // The place it leaves goes to the end of its group, then to the end of each
        // later group in turn (whose last row fills the place at its start), then off
        // the table.
        let group = clock.timing.group
        var hole = row
        if group < 1 {
            curveEnd -= 1
            swapRows(curveEnd, hole, moved: moved)
            hole = curveEnd
        }
        if group < 2 {
            springEnd -= 1
            swapRows(springEnd, hole, moved: moved)
            hole = springEnd
        }
        swapRows(clocks.count - 1, hole, moved: moved)
        clocks.removeLast()
        paths.removeLast()
        currents.removeLast()
        froms.removeLast()
        tos.removeLast()
        meta.removeLast()
        if clocks.isEmpty {
            segments.removeAll(keepingCapacity: true)
            segmentPaths.removeAll(keepingCapacity: true)
            segmentValues.removeAll(keepingCapacity: true)
            deadSegments = 0
        } else if deadSegments > 64 && deadSegments > segments.count / 2 {
            compactSegments()
        }
        return removed
    }

    /// Moves row `from` to `to` and the row at `to` to `from` (the one leaving or
    /// arriving), telling `moved` where the row from `from` now is.
    private mutating func swapRows(_ from: Int, _ to: Int, moved: (TrackMeta, Int32) -> Void) {
        guard from != to else { return }
        clocks.swapAt(from, to)
        paths.swapAt(from, to)
        currents.swapAt(from, to)
        froms.swapAt(from, to)
        tos.swapAt(from, to)
        meta.swapAt(from, to)
        moved(meta[to], Int32(to))
    }

    /// Moves the live keyframe runs down over the dead ones, in pool order (so a run
    /// never moves onto one not yet moved).
    private mutating func compactSegments() {
        var rows = (0..<clocks.count).filter { clocks[$0].segmentCount > 0 }
        rows.sort { clocks[$0].segmentOffset < clocks[$1].segmentOffset }
        var write = 0
        for row in rows {
            let start = Int(clocks[row].segmentOffset), n = Int(clocks[row].segmentCount)
            if start != write {
                for i in 0..<n {
                    segments[write + i] = segments[start + i]
                    segmentPaths[write + i] = segmentPaths[start + i]
                    segmentValues[write + i] = segmentValues[start + i]
                }
            }
            clocks[row].segmentOffset = Int32(write)
            write += n
        }
        segments.removeLast(segments.count - write)
        segmentPaths.removeLast(segmentPaths.count - write)
        segmentValues.removeLast(segmentValues.count - write)
        deadSegments = 0
    }

    func current(_ row: Int) -> Value { currents[row] }

    /// The value of row `row` at local time `t`. (Mutating only because the table's
    /// view lends out `currents` for writing; nothing is written.)
    mutating func value(row: Int, atLocalTime t: Double) -> Value {
        withView { view in view.value(row: row, atLocalTime: t) }
    }

    // MARK: - Frames

    /// Evaluates every track at its timeline's local time and notes the ones that are
    /// over (on a running timeline). The frame loop: plain values in contiguous memory,
    /// no reference counting, no allocation (`ended` keeps its capacity).
    mutating func evaluate(localTimes: UnsafePointer<Double>, paused: UnsafePointer<Bool>,
                           kind: TrackKind, ended: inout [EndedTrack]) {
        withView { view in view.evaluate(rows: 0..<view.count, localTimes: localTimes, paused: paused, kind: kind, ended: &ended) }
    }

    /// The table's arrays as raw pointers, valid inside `body` (which may share the
    /// rows out between threads: each row is written by one evaluation only).
    mutating func withView<R>(_ body: (TrackTableView<Value>) -> R) -> R {
        let n = clocks.count
        return clocks.withUnsafeBufferPointer { clocks in
            paths.withUnsafeBufferPointer { paths in
                froms.withUnsafeBufferPointer { froms in
                    tos.withUnsafeBufferPointer { tos in
                        segments.withUnsafeBufferPointer { segments in
                            segmentPaths.withUnsafeBufferPointer { segmentPaths in
                                segmentValues.withUnsafeBufferPointer { values in
                                    currents.withUnsafeMutableBufferPointer { currents in
                                        let keyframes = KeyframePools(segments: segments.baseAddress,
                                                                      paths: segmentPaths.baseAddress,
                                                                      values: values.baseAddress)
                                        return body(TrackTableView(count: n, curveEnd: curveEnd, springEnd: springEnd,
                                                                   clocks: clocks.baseAddress,
                                                                   paths: paths.baseAddress, froms: froms.baseAddress,
                                                                   tos: tos.baseAddress, currents: currents.baseAddress,
                                                                   keyframes: keyframes))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The value of one track at local time `t` (before `begin` it holds `from`: UIKit
    /// fills delayed animations backwards), stored in `out`. Stored rather than returned
    /// so that a matrix goes straight into its row of `currents` instead of through a
    /// temporary copy.
    @inline(__always)
    static func evaluate(_ clock: UnsafePointer<TrackClock>, path: UnsafePointer<Value.Path>,
                         from: UnsafePointer<Value>, to: UnsafePointer<Value>, keyframes: KeyframePools<Value>,
                         at t: Double, into out: UnsafeMutablePointer<Value>) {
        let elapsed = t - clock.pointee.begin
        guard elapsed > 0 else { return out.pointee = from.pointee }
        let duration = clock.pointee.duration
        guard elapsed < duration else { return out.pointee = to.pointee }
        switch clock.pointee.timing {
        case .curve(let solver):
            out.pointee = Value.interpolate(path, from, to, solver.progress(at: elapsed / duration))
        case .spring(let solver):
            out.pointee = Value.interpolate(path, from, to, solver.value(at: elapsed))
        case .keyframes:
            keyframeValue(clock, from: from, keyframes: keyframes, at: elapsed / duration, into: out)
        }
    }

    /// A keyframe track's value at the fraction `x` of its duration.
    @inline(__always)
    static func keyframeValue(_ clock: UnsafePointer<TrackClock>, from: UnsafePointer<Value>,
                              keyframes: KeyframePools<Value>, at x: Double, into out: UnsafeMutablePointer<Value>) {
        let count = Int(clock.pointee.segmentCount)
        guard count > 0, let segments = keyframes.segments, let paths = keyframes.paths,
              let values = keyframes.values else { return out.pointee = from.pointee }
        keyframeValue(clock, count: count, from: from, segments: segments, paths: paths, values: values, at: x, into: out)
    }

    /// The same with the pools in hand and `count` > 0 slices. Inline in the frame loop:
    /// once the rare transform paths went out of line (`Transform3D.rareValue`) it is
    /// small, and the call cost a keyframe row more than its registers cost the others.
    @inline(__always)
    static func keyframeValue(_ clock: UnsafePointer<TrackClock>, count: Int, from: UnsafePointer<Value>,
                              segments: UnsafePointer<KeyframeSegment>, paths: UnsafePointer<Value.Path>,
                              values segmentValues: UnsafePointer<Value>, at x: Double,
                              into out: UnsafeMutablePointer<Value>) {
        // The slice that applies is the last one that has started (the highest index
        // whose start is at or before x: searched from the top, it is usually the first
        // looked at); between slices the last value reached holds.
        let base = Int(clock.pointee.segmentOffset)
        let run = segments + base, values = segmentValues + base
        var index = count - 1
        while index >= 0 && !(run[index].start <= x) { index -= 1 }
        guard index >= 0 else { return out.pointee = from.pointee }
        let s = run + index
        if x >= s.pointee.end || s.pointee.end <= s.pointee.start { return out.pointee = values[index] }
        let start = index == 0 ? from : values + (index - 1)
        out.pointee = Value.interpolate(paths + base + index, start, values + index,
                                        (x - s.pointee.start) / (s.pointee.end - s.pointee.start))
    }

    // MARK: - Queries

    /// The rows on timeline `timeline`, with their creation order.
    func rows(on timeline: Int32, kind: TrackKind, into out: inout [(sequence: Int, kind: TrackKind, owner: TrackMeta)]) {
        for i in 0..<clocks.count where clocks[i].timeline == timeline {
            out.append((meta[i].sequence, kind, meta[i]))
        }
    }

    /// Frees every track's memory (the engine is going away).
    mutating func releaseAll() {
        while !clocks.isEmpty { _ = remove(at: clocks.count - 1, moved: { _, _ in }) }
    }
}

/// A table's arrays as raw pointers for one frame (see `TrackTable.withView`).
struct TrackTableView<Value: TrackValue> {
    let count: Int
    /// The ends of the Bézier and the spring rows (see `TrackTable`).
    let curveEnd: Int
    let springEnd: Int
    let clocks: UnsafePointer<TrackClock>?
    let paths: UnsafePointer<Value.Path>?
    let froms: UnsafePointer<Value>?
    let tos: UnsafePointer<Value>?
    let currents: UnsafeMutablePointer<Value>?
    let keyframes: KeyframePools<Value>

    /// The value of row `row` at local time `t`, leaving `currents` as it is.
    func value(row: Int, atLocalTime t: Double) -> Value {
        var result = currents![row]
        TrackTable<Value>.evaluate(clocks! + row, path: paths! + row, from: froms! + row, to: tos! + row,
                                   keyframes: keyframes, at: t, into: &result)
        return result
    }

    /// Evaluates `rows` at their timelines' local times, noting the rows that are over:
    /// one loop per timing over the rows of that timing, each with only its own code.
    func evaluate(rows: Range<Int>, localTimes: UnsafePointer<Double>, paused: UnsafePointer<Bool>,
                  kind: TrackKind, ended: inout [EndedTrack]) {
        guard !rows.isEmpty, let clocks, let paths, let froms, let tos, let currents else { return }
        let keyframes = self.keyframes
        evaluate(rows.clamped(to: 0..<curveEnd), clocks: clocks, froms: froms, tos: tos, currents: currents,
                 localTimes: localTimes, paused: paused, kind: kind, ended: &ended) { c, i, t, elapsed, duration in
            guard case .curve(let solver) = c.pointee.timing else {
                return Self.misplaced(c, path: paths + i, from: froms + i, to: tos + i, keyframes: keyframes,
                                      at: t, into: currents + i)
            }
            (currents + i).pointee = Value.interpolate(paths + i, froms + i, tos + i, solver.progress(at: elapsed / duration))
        }
        evaluate(rows.clamped(to: curveEnd..<springEnd), clocks: clocks, froms: froms, tos: tos, currents: currents,
                 localTimes: localTimes, paused: paused, kind: kind, ended: &ended) { c, i, t, elapsed, _ in
            guard case .spring(let solver) = c.pointee.timing else {
                return Self.misplaced(c, path: paths + i, from: froms + i, to: tos + i, keyframes: keyframes,
                                      at: t, into: currents + i)
            }
            (currents + i).pointee = Value.interpolate(paths + i, froms + i, tos + i, solver.value(at: elapsed))
        }
        let keyframeRows = rows.clamped(to: springEnd..<count)
        guard !keyframeRows.isEmpty else { return }
        guard let segments = keyframes.segments, let segmentPaths = keyframes.paths, let values = keyframes.values else {
            // No slices in the pools: every keyframe row holds its `from`.
            return evaluate(keyframeRows, clocks: clocks, froms: froms, tos: tos, currents: currents,
                            localTimes: localTimes, paused: paused, kind: kind, ended: &ended) { _, i, _, _, _ in
                (currents + i).pointee = froms[i]
            }
        }
        evaluate(keyframeRows, clocks: clocks, froms: froms, tos: tos, currents: currents,
                 localTimes: localTimes, paused: paused, kind: kind, ended: &ended) { c, i, _, elapsed, duration in
            let slices = Int(c.pointee.segmentCount)
            guard slices > 0 else { return (currents + i).pointee = froms[i] }
            TrackTable<Value>.keyframeValue(c, count: slices, from: froms + i, segments: segments, paths: segmentPaths,
                                            values: values, at: elapsed / duration, into: currents + i)
        }
    }

    /// The loop over one group's rows: before its begin a row holds `from` (UIKit fills
    /// delayed animations backwards), after its end `to`, and in between `moving` gives
    /// its value (with the row's clock, index, local time, elapsed time and duration).
    @inline(__always)
    private func evaluate(_ rows: Range<Int>, clocks: UnsafePointer<TrackClock>, froms: UnsafePointer<Value>,
                          tos: UnsafePointer<Value>, currents: UnsafeMutablePointer<Value>,
                          localTimes: UnsafePointer<Double>, paused: UnsafePointer<Bool>, kind: TrackKind,
                          ended: inout [EndedTrack],
                          moving: (UnsafePointer<TrackClock>, Int, Double, Double, Double) -> Void) {
        for i in rows {
            let c = clocks + i
            let timeline = Int(c.pointee.timeline)
            let t = localTimes[timeline]
            let elapsed = t - c.pointee.begin
            let duration = c.pointee.duration
            if !(elapsed > 0) {
                (currents + i).pointee = froms[i]
            } else if !(elapsed < duration) {
                (currents + i).pointee = tos[i]
            } else {
                moving(c, i, t, elapsed, duration)
            }
            // Over on the first frame at or after begin + duration, allowing for the
            // rounding of clock times (see `Stage.timeTolerance`). The value above is left
            // as it is: a row that ends is removed and its view shows the model.
            if elapsed >= duration - Stage.timeTolerance && !paused[timeline] {
                Self.note(EndedTrack(kind: kind, row: Int32(i)), in: &ended)
            }
        }
    }

    /// A row whose timing is not its group's (the table never makes one): evaluated by
    /// the general path, out of line.
    @inline(never)
    private static func misplaced(_ clock: UnsafePointer<TrackClock>, path: UnsafePointer<Value.Path>,
                                  from: UnsafePointer<Value>, to: UnsafePointer<Value>, keyframes: KeyframePools<Value>,
                                  at t: Double, into out: UnsafeMutablePointer<Value>) {
        TrackTable<Value>.evaluate(clock, path: path, from: from, to: to, keyframes: keyframes, at: t, into: out)
    }

    /// Appends to `ended` out of line: the array's growth is a call the loop would
    /// otherwise keep registers free for on every row.
    @inline(never)
    private static func note(_ track: EndedTrack, in ended: inout [EndedTrack]) {
        ended.append(track)
    }
}

/// A table's keyframe pools as raw pointers for one frame (nil while empty).
struct KeyframePools<Value: TrackValue> {
    let segments: UnsafePointer<KeyframeSegment>?
    let paths: UnsafePointer<Value.Path>?
    let values: UnsafePointer<Value>?

    static var empty: KeyframePools { KeyframePools(segments: nil, paths: nil, values: nil) }
}

/// Who a row animates, for which completion group, made when.
struct TrackMeta {
    let view: View
    let property: AnimatableProperty
    /// Index of its `animate` call's group (for the completion).
    let group: Int32
    /// Creation order: completions run in it, as they did when animations were a list.
    let sequence: Int
}

/// A row found over in a frame.
struct EndedTrack {
    var kind: TrackKind
    var row: Int32
}

/// Which table a property's animations live in.
enum TrackKind: UInt8 {
    case scalar, point, rect, transform, color
}

extension AnimatableProperty {
    var trackKind: TrackKind {
        switch self {
        case .bounds, .maskRect: return .rect
        case .center, .shadowOffset: return .point
        case .transform, .sublayerTransform: return .transform
        case .alpha, .cornerRadius, .shadowOpacity, .maskCornerRadius, .shadowRadius, .zPosition: return .scalar
        case .backgroundColor, .shadowColor: return .color
        }
    }
}

extension AnimatableProperty {
    /// The layer properties 3D and masked effects animate (not UIView's own).
    var isLayerProperty: Bool {
        switch self {
        case .bounds, .center, .transform, .alpha, .backgroundColor, .cornerRadius, .shadowOpacity: return false
        default: return true
        }
    }
}

/// A view's rows in its engine's tables, one per property (−1: not animating).
struct AnimationRows {
    private var rows: (Int32, Int32, Int32, Int32, Int32, Int32, Int32,
                       Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (-1, -1, -1, -1, -1, -1, -1,
                                                                         -1, -1, -1, -1, -1, -1, -1)
    /// How many properties are animating.
    private(set) var count = 0
    /// How many of them are layer properties (`isLayerProperty`), which a view's
    /// presentation then reads too.
    private(set) var layerCount = 0

    subscript(property: AnimatableProperty) -> Int32 {
        get {
            switch property {
            case .bounds: return rows.0
            case .center: return rows.1
            case .transform: return rows.2
            case .alpha: return rows.3
            case .backgroundColor: return rows.4
            case .cornerRadius: return rows.5
            case .shadowOpacity: return rows.6
            case .sublayerTransform: return rows.7
            case .maskRect: return rows.8
            case .maskCornerRadius: return rows.9
            case .shadowRadius: return rows.10
            case .shadowOffset: return rows.11
            case .shadowColor: return rows.12
            case .zPosition: return rows.13
            }
        }
        set {
            let old = self[property]
            let step = old < 0 && newValue >= 0 ? 1 : (old >= 0 && newValue < 0 ? -1 : 0)
            count += step
            if property.isLayerProperty { layerCount += step }
            switch property {
            case .bounds: rows.0 = newValue
            case .center: rows.1 = newValue
            case .transform: rows.2 = newValue
            case .alpha: rows.3 = newValue
            case .backgroundColor: rows.4 = newValue
            case .cornerRadius: rows.5 = newValue
            case .shadowOpacity: rows.6 = newValue
            case .sublayerTransform: rows.7 = newValue
            case .maskRect: rows.8 = newValue
            case .maskCornerRadius: rows.9 = newValue
            case .shadowRadius: rows.10 = newValue
            case .shadowOffset: rows.11 = newValue
            case .shadowColor: rows.12 = newValue
            case .zPosition: rows.13 = newValue
            }
        }
    }
}
