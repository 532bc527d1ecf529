@_spi(Benchmarks) import StagehandCore
import CBenchSupport

/// `frame_eval_10k_ms`, `frame_eval_vs_c` and the frame scaling series.
enum FrameBenchmark {
    struct Result {
        var engineMilliseconds: Double
        var referenceMilliseconds: Double
        var largestDifference: Double
        var animations: Int
        /// The median over blocks of engine ÷ C (see `measure`).
        var ratio: Double
        /// Heap allocations per frame on the stage's thread, counted over 10 more frames.
        var allocationsPerFrame: Double
    }

    /// Medians over `frames` consecutive frames (each `stage.step()` timed alone). The C
    /// loop runs in blocks: five engine frames, then the C loop at the same five clock
    /// times, and so on, each side's caches warm from its own previous frame; the ratio
    /// is the median over blocks of (engine median ÷ C median), so a busy machine's slow
    /// phases, which last longer than a block, hit both alike.
    /// `threads`: the engine's `frameThreads` (nil: its default, both cores).
    static func measure(views count: Int, frames: Int, withReference: Bool, threads: Int? = nil) -> Result {
        let scene = FrameScene(count: count)
        if let threads { scene.stage.animator.frameThreads = threads }
        let reference = withReference ? FrameReference(scene) : nil
        var engine: [Double] = []
        var plain: [Double] = []
        var ratios: [Double] = []
        engine.reserveCapacity(frames)
        plain.reserveCapacity(frames)
        let block = 5
        var done = 0
        while done < frames {
            let n = Swift.min(block, frames - done)
            var times: [Double] = []
            var engineBlock: [Double] = []
            for _ in 0..<n {
                engineBlock.append(Measure.seconds { scene.stage.step() })
                times.append(scene.stage.now)
            }
            engine += engineBlock
            if let reference {
                let plainBlock = times.map { now in Measure.seconds { reference.evaluate(localTime: now) } }
                plain += plainBlock
                ratios.append(Measure.median(engineBlock) / Measure.median(plainBlock))
            }
            done += n
        }
        // The C outputs at the engine's current frame, for the comparison.
        reference?.evaluate(localTime: scene.stage.now)
        let difference = reference?.largestDifference(from: scene) ?? 0
        bench_alloc_count_begin()
        for _ in 0..<10 { scene.stage.step() }
        let allocations = Double(bench_alloc_count_end()) / 10
        return Result(engineMilliseconds: Measure.median(engine) * 1e3,
                      referenceMilliseconds: plain.isEmpty ? 0 : Measure.median(plain) * 1e3,
                      largestDifference: difference, animations: scene.runningAnimations,
                      ratio: ratios.isEmpty ? .nan : Measure.median(ratios), allocationsPerFrame: allocations)
    }
}
