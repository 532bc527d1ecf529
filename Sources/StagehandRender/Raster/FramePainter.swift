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
/// At most one frame per canvas is queued or being painted: a caller that hands frames
/// faster than they are painted waits in `paint`, so however long the run, memory holds
/// a few frames and their display lists, never the run.
final class FramePainter<Worker: Sendable, T: Sendable>: Sendable {
    /// One worker's canvas, the title widths it measured last (consecutive frames mostly
    /// show the same titles) and its state; `index` is its place in `finish`'s states.
    private struct Idle: Sendable {
        let index: Int
        let canvas: Canvas
        var widths: TitleWidths
        var state: Worker
    }

    private let screen: Size
    private let body: @Sendable (Canvas, Int, inout Worker) -> T
    /// The workers not painting.
    private let idle: Locked<[Idle]>
    private let results = Locked<[T?]>([])
    /// Counts the idle workers: `paint` takes one before queuing a frame.
    private let free: DispatchSemaphore
    private let running = DispatchGroup()

    /// `workers` canvases (by default one per core) of `width`×`height` pixels showing
    /// `screen`, made here, so a size cairo refuses fails here and not in a worker; each
    /// worker starts with the state `state(index)`. `body` is given the canvas, the
    /// worker's index and its state.
    init(width: Int, height: Int, screen: Size, workers: Int? = nil, state: (Int) -> Worker,
         _ body: @escaping @Sendable (Canvas, Int, inout Worker) -> T) throws(RenderError) {
        let count = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
        let metrics = try FontMetrics.shared()
        var workers: [Idle] = []
        for index in 0..<count {
            workers.append(Idle(index: index, canvas: try Canvas(width: width, height: height, screen: screen),
                                widths: TitleWidths(metrics: metrics), state: state(index)))
        }
        idle = Locked(workers)
        free = DispatchSemaphore(value: count)
        self.screen = screen
        self.body = body
    }

    /// Queues `frame` to be painted (waiting while every canvas is busy); returns the
    /// slot its result will have.
    func paint(_ frame: Trace.Frame) -> Int {
        free.wait()
        let slot = results.withLock { results in
            results.append(nil)
            return results.count - 1
        }
        running.enter()
        DispatchQueue.global().async { [self] in
            var worker = idle.withLock { $0.removeLast() }
            worker.canvas.draw(DisplayList(frame: frame, screen: screen, widths: &worker.widths))
            let result = body(worker.canvas, worker.index, &worker.state)
            idle.withLock { $0.append(worker) }
            results.withLock { $0[slot] = result }
            free.signal()
            running.leave()
        }
        return slot
    }

    /// Waits for every frame queued; their results, by slot, and the workers' states,
    /// by worker.
    func finish() -> (results: [T], states: [Worker]) {
        running.wait()
        let results = results.withLock { $0.map { $0! } }
        let states = idle.withLock { $0 }.sorted { $0.index < $1.index }.map(\.state)
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
