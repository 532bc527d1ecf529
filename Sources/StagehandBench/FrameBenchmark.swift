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

    /// Medians over `frames` consecutive frames (each `stage.step()` timed alone), both
    /// sides warmed first. The C loop runs in blocks: five engine frames, then the C loop
    /// at the same five clock times, and so on, each side's caches warm from its own
    /// previous frame; the ratio is the median over blocks of (engine median ÷ C median),
    /// so a busy machine's slow phases, which last longer than a block, hit both alike.
    /// `threads`: the engine's `frameThreads` (nil: its default, both cores).
    static func measure(views count: Int, frames: Int, withReference: Bool, threads: Int? = nil) -> Result {
        let scene = FrameScene(count: count)
        if let threads { scene.stage.animator.frameThreads = threads }
        let reference = withReference ? FrameReference(scene) : nil
        // Warm like the engine, which has run the scene's settling frames: one C frame
        // first, so neither side's first block pays for code and data not yet touched.
        reference?.evaluate(localTime: scene.stage.now)
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

    /// `frame_eval_10k_ms` and `frame_eval_vs_c` (with the warnings they raise): three
    /// rounds (one with `quick`) of the scene on both cores, then on one thread against
    /// the C loop.
    static func figures(quick: Bool) -> (figures: [Figure], warnings: [String]) {
        let frames = quick ? 20 : 60
        var engine: [Double] = []
        var single: [Double] = []
        var plain: [Double] = []
        var ratios: [Double] = []
        var difference = 0.0
        var animations = 0
        var allocations = 0.0
        var warnings: [String] = []
        for _ in 0..<(quick ? 1 : 3) {
            let r = measure(views: 10_000, frames: frames, withReference: false)
            engine.append(r.engineMilliseconds)
            animations = r.animations
            allocations = max(allocations, r.allocationsPerFrame)
            let one = measure(views: 10_000, frames: frames, withReference: true, threads: 1)
            single.append(one.engineMilliseconds)
            plain.append(one.referenceMilliseconds)
            ratios.append(one.ratio)
            difference = max(difference, one.largestDifference)
        }
        if animations != 30_000 { warnings.append("the frame scene had \(animations) running animations, not 30,000") }
        if difference > 1e-9 {
            warnings.append("the engine and the C reference disagree by up to \(difference): the reference is not the same math")
        }
        let agreement = difference == 0 ? "bit for bit" : "to \(String(format: "%.0e", difference))"
        let format = Bench.format
        return ([
            Figure(key: "frame_eval_10k_ms", title: "one frame, 10,000 views × 3 animations",
                   unit: "ms", goal: 1, value: Measure.median(engine),
                   detail: "median of \(engine.count) × \(frames) frames, on both cores (the engine shares frames of ≥ 8,192 animations with one worker thread); on one thread: \(format(Measure.median(single))) ms; \(format(allocations)) heap allocations per frame"),
            Figure(key: "frame_eval_vs_c", title: "that frame on one thread ÷ the same math as a plain C loop (-O2)",
                   unit: "×", goal: 1.1, value: Measure.median(ratios),
                   detail: "median over blocks of 5 frames of engine (one thread) ÷ C at the same clock times, run block by block; C loop: \(format(Measure.median(plain))) ms; results agree \(agreement)"),
        ], warnings)
    }
}
