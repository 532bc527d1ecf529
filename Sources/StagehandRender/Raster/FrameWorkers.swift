import Dispatch
import Foundation
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

    func map<T>(count: Int, list: @escaping (Int) -> DisplayList, _ body: @escaping (Canvas) -> T) throws(RenderError) -> [T] {
        guard count > 0 else { return [] }
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count))
        // Made up front, so a size cairo refuses fails here and not inside a worker.
        var canvases: [Canvas] = []
        for _ in 0..<workers { canvases.append(try Canvas(width: width, height: height, screen: screen)) }
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
    private final class Results<T>: @unchecked Sendable {
        private(set) var values: [T?]
        private let lock = NSLock()

        init(count: Int) {
            values = Array(repeating: nil, count: count)
        }

        func set(_ i: Int, _ value: T) {
            lock.lock()
            values[i] = value
            lock.unlock()
        }
    }
}
