import Dispatch
import Foundation
import StagehandCore
import StagehandTrace

/// Paints frames on the other cores while the caller goes on (recording the run, or
/// handing over the next frame): `paint` queues a frame and returns its slot at once,
/// a worker makes the frame's display list, paints it on a canvas of its own and keeps
/// only what `body` makes of the painted canvas (a GIF frame's runs, a PNG); `finish`
/// waits for all and returns what was kept, by slot.
///
/// Each worker has a state of its own (`Worker`: a GIF's colour registry), handed to
/// `body` with its canvas, so that what the workers gather as they go needs no lock and
/// no worker waits for another; `finish` returns the states too, by worker.
///
/// A few frames per worker may wait to be painted: a caller that hands frames faster than
/// they are painted waits in `paint`, so however long the run, memory holds a few frames
/// and their display lists, never the run. The frames waiting let the caller run ahead
/// while it can and keep the workers busy through a stretch where it is slow (the step
/// that makes two hundred snapshots at a transition's start): with only a canvas's worth
/// queued, the workers waited for it there.
final class FramePainter<Worker: Sendable, T: Sendable>: Sendable {
    /// One worker's canvas, the title widths it measured last (consecutive frames mostly
    /// show the same titles) and its state; `index` is its place in `finish`'s states.
    private struct WorkerCanvas: Sendable {
        let index: Int
        let canvas: Canvas
        var widths: TitleWidths
        var state: Worker
        /// The array of the display list painted last, kept for the next one.
        var items: [DisplayItem] = []
    }

    /// The workers not painting and the frames waiting for one, under one lock: a worker
    /// that finds no frame waiting goes back among the idle in the same step, so a frame
    /// queued meanwhile always finds either a worker idle or one still draining.
    private struct Queue: Sendable {
        var idle: [WorkerCanvas]
        var waiting: [(frame: Trace.Frame, slot: Int)] = []
    }

    private let screen: Size
    private let body: @Sendable (Canvas, Int, inout Worker) -> T
    private let queue: Locked<Queue>
    private let results = Locked<[T?]>([])
    /// Counts the frames that may still be handed over: `paint` takes one, a worker gives
    /// it back when the frame is painted.
    private let free: DispatchSemaphore
    /// Each worker that is draining the frames waiting.
    private let running = DispatchGroup()

    /// How many frames per worker may be queued or being painted.
    static var framesPerWorker: Int { 3 }

    /// `workers` canvases (by default one per core) of `width`×`height` pixels showing
    /// `screen`, made here, so a size cairo refuses fails here and not in a worker; each
    /// worker starts with the state `state(index)`. `body` is given the canvas, the
    /// worker's index and its state.
    init(width: Int, height: Int, screen: Size, workers: Int? = nil, state: (Int) -> Worker,
         _ body: @escaping @Sendable (Canvas, Int, inout Worker) -> T) throws(RenderError) {
        let count = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
        let metrics = try FontMetrics.shared()
        var workers: [WorkerCanvas] = []
        for index in 0..<count {
            workers.append(WorkerCanvas(index: index, canvas: try Canvas(width: width, height: height, screen: screen),
                                widths: TitleWidths(metrics: metrics), state: state(index)))
        }
        queue = Locked(Queue(idle: workers))
        free = DispatchSemaphore(value: count * Self.framesPerWorker)
        self.screen = screen
        self.body = body
    }

    /// Queues `frame` to be painted (waiting while enough frames are queued already);
    /// returns the slot its result will have.
    func paint(_ frame: Trace.Frame) -> Int {
        free.wait()
        let slot = results.withLock { results in
            results.append(nil)
            return results.count - 1
        }
        // The idle worker is moved into a box the drain empties, not captured by the
        // closure: a captured copy shared its state's arrays (a GIF's colour tables,
        // megabytes) with the drain's own, whose first change then copied them whole.
        let handoff = queue.withLock { queue -> Locked<WorkerCanvas?>? in
            queue.waiting.append((frame, slot))
            return queue.idle.popLast().map { Locked($0) }
        }
        if let handoff {
            running.enter()
            DispatchQueue.global().async { [self] in drain(handoff) }
        }
        return slot
    }

    /// Paints the frames waiting, in order, on `worker`'s canvas until none is left.
    /// The worker is taken out of `handoff`, and moved back among the idle when done,
    /// so that no other copy of it lives while it paints and its state changes in place.
    private func drain(_ handoff: Locked<WorkerCanvas?>) {
        var worker = handoff.withLock { $0.take() }
        while true {
            let next = queue.withLock { queue -> (frame: Trace.Frame, slot: Int)? in
                guard !queue.waiting.isEmpty else {
                    queue.idle.append(worker.take()!)
                    return nil
                }
                return queue.waiting.removeFirst()
            }
            guard let (frame, slot) = next else { break }
            var items: [DisplayItem] = []
            swap(&items, &worker!.items)
            var list = DisplayList(frame: frame, screen: screen, widths: &worker!.widths, reusing: &items)
            worker!.canvas.draw(list)
            swap(&list.items, &worker!.items)
            let result = body(worker!.canvas, worker!.index, &worker!.state)
            results.withLock { $0[slot] = result }
            free.signal()
        }
        running.leave()
    }

    /// Waits for every frame queued; their results, by slot, and the workers' states,
    /// by worker.
    func finish() -> (results: [T], states: [Worker]) {
        running.wait()
        let results = results.withLock { $0.map { $0! } }
        let states = queue.withLock { $0.idle }.sorted { $0.index < $1.index }.map(\.state)
        return (results, states)
    }
}

extension FramePainter where Worker == Void {
    /// Workers with nothing of their own but a canvas: `body` is given the canvas.
    convenience init(width: Int, height: Int, screen: Size, workers: Int? = nil,
                     _ body: @escaping @Sendable (Canvas) -> T) throws(RenderError) {
        try self.init(width: width, height: height, screen: screen, workers: workers, state: { _ in () }) { canvas, _, _ in
            body(canvas)
        }
    }
}
