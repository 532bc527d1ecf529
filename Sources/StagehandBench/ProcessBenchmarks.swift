import CBenchSupport
import Foundation
import StagehandCore
import StagehandHost

/// The figures measured in other processes: `stagehand catalog` end to end, and the two
/// memory figures, each in a fresh child (`stagehand-bench --child NAME`) so that nothing
/// this process did before inflates or hides them.
enum ProcessBenchmarks {
    /// `catalog_cli_ms`: the built binary running `stagehand catalog` (the built-in
    /// bundles beside it, the repository's Catalog.json found above it), from spawn to
    /// exit, output to /dev/null. One untimed run first; then the median of `runs`.
    /// The user plugin directory is one that does not exist: what is measured is the
    /// built-in catalog, whatever this machine's user installed.
    static func catalog(executable: String, runs: Int) -> (milliseconds: Double?, problem: String?) {
        let environment = ["XDG_DATA_HOME": "/nonexistent/stagehand-bench"]
        guard let first = Spawn.run(executable, ["stagehand", "catalog"], capture: false, environment: environment) else {
            return (nil, "cannot spawn \(executable)")
        }
        guard first.status == 0 else { return (nil, "stagehand catalog exited with status \(first.status)") }
        switch Spawn.median(executable, ["stagehand", "catalog"], runs: runs, environment: { _ in environment }) {
        case .failure(let failure): return (nil, failure.description)
        case .success(let timing): return (timing.seconds * 1e3, nil)
        }
    }

    /// `gallery_all_s`: the built binary running `stagehand preview --all --out DIR` (every
    /// effect of the catalog to a GIF, and the index page) into a fresh temporary folder,
    /// spawn to exit; the median of `runs`. Also says how many effects it rendered.
    static func gallery(executable: String, runs: Int) -> (seconds: Double?, cpuSeconds: Double?, effects: Int?, problem: String?) {
        var times: [Double] = []
        var cpu: [Double] = []
        var effects: Int?
        for _ in 0..<runs {
            var template = Array("/tmp/stagehand-bench-gallery-XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else { return (nil, nil, nil, "cannot make a temporary folder") }
            let folder = String(cString: made)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            guard let run = Spawn.run(executable, ["stagehand", "preview", "--all", "--out", folder + "/gallery"], capture: true) else {
                return (nil, nil, nil, "cannot spawn \(executable)")
            }
            guard run.status == 0 else { return (nil, nil, nil, "stagehand preview --all exited with status \(run.status)") }
            // "wrote DIR: N GIFs and index.html"
            if let range = run.output.range(of: ": "), let n = Int(run.output[range.upperBound...].prefix { $0.isNumber }) {
                effects = n
            }
            times.append(run.seconds)
            cpu.append(run.cpuSeconds)
        }
        return (Measure.median(times), Measure.median(cpu), effects, nil)
    }

    /// Runs `stagehand-bench --child NAME` (`executable`, the benchmark itself) and reads
    /// the number it prints.
    static func child(executable: String, _ name: String) -> (value: Double?, output: String, problem: String?) {
        guard let run = Spawn.run(executable, ["stagehand-bench", "--child", name], capture: true) else {
            return (nil, "", "cannot spawn \(executable)")
        }
        guard run.status == 0 else { return (nil, run.output, "the child \(name) exited with status \(run.status)") }
        let lines = run.output.split(separator: "\n")
        guard let value = lines.first.flatMap({ Double($0.trimmingWhitespace()) }) else {
            return (nil, run.output, "the child \(name) printed no number")
        }
        return (value, lines.dropFirst().joined(separator: "\n"), nil)
    }

    // MARK: - In the child

    /// `play-rss:N` (`play_rss_10min_run_mib` is N = 100): the peak resident set
    /// (ru_maxrss, MiB) of the `stagehand` built beside the benchmark running `play` with
    /// `--trace` to a file, on a scenario of N animated push/pop cycles at 60 fps
    /// (parallax-push/-pop when the catalog has them), each followed by 3 s of waiting:
    /// 6 s of virtual time per cycle. Frames go to the file as they are made, so the figure stays flat in N.
    ///
    /// It is measured from this child, not from the benchmark: a spawned process's
    /// ru_maxrss starts from the peak of the process that spawned it (Linux counts the
    /// memory it had before `exec`), and this child, fresh and small, adds nothing the
    /// `play` process does not hold anyway.
    static func playResidentSetChild(cycles: Int) -> String {
        guard let executable = Measure.executablePath().flatMap(Measure.commandLinePath(besideBenchmark:)) else {
            return "nan\nno stagehand executable beside the benchmark"
        }
        var template = Array("/tmp/stagehand-bench-play-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { return "nan\ncannot make a temporary folder" }
        let folder = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (library, _) = EffectLibrary.load(host: HostTable.shared)
        let names = Set(library.effects.map(\.name))
        let parallax = names.contains("parallax-push") && names.contains("parallax-pop")
        let navigation = parallax ? #""navigation": {"push": "parallax-push", "pop": "parallax-pop"}, "# : ""
        let cycle = #"{"push": {"title": "Page"}}, {"wait": 3}, {"pop": {}}, {"wait": 3}"#
        let steps = Array(repeating: cycle, count: cycles).joined(separator: ", ")
        let scenario = folder + "/scenario.json", trace = folder + "/trace.json"
        // Flat screens, so the trace (and the figure) stays comparable with the runs
        // measured before screens had content (about 10 times fewer views per frame).
        let flat = #""screens": {"Root": false, "Page": false}, "#
        let text = #"{"screen": {"fps": 60}, "settle": 0, \#(flat)\#(navigation)"steps": [\#(steps)]}"#
        guard FileManager.default.createFile(atPath: scenario, contents: Data(text.utf8)) else {
            return "nan\ncannot write \(scenario)"
        }
        guard let run = Spawn.run(executable, ["stagehand", "play", scenario, "--trace", trace], capture: false) else {
            return "nan\ncannot spawn \(executable)"
        }
        guard run.status == 0 else { return "nan\nstagehand play exited with status \(run.status)" }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: trace)[.size] as? Int) ?? 0
        let effects = parallax ? "parallax-push/-pop" : "UIKit's own animations"
        return "\(run.peakKiB / 1024)\n" + String(format: "%d s at 60 fps, %@, a %.0f MB trace written in %.1f s",
                                                  cycles * 6, effects, Double(bytes) / 1e6, run.seconds)
    }

