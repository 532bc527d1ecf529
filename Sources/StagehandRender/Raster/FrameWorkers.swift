import Dispatch
import Foundation
import Synchronization
import StagehandCore

/// Paints many frames on all cores: one canvas per worker, each worker taking every
/// n-th frame, making its display list (`list`), and `body` turning the painted canvas
/// into what is kept (a PNG, the runs of a GIF frame) before the canvas is reused. A
/// frame's display list lives only while it is painted, so a long run of many views
/// never holds all its lists at once.
struct FrameWorkers {
    let width: Int
    let height: Int
    let screen: Size

    func map<T: Sendable>(count: Int, list: @escaping @Sendable (Int) -> DisplayList,
                          _ body: @escaping @Sendable (Canvas) -> T) throws(RenderError) -> [T] {
        guard count > 0 else { return [] }
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count))
        // Made up front, so a size cairo refuses fails here and not inside a worker.
        var made: [Canvas] = []
        for _ in 0..<workers { made.append(try Canvas(width: width, height: height, screen: screen)) }
        let canvases = made
        let results = Results<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            let canvas = canvases[w]
            var i = w
            while i < count {
                canvas.draw(list(i))
                results.set(i, body(canvas))
                i += workers
            }
        }
        return results.values.map { $0! }
    }

    /// Slots written by index from several threads: each index by exactly one worker.
    private final class Results<T: Sendable>: Sendable {
        private let slots: Mutex<[T?]>

        init(count: Int) {
            slots = Mutex(Array(repeating: nil, count: count))
        }

        var values: [T?] { slots.withLock { $0 } }

        func set(_ i: Int, _ value: T) {
            slots.withLock { $0[i] = value }
        }
    }
}
