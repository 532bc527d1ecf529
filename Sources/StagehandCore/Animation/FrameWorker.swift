import Foundation
import Synchronization

/// A second thread that takes part in evaluating big frames.
///
/// A frame with many animations is cut into chunks of rows; the stage's thread and this
/// worker both claim chunks from one atomic counter until none is left, then the
/// stage's thread waits for the chunks the worker took. Each row is evaluated by exactly
/// one thread and reads nothing another row writes, so the results are the same bits
/// whichever thread computes them: frames stay deterministic. If the worker is slow to
/// wake (a busy machine), the stage's thread simply claims everything: a frame never
/// waits for the worker to start, only for a chunk it has already taken.
///
/// Nothing is allocated per frame: the job is a fixed set of table views, and the chunks
/// are computed from the tables' sizes.
// @unchecked Sendable: the job is written by the stage's thread before `claims` publishes it
// (release) and read by the worker after claiming (acquire); `generation` and `stopping`
// are guarded by `condition`.
final class FrameWorker: @unchecked Sendable {
    /// Rows per chunk: small enough that waiting for one chunk is short.
    static let chunkRows = 1024

    // The job of the current generation, written by the stage's thread before it is
    // published and read by the worker only after it has claimed a chunk of it.
    private(set) var scalars = TrackTableView<Double>.empty
    private(set) var points = TrackTableView<Point>.empty
    private(set) var rects = TrackTableView<Rect>.empty
    private(set) var transforms = TrackTableView<Transform3D>.empty
    private(set) var colors = TrackTableView<ColorValue>.empty
    private var localTimes: UnsafePointer<Double>?
    private var paused: UnsafePointer<Bool>?
    /// Chunks per table, and the total.
    private var chunkCounts = (0, 0, 0, 0, 0)
    private var chunkCount = 0

    /// What can be claimed, in one word so that a claim can never mix generations:
    /// generation (bits 40…63), chunk count (bits 20…39), next chunk (bits 0…19).
    private let claims = Atomic<Int>(0)
    private static let field = (1 << 20) - 1
    /// Chunks finished in this generation, and how many of them the worker claimed.
    private let done = Atomic<Int>(0)
    private let workerChunks = Atomic<Int>(0)
    /// What the worker found over (it clears it on its first chunk of a generation).
    private var workerEnded: [EndedTrack] = []

    /// Where the worker sleeps between frames. A condition variable, not another lock
    /// type: `Locked` guards data, this only parks and wakes one thread, which `Locked`
    /// cannot do.
    private let condition = NSCondition()
    private var generation = 0          // guarded by `condition`
    private var stopping = false        // guarded by `condition`

    init() {
        workerEnded.reserveCapacity(64)
        let thread = Thread { [self] in run() }
        thread.name = "Stagehand frame worker"
        thread.start()
    }

    /// Ends the thread (it finishes any chunk it holds first).
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    // MARK: - The stage's thread

    /// Evaluates the five tables with the worker's help; ended rows go to `ended`.
    func evaluate(_ scalars: TrackTableView<Double>, _ points: TrackTableView<Point>, _ rects: TrackTableView<Rect>,
                  _ transforms: TrackTableView<Transform3D>, _ colors: TrackTableView<ColorValue>,
                  localTimes: UnsafePointer<Double>, paused: UnsafePointer<Bool>, ended: inout [EndedTrack]) {
        self.scalars = scalars; self.points = points; self.rects = rects
        self.transforms = transforms; self.colors = colors
        self.localTimes = localTimes; self.paused = paused
        let n = Self.chunkRows
        chunkCounts = ((scalars.count + n - 1) / n, (points.count + n - 1) / n, (rects.count + n - 1) / n,
                       (transforms.count + n - 1) / n, (colors.count + n - 1) / n)
        chunkCount = chunkCounts.0 + chunkCounts.1 + chunkCounts.2 + chunkCounts.3 + chunkCounts.4
        done.store(0, ordering: .relaxed)
        workerChunks.store(0, ordering: .relaxed)

        condition.lock()
        generation += 1
        let current = generation
        claims.store((current & 0xff_ffff) << 40 | chunkCount << 20, ordering: .releasing)
        condition.signal()
        condition.unlock()

        while let chunk = claim(in: current) {
            evaluate(chunk: chunk, ended: &ended)
            done.add(1, ordering: .releasing)
        }
        var spins = 0
        while done.load(ordering: .acquiring) < chunkCount {
            spins += 1
            if spins > 64 { sched_yield() }
        }
        if workerChunks.load(ordering: .acquiring) > 0 { ended.append(contentsOf: workerEnded) }
        self.scalars = .empty; self.points = .empty; self.rects = .empty
        self.transforms = .empty; self.colors = .empty
    }

    // MARK: - Both threads

    /// The next chunk of generation `current`, or nil when none is left (or the
    /// generation is over).
    private func claim(in current: Int) -> Int? {
        var value = claims.load(ordering: .relaxed)
        while true {
            let next = value & Self.field, total = (value >> 20) & Self.field
            guard (value >> 40) & 0xff_ffff == current & 0xff_ffff, next < total else { return nil }
            let (exchanged, original) = claims.compareExchange(expected: value, desired: value + 1,
                                                               ordering: .acquiringAndReleasing)
            if exchanged { return next }
            value = original
        }
    }

    /// Evaluates chunk `chunk`: which table and which rows follow from the chunk counts.
    private func evaluate(chunk: Int, ended: inout [EndedTrack]) {
        guard let localTimes, let paused else { return }
        var c = chunk
        let n = Self.chunkRows
        func rows(_ count: Int) -> Range<Int> { (c * n)..<Swift.min(count, (c + 1) * n) }
        if c < chunkCounts.0 {
            return scalars.evaluate(rows: rows(scalars.count), localTimes: localTimes, paused: paused, kind: .scalar, ended: &ended)
        }
        c -= chunkCounts.0
        if c < chunkCounts.1 {
            return points.evaluate(rows: rows(points.count), localTimes: localTimes, paused: paused, kind: .point, ended: &ended)
        }
        c -= chunkCounts.1
        if c < chunkCounts.2 {
            return rects.evaluate(rows: rows(rects.count), localTimes: localTimes, paused: paused, kind: .rect, ended: &ended)
        }
        c -= chunkCounts.2
        if c < chunkCounts.3 {
            return transforms.evaluate(rows: rows(transforms.count), localTimes: localTimes, paused: paused,
                                       kind: .transform, ended: &ended)
        }
        c -= chunkCounts.3
        colors.evaluate(rows: rows(colors.count), localTimes: localTimes, paused: paused, kind: .color, ended: &ended)
    }

    // MARK: - The worker

    private func run() {
        var seen = 0
        while true {
            condition.lock()
            while generation == seen && !stopping { condition.wait() }
            if stopping {
                condition.unlock()
                return
            }
            seen = generation
            condition.unlock()
            var first = true
            while let chunk = claim(in: seen) {
                workerChunks.add(1, ordering: .relaxed)
                if first {
                    workerEnded.removeAll(keepingCapacity: true)
                    first = false
                }
                evaluate(chunk: chunk, ended: &workerEnded)
                done.add(1, ordering: .releasing)
            }
        }
    }
}

extension TrackTableView {
    static var empty: TrackTableView {
        TrackTableView(count: 0, curveEnd: 0, springEnd: 0, clocks: nil, paths: nil, froms: nil, tos: nil, currents: nil, keyframes: .empty)
    }
}