    /// `peak-rss-10k`: the child's peak resident set (VmHWM, MiB) after building the
    /// 10,000-view scene and evaluating 60 frames of it: everything the process ever
    /// held resident, the Swift runtime and Foundation included.
    static func peakResidentSetChild() -> String {
        let scene = FrameScene(count: 10_000)
        for _ in 0..<60 { scene.stage.step() }
        let peak = Measure.statusKiB("VmHWM") ?? .nan
        let animations = scene.runningAnimations
        withExtendedLifetime(scene) {}
        return "\(peak / 1024)\n\(animations) animations running at the peak reading"
    }

    /// `rss-growth`: the child's resident set growth (VmRSS, MiB) over 1,000 push/pop
    /// cycles of the coordinator with the built-in bundles (parallax-push/-pop when in the
    /// catalog), each animated and run to its end on the virtual clock, after 100 warm-up
    /// cycles.
    static func residentSetGrowthChild(cycles: Int = 1000, warmUp: Int = 100, effects: Bool = true) -> String {
        let (library, _) = EffectLibrary.load(host: HostTable.shared)
        let coordinator = Coordinator(library: library)
        let names = Set(library.effects.map(\.name))
        var used: [String] = []
        if effects && names.contains("parallax-push") { try? coordinator.use("parallax-push", for: .push); used.append("parallax-push") }
        if effects && names.contains("parallax-pop") { try? coordinator.use("parallax-pop", for: .pop); used.append("parallax-pop") }
        let nav = coordinator.makeNavigationController(root: ViewController(title: "Root"))
        coordinator.setRoot(nav)
        let stage = coordinator.stage
        stage.step()
        func cycle(_ i: Int) {
            nav.pushViewController(ViewController(title: "Page \(i)"), animated: true)
            stage.settle()
            _ = nav.popViewController(animated: true)
            stage.settle()
        }
        for i in 0..<warmUp { cycle(i) }
        let before = Measure.statusKiB("VmRSS") ?? .nan
        let heapBefore = bench_heap_in_use()
        let eventsBefore = stage.transitionEvents.count, diagnosticsBefore = stage.diagnostics.count
        for i in 0..<cycles { cycle(i) }
        let after = Measure.statusKiB("VmRSS") ?? .nan
        let heapAfter = bench_heap_in_use()
        let heap = (Double(heapAfter) - Double(heapBefore)) / Double(cycles)
        let effects = used.isEmpty ? "UIKit's own animations" : used.joined(separator: ", ")
        return "\((after - before) / 1024)\n\(effects); heap in use grew \(Int(heap.rounded())) bytes per cycle; \(stage.transitionEvents.count - eventsBefore) transition events and \(stage.diagnostics.count - diagnosticsBefore) diagnostics recorded (the stage keeps both); stack \(nav.viewControllers.count)"
    }
}

extension Substring {
    func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
