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
/// At most one frame per canvas is queued or being painted: a caller that hands frames
/// faster than they are painted waits in `paint`, so however long the run, memory holds
/// a few frames and their display lists, never the run.
final class FramePainter<T: Sendable>: Sendable {
    private let screen: Size
    private let body: @Sendable (Canvas) -> T
    /// The canvases not in use (one per worker), each with the title widths its worker
    /// measured last: consecutive frames mostly show the same titles.
    private let idle: Locked<[(canvas: Canvas, widths: TitleWidths)]>
    private let results = Locked<[T?]>([])
    /// Counts the idle canvases: `paint` takes one before queuing a frame.
    private let free: DispatchSemaphore
    private let running = DispatchGroup()

    /// `workers` canvases (by default one per core) of `width`×`height` pixels showing
    /// `screen`; made here, so a size cairo refuses fails here and not in a worker.
    init(width: Int, height: Int, screen: Size, workers: Int? = nil,
         _ body: @escaping @Sendable (Canvas) -> T) throws(RenderError) {
        let count = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
        var canvases: [Canvas] = []
        for _ in 0..<count { canvases.append(try Canvas(width: width, height: height, screen: screen)) }
        let metrics = try FontMetrics.shared()
        idle = Locked(canvases.map { ($0, TitleWidths(metrics: metrics)) })
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
            var (canvas, widths) = idle.withLock { $0.removeLast() }
            canvas.draw(DisplayList(frame: frame, screen: screen, widths: &widths))
            let result = body(canvas)
            idle.withLock { $0.append((canvas, widths)) }
            results.withLock { $0[slot] = result }
            free.signal()
            running.leave()
        }
        return slot
    }

    /// Waits for every frame queued; their results, by slot.
    func finish() -> [T] {
        running.wait()
        return results.withLock { $0.map { $0! } }
    }
}
