import Foundation
import StagehandCore
import StagehandHost

/// The two figures of declarative effects:
///
/// - `declarative_load_100_ms`: find, read, check and register 100 `NAME.effect.json`
///   files in a plugin directory (no bundle, no catalog): what `catalog` adds for them.
/// - `declarative_vs_compiled_frame`: one frame mid-transition of the zoom twin ÷ the
///   same frame of Hero's compiled zoom (libHero.so beside the benchmark). Both make the
///   same animations, so the ratio says whether playing from a file costs anything
///   once the transition runs.
enum DeclarativeBenchmark {
    static let loadKey = "declarative_load_100_ms"
    static let loadTitle = "find, read, check and register 100 declarative effects"
    static let frameKey = "declarative_vs_compiled_frame"
    static let frameTitle = "a frame of a declarative twin ÷ its compiled original"

    /// The zoom twin (Examples/DeclarativeEffects/zoom.effect.json), named by `name`.
    static func zoom(named name: String) -> String {
        """
        {"format": "stagehand-effect/1", "name": "\(name)", "kind": "any", "description": "Hero's zoom.",
         "parameters": [{"name": "duration", "type": "double", "default": 0.35, "min": 0.01, "max": 10}],
         "duration": "$duration", "curve": "standard", "order": ["incoming", "outgoing"],
         "tracks": {"incoming": {"start": {"scale": 0.7}}, "outgoing": {"end": {"scale": 1.3, "alpha": 0}}},
         "backward": "mirror", "settle": "restore", "missingViews": "snapshot"}
        """
    }

    static func withDirectory<R>(_ body: (String) -> R) -> R? {
        let directory = NSTemporaryDirectory() + "stagehand-bench-declarative-\(getpid())"
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return nil }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return body(directory)
    }

    static func measureLoad(repetitions: Int) -> Figure {
        let result = withDirectory { directory -> Figure in
            for index in 0..<100 {
                let name = "zoom-\(index)"
                guard (try? Data(zoom(named: name).utf8).write(to: URL(fileURLWithPath: "\(directory)/\(name).effect.json"))) != nil else {
                    return .missing(loadKey, loadTitle, unit: "ms", goal: 20, reason: "cannot write the files in \(directory)")
                }
            }
            var times: [Double] = []
            var count = 0
            for _ in 0..<repetitions {
                var library: EffectLibrary?
                times.append(Measure.seconds {
                    library = EffectLibrary.load(pluginDirectories: [directory], host: HostTable.shared, environment: [:],
                                                 includingBuiltInBundles: false, readingCatalog: false).0
                } * 1e3)
                count = library?.effects.count ?? 0
            }
            guard count == 100 else {
                return .missing(loadKey, loadTitle, unit: "ms", goal: 20, reason: "\(count) of the 100 effects loaded")
            }
            return Figure(key: loadKey, title: loadTitle, unit: "ms", goal: 20, value: Measure.median(times),
                          detail: "median of \(repetitions) loads of a directory of 100 files (no bundle, no catalog)")
        }
        return result ?? .missing(loadKey, loadTitle, unit: "ms", goal: 20, reason: "cannot make a temporary directory")
    }

    static func measureFrame(frames: Int) -> Figure {
        let result = withDirectory { directory -> Figure in
            let (compiled, _) = EffectLibrary.load(host: HostTable.shared, environment: [:])
            guard (try? compiled.effect(named: "zoom"))?.bundlePath.hasSuffix(".so") == true else {
                return .missing(frameKey, frameTitle, unit: "×", goal: 1.05,
                                reason: "libHero.so is not beside the benchmark: build the bundles first (swift build -c release)")
            }
            guard (try? Data(zoom(named: "zoom").utf8).write(to: URL(fileURLWithPath: directory + "/zoom.effect.json"))) != nil else {
                return .missing(frameKey, frameTitle, unit: "×", goal: 1.05, reason: "cannot write the twin")
            }
            let (twin, _) = EffectLibrary.load(pluginDirectories: [directory], host: HostTable.shared, environment: [:])
            var ratios: [Double] = []
            var pair: (Double, Double) = (0, 0)
            for _ in 0..<5 {
                guard let mine = frameTime(twin, frames: frames), let theirs = frameTime(compiled, frames: frames) else {
                    return .missing(frameKey, frameTitle, unit: "×", goal: 1.05, reason: "the zoom push did not run")
                }
                ratios.append(mine / theirs)
                pair = (mine, theirs)
            }
            return Figure(key: frameKey, title: frameTitle, unit: "×", goal: 1.05, value: Measure.median(ratios),
                          detail: String(format: "zoom, median frame %.2f µs (twin) vs %.2f µs (libHero.so), 5 alternating runs of %d frames", pair.0 * 1e3, pair.1 * 1e3, frames))
        }
        return result ?? .missing(frameKey, frameTitle, unit: "×", goal: 1.05, reason: "cannot make a temporary directory")
    }

    /// The median `stage.step()` in milliseconds mid-way through a 5-second zoom push.
    private static func frameTime(_ library: EffectLibrary, frames: Int) -> Double? {
        let stage = Stage(screen: Size(width: 390, height: 844), framesPerSecond: 60)
        let coordinator = Coordinator(library: library, stage: stage)
        coordinator.parameters["zoom"] = ["duration": 5]
        guard (try? coordinator.use("zoom", for: .push)) != nil else { return nil }
        let nav = coordinator.makeNavigationController(root: ViewController(title: "Inbox"))
        coordinator.setRoot(nav)
        stage.step()
        _ = nav.pushViewController(ViewController(title: "Article"), animated: true)
        for _ in 0..<5 { stage.step() }
        guard stage.runningTransitionPercent != nil else { return nil }
        var times: [Double] = []
        for _ in 0..<frames { times.append(Measure.seconds { stage.step() } * 1e3) }
        return Measure.median(times)
    }
}
