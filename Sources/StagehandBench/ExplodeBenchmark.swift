import StagehandCore
import StagehandHost

/// `explode_200_frame_ms`: one frame of engine time while `explode` (libExplode.so,
/// built beside the benchmark) blows a screen into 200 tiles — 40-point tiles on a
/// 400 × 800 screen, 10 columns of 20 — each with its transform and alpha animating.
///
/// The push runs with a 5 s duration so every measured frame falls inside it; the
/// frames are timed one `stage.step()` at a time, after a few frames of warm-up (the
/// tiles are made when the transition starts, which is not a frame's work).
enum ExplodeBenchmark {
    static let key = "explode_200_frame_ms"
    static let title = "one frame of explode with 200 tiles (engine time)"
    static let goal = 1.0
    static let tiles = 200

    static func measure(frames: Int) -> Figure {
        let (library, _) = EffectLibrary.load(host: HostTable.shared)
        guard (try? library.effect(named: "explode")) != nil else {
            return .missing(key, title, unit: "ms", goal: goal,
                            reason: "libExplode.so is not beside the benchmark: build the bundles first (swift build -c release)")
        }
        let stage = Stage(screen: Size(width: 400, height: 800), framesPerSecond: 60)
        let coordinator = Coordinator(library: library, stage: stage)
        coordinator.parameters["explode"] = ["tile": 40, "duration": 5]
        do {
            try coordinator.use("explode", for: .push)
        } catch {
            return .missing(key, title, unit: "ms", goal: goal, reason: error.description)
        }
        let nav = coordinator.makeNavigationController(root: ViewController(title: "Inbox"))
        coordinator.setRoot(nav)
        stage.step()
        _ = nav.pushViewController(ViewController(title: "Article"), animated: true)
        for _ in 0..<5 { stage.step() }
        // A tile is a snapshot of part of the screen, holding a copy of the whole of it.
        let snapshots = stage.window.allViewsBackToFront.filter { $0.kind == .snapshot && $0.superview?.kind != .snapshot }.count
        guard snapshots == tiles else {
            return .missing(key, title, unit: "ms", goal: goal, reason: "the push showed \(snapshots) tiles, not \(tiles)")
        }
        var times: [Double] = []
        for _ in 0..<frames {
            times.append(Measure.seconds { stage.step() } * 1e3)
        }
        return Figure(key: key, title: title, unit: "ms", goal: goal, value: Measure.median(times),
                      detail: "median of \(frames) frames mid-explosion, \(tiles) tiles × 2 animations (transform, alpha)")
    }
}
