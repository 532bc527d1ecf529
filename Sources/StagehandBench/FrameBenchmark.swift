import StagehandCore

/// `frame_eval_10k_ms`, `frame_eval_vs_c` and the frame scaling series.
enum FrameBenchmark {
    struct Result {
        var engineMilliseconds: Double
        var referenceMilliseconds: Double
        var largestDifference: Double
        var animations: Int
    }

    /// Medians over `frames` consecutive frames (each `stage.step()` timed alone), the C
    /// loop timed at the same clock times right after each engine frame.
    static func measure(views count: Int, frames: Int, withReference: Bool) -> Result {
        let scene = FrameScene(count: count)
        let reference = withReference ? FrameReference(scene) : nil
        var engine: [Double] = []
        var plain: [Double] = []
        engine.reserveCapacity(frames)
        plain.reserveCapacity(frames)
        for _ in 0..<frames {
            engine.append(Measure.seconds { scene.stage.step() })
            if let reference {
                let now = scene.stage.now
                plain.append(Measure.seconds { reference.evaluate(localTime: now) })
            }
        }
        let difference = reference?.largestDifference(from: scene) ?? 0
        return Result(engineMilliseconds: Measure.median(engine) * 1e3,
                      referenceMilliseconds: plain.isEmpty ? 0 : Measure.median(plain) * 1e3,
                      largestDifference: difference, animations: scene.runningAnimations)
    }
}
