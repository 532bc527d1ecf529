import Foundation
@_spi(Benchmarks) import StagehandCore

/// `stagehand bench`: measures the performance figures and returns them with their goals
/// (the README's Performance section lists them).
///
/// Every figure is the median of repeated runs (`quick` runs fewer). Timed work runs on
/// this thread; the memory figures run in child processes of this executable, the CLI
/// figure runs the `stagehand` executable found beside it.
public enum Bench {
    public struct Options {
        public var quick: Bool
        /// Progress lines ("measuring ..."), for standard error.
        public var log: (String) -> Void

        public init(quick: Bool, log: @escaping (String) -> Void = { _ in }) {
            self.quick = quick
            self.log = log
        }
    }

    /// Whether this module was compiled without optimisation (a debug build): its
    /// figures say nothing about the release build.
    public static var isDebugBuild: Bool { _isDebugAssertConfiguration() }

    public static func run(_ options: Options) -> BenchReport {
        let quick = options.quick
        let log = options.log
        var figures: [String: Figure] = [:]
        var scaling: [ScalingSeries] = []
        var warnings: [String] = []
        if isDebugBuild {
            warnings.append("this is a debug build: the figures are not the release figures; run `swift build -c release` and the release binary")
        }
        let executable = Measure.executablePath()
        let commandLine = executable.flatMap(Measure.commandLinePath(besideBenchmark:))
        let loadBefore = Measure.loadAverage()

        // Frame evaluation, 10,000 views × 3 animations: the engine as it runs (both
        // cores for a frame this big), then the engine on one thread against the C loop.
        log("frame evaluation: 10,000 views × 3 animations, and the C reference")
        let frame = FrameBenchmark.figures(quick: quick)
        for figure in frame.figures { figures[figure.key] = figure }
        warnings += frame.warnings

        log("frame scaling: 100 to 100,000 views")
        var framePoints: [ScalingPoint] = []
        for count in [100, 1_000, 10_000, 100_000] {
            let r = FrameBenchmark.measure(views: count, frames: quick ? 10 : 30, withReference: false)
            let one = FrameBenchmark.measure(views: count, frames: quick ? 10 : 30, withReference: false, threads: 1)
            framePoints.append(ScalingPoint(size: count, value: r.engineMilliseconds,
                                            perItem: r.engineMilliseconds * 1e6 / Double(count),
                                            singleThread: one.engineMilliseconds))
        }
        scaling.append(ScalingSeries(title: "frame evaluation (3 animations per view)", sizeLabel: "views", unit: "ms",
                                     perItemUnit: "ns/view", points: framePoints, missing: nil))

        // The heaviest built-in effect's frame.
        log("explode: one frame with 200 tiles")
        figures[ExplodeBenchmark.key] = ExplodeBenchmark.measure(frames: quick ? 30 : 120)
        log("matched views: pairing 1,000 views, and a frame of magic-move with 200 pairs")
        figures[MatchBenchmark.matchKey] = MatchBenchmark.measureMatch(repetitions: quick ? 11 : 51)
        figures[MatchBenchmark.frameKey] = MatchBenchmark.measureFrame(frames: quick ? 30 : 120)
        log("declarative effects: loading 100, and a twin's frame against its compiled original")
        figures[DeclarativeBenchmark.loadKey] = DeclarativeBenchmark.measureLoad(repetitions: quick ? 5 : 21)
        figures[DeclarativeBenchmark.frameKey] = DeclarativeBenchmark.measureFrame(frames: quick ? 60 : 240)

        // Percent-driven update.
        log("percent-driven update of a transition with 100 animations")
        let update = PercentUpdateBenchmark.measure(batches: quick ? 10 : 40, batchSize: 50, countedUpdates: 1000)
        if update.animations != 100 { warnings.append("the percent-driven transition had \(update.animations) animations, not 100") }
        figures["percent_update_100_us"] = Figure(key: "percent_update_100_us", title: "update(percent) + the frame that evaluates 100 animations",
                                                  unit: "µs", goal: 10, value: update.microseconds,
                                                  detail: "median of \(quick ? 10 : 40) batches of 50 updates")
        figures["percent_update_allocs"] = Figure(key: "percent_update_allocs", title: "heap allocations per update (counted)",
                                                  unit: "allocations", goal: 0, value: update.allocationsPerUpdate,
                                                  detail: "malloc & co. counted over \(update.updatesCounted) updates after 200 of warm-up")

        // Cold load.
        log("cold load: copies of libCrossfade.so with distinct effect names")
        do {
            let loader = try ColdLoadBenchmark()
            var times: [Double] = []
            for _ in 0..<(quick ? 3 : 7) { times.append(try loader.trial(count: 50)) }
            figures["cold_load_50_ms"] = Figure(key: "cold_load_50_ms", title: "discover, dlopen, verify, register 50 bundles",
                                                unit: "ms", goal: 50, value: Measure.median(times),
                                                detail: "median of \(times.count) trials, each with 50 fresh copies and a catalog naming them")
            var points: [ScalingPoint] = []
            for count in [1, 10, 50, 100, 500] {
                let ms = try loader.trial(count: count)
                points.append(ScalingPoint(size: count, value: ms, perItem: ms * 1e3 / Double(count)))
            }
            scaling.append(ScalingSeries(title: "cold load", sizeLabel: "bundles", unit: "ms", perItemUnit: "µs/bundle",
                                         points: points, missing: nil))
        } catch {
            figures["cold_load_50_ms"] = .missing("cold_load_50_ms", "discover, dlopen, verify, register 50 bundles",
                                                  unit: "ms", goal: 50, reason: error.description)
            scaling.append(ScalingSeries(title: "cold load", sizeLabel: "bundles", unit: "ms", perItemUnit: "µs/bundle",
                                         points: [], missing: error.description))
        }

        // The same bundles scanned out of process, as the command line loads them.
        log("plugin scan: 50 bundles in a child process, then from the scan cache")
        for figure in ScanBenchmark.measure(quick: quick, executable: commandLine) { figures[figure.key] = figure }

        // The command line, end to end.
        log("stagehand catalog, end to end")
        if let commandLine {
            let runs = quick ? 5 : 15
            let (ms, problem) = ProcessBenchmarks.catalog(executable: commandLine, runs: runs)
            figures["catalog_cli_ms"] = ms.map {
                Figure(key: "catalog_cli_ms", title: "`stagehand catalog` end to end (spawn to exit)", unit: "ms", goal: 100,
                       value: $0, detail: "median of \(runs) runs of \(commandLine) catalog")
            } ?? .missing("catalog_cli_ms", "`stagehand catalog` end to end", unit: "ms", goal: 100, reason: problem ?? "?")
        } else {
            figures["catalog_cli_ms"] = .missing("catalog_cli_ms", "`stagehand catalog` end to end", unit: "ms", goal: 100,
                                                 reason: "no stagehand executable beside \(executable ?? "the benchmark")")
        }

        // Packs, through the command line.
        log("packs: install of 10 effects; catalog with 50 packs installed")
        if let commandLine {
            figures["install_pack_10_ms"] = PackBenchmark.install(executable: commandLine, runs: quick ? 3 : 7)
            figures["catalog_cli_50_packs_ms"] = PackBenchmark.catalog(executable: commandLine, runs: quick ? 5 : 15)
        } else {
            let reason = "no stagehand executable beside \(executable ?? "the benchmark")"
            figures["install_pack_10_ms"] = .missing("install_pack_10_ms", "`stagehand install` of a pack of 10 effects", unit: "ms", goal: 1000, reason: reason)
            figures["catalog_cli_50_packs_ms"] = .missing("catalog_cli_50_packs_ms", "`stagehand catalog` with 50 packs installed", unit: "ms", goal: 100, reason: reason)
        }

        // The whole gallery, end to end.
        log("stagehand preview --all: every effect of the catalog")
        let galleryTitle = "`stagehand preview --all`: every effect of the catalog to a GIF, and the index"
        if let commandLine {
            let runs = quick ? 1 : 3
            let (seconds, cpu, effects, problem) = ProcessBenchmarks.gallery(executable: commandLine, runs: runs)
            figures["gallery_all_s"] = seconds.map { s in
                let n = max(effects ?? 0, 1)
                let processor = cpu.map { c in "; processor time \(format(c)) s (\(format(c / Double(n))) s per effect, \(format(c / Double(ProcessInfo.processInfo.activeProcessorCount))) s spread over the cores)" } ?? ""
                return Figure(key: "gallery_all_s", title: galleryTitle, unit: "s", goal: 5, value: s,
                              detail: "median of \(runs) run(s) of \(commandLine) preview --all, \(effects.map(String.init) ?? "?") effects, spawn to exit, on every core\(processor)")
            } ?? .missing("gallery_all_s", galleryTitle, unit: "s", goal: 5, reason: problem ?? "?")
        } else {
            figures["gallery_all_s"] = .missing("gallery_all_s", galleryTitle, unit: "s", goal: 5,
                                                reason: "no stagehand executable beside \(executable ?? "the benchmark")")
        }

        // Each effect's preview alone, and the gallery's memory, from small children.
        log("stagehand preview NAME: every effect alone, then the gallery's peak memory")
        if let executable, commandLine != nil {
            let (runs, problem) = PreviewBenchmark.measure(executable: executable)
            for figure in PreviewBenchmark.figures(runs, problem: problem) { figures[figure.key] = figure }
            figures["gallery_peak_rss_mib"] = PreviewBenchmark.galleryFigure(executable: executable)
        } else {
            let reason = "no stagehand executable beside \(executable ?? "the benchmark")"
            for figure in PreviewBenchmark.figures([], problem: reason) { figures[figure.key] = figure }
            figures["gallery_peak_rss_mib"] = .missing("gallery_peak_rss_mib", "peak resident memory of `stagehand preview --all`",
                                                       unit: "MiB", goal: 256, reason: reason)
        }

        // libffi.
        log("factory call through libffi")
        let ffiRepetitions = quick ? 21 : 61
        if let ffi = FFIBenchmark.measure(iterations: 20_000, repetitions: ffiRepetitions) {
            figures["ffi_call_vs_c"] = Figure(key: "ffi_call_vs_c", title: "factory call through libffi (cached cif) ÷ raw ffi_call in C",
                                              unit: "×", goal: 1.2, value: ffi.ratio,
                                              detail: "median of \(ffiRepetitions) back-to-back pairs of 20,000 calls; medians \(format(ffi.hostNanoseconds)) ns vs \(format(ffi.referenceNanoseconds)) ns per call")
        } else {
            figures["ffi_call_vs_c"] = .missing("ffi_call_vs_c", "factory call through libffi ÷ raw ffi_call in C", unit: "×",
                                                goal: 1.2, reason: "libffi refused to prepare the call")
        }

        // Rendering.
        log("rendering")
        for figure in RenderBenchmark.measure(quick: quick) { figures[figure.key] = figure }

        // Memory, in children.
        log("memory: 10,000-view scene, 1,000 push/pop cycles and a 10-minute play, each in a child process")
        if let executable {
            let peak = ProcessBenchmarks.child(executable: executable, "peak-rss-10k")
            figures["peak_rss_10k_mib"] = peak.value.map {
                Figure(key: "peak_rss_10k_mib", title: "peak resident memory, 10,000-view frame evaluation", unit: "MiB",
                       goal: 64, value: $0, detail: "VmHWM of a fresh child process (runtime included); \(peak.output)")
            } ?? .missing("peak_rss_10k_mib", "peak resident memory, 10,000 views", unit: "MiB", goal: 64, reason: peak.problem ?? "?")
            let growth = ProcessBenchmarks.child(executable: executable, "rss-growth")
            figures["rss_growth_1000_cycles_mib"] = growth.value.map {
                Figure(key: "rss_growth_1000_cycles_mib", title: "resident memory growth over 1,000 push/pop cycles",
                       unit: "MiB", goal: 1, value: $0, detail: "VmRSS of a child after 100 warm-up cycles and after 1,000 more; \(growth.output)")
            } ?? .missing("rss_growth_1000_cycles_mib", "resident memory growth, 1,000 push/pop cycles", unit: "MiB", goal: 1,
                          reason: growth.problem ?? "?")
            let play = ProcessBenchmarks.child(executable: executable, "play-rss:100")
            figures["play_rss_10min_run_mib"] = play.value.flatMap { $0.isNaN ? nil : $0 }.map {
                Figure(key: "play_rss_10min_run_mib", title: "peak resident memory, `stagehand play --trace` of a 10-minute run",
                       unit: "MiB", goal: 64, value: $0, detail: "ru_maxrss of `stagehand play`; \(play.output)")
            } ?? .missing("play_rss_10min_run_mib", "peak resident memory, 10-minute play", unit: "MiB", goal: 64,
                          reason: play.problem ?? play.output)
        } else {
            for (key, title, goal) in [("peak_rss_10k_mib", "peak resident memory", 64.0),
                                       ("rss_growth_1000_cycles_mib", "resident memory growth", 1.0),
                                       ("play_rss_10min_run_mib", "peak resident memory, 10-minute play", 64.0)] {
                figures[key] = .missing(key, title, unit: "MiB", goal: goal, reason: "cannot find the running executable")
            }
        }

        let loadAfter = Measure.loadAverage()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let load = [loadBefore, loadAfter].map { $0.map { String(format: "%.2f", $0) } ?? "?" }
        var report = BenchReport(figures: BenchReport.keys.map { figures[$0]! }, scaling: scaling, warnings: warnings)
        report.context = ["\(cores) cores; load average \(load[0]) before, \(load[1]) after\(quick ? "; --quick" : "")"]
        if max(loadBefore ?? 0, loadAfter ?? 0) > Double(cores) / 2 {
            report.warnings.append("the machine was busy (load average above \(cores / 2)): timings are higher than on an idle machine")
        }
        return report
    }

    /// The work of `stagehand-bench --child NAME`: its standard output, or nil for an
    /// unknown name.
    public static func child(_ name: String) -> String? {
        switch name {
        case "peak-rss-10k": return ProcessBenchmarks.peakResidentSetChild()
        case "previews": return PreviewBenchmark.previewsChild()
        case "gallery-rss": return PreviewBenchmark.galleryChild()
        case "rss-growth": return ProcessBenchmarks.residentSetGrowthChild()
        case let other where other.hasPrefix("rss-growth:"):
            // rss-growth:N — the same with N cycles (for heap profilers).
            guard let cycles = Int(other.dropFirst("rss-growth:".count)), cycles > 0 else { return nil }
            return ProcessBenchmarks.residentSetGrowthChild(cycles: cycles)
        case let other where other.hasPrefix("rss-growth-system:"):
            // The same with UIKit's own push and pop animations (no bundle involved).
            guard let cycles = Int(other.dropFirst("rss-growth-system:".count)), cycles > 0 else { return nil }
            return ProcessBenchmarks.residentSetGrowthChild(cycles: cycles, effects: false)
        case let other where other.hasPrefix("play-rss:"):
            guard let cycles = Int(other.dropFirst("play-rss:".count)), cycles > 0 else { return nil }
            return ProcessBenchmarks.playResidentSetChild(cycles: cycles)
        case "frame-loop":
            // For profilers (perf record ... stagehand-bench --child frame-loop): the
            // 10,000-view scene, 100 frames, three times, on one thread as
            // `frame_eval_vs_c` measures it. The C loop runs at the same times, so a
            // profile shows both side by side.
            var total = 0.0, plain = 0.0
            for _ in 0..<3 {
                let scene = FrameScene(count: 10_000)
                scene.stage.animator.frameThreads = 1
                let reference = FrameReference(scene)
                for _ in 0..<100 {
                    total += Measure.seconds { scene.stage.step() }
                    let now = scene.stage.now
                    plain += Measure.seconds { reference.evaluate(localTime: now) }
                }
            }
            return "\(total / 300 * 1e3)\nmean ms per frame over 300 frames; C loop \(plain / 300 * 1e3) ms"
        case "declarative":
            // The two declarative figures alone.
            return [DeclarativeBenchmark.measureLoad(repetitions: 21), DeclarativeBenchmark.measureFrame(frames: 240)]
                .map { "\($0.key) \($0.value.map { format($0) } ?? "missing") (goal \(format($0.goal))): \($0.detail ?? $0.missing ?? "")" }
                .joined(separator: "\n")
        case "packs":
            // The two pack figures alone, through the `stagehand` beside this executable.
            guard let executable = Measure.executablePath(),
                  let commandLine = Measure.commandLinePath(besideBenchmark: executable) else { return nil }
            return [PackBenchmark.install(executable: commandLine, runs: 7), PackBenchmark.catalog(executable: commandLine, runs: 15)]
                .map { "\($0.key) \($0.value.map { format($0) } ?? "missing") (goal \(format($0.goal))): \($0.detail ?? $0.missing ?? "")" }
                .joined(separator: "\n")
        case "ffi-loop":
            // For profilers: the factory-call figure alone.
            guard let r = FFIBenchmark.measure(iterations: 20_000, repetitions: 101) else { return nil }
            let raw = FFIBenchmark.swiftRawNanoseconds(iterations: 2_000_000)
            return "\(r.ratio)\nhost \(r.hostNanoseconds) ns, C \(r.referenceNanoseconds) ns, ffi_call from Swift \(raw) ns per call"
        case "frame":
            // The two frame figures alone (as the full run measures them).
            let frame = FrameBenchmark.figures(quick: false)
            return (frame.figures.map { "\($0.key) \($0.value.map { format($0) } ?? "missing") (goal \(format($0.goal))): \($0.detail ?? "")" }
                    + frame.warnings.map { "warning: \($0)" }).joined(separator: "\n")
        case "frame-parts":
            // What each of the three animations costs alone (10,000 views, median of 60
            // frames, one thread).
            var lines: [String] = []
            for (name, parts) in [("spring", FrameScene.Parts.spring), ("curve", .curve), ("keyframes", .keyframes), ("all", .all)] {
                let scene = FrameScene(count: 10_000, parts: parts)
                scene.stage.animator.frameThreads = 1
                var times: [Double] = []
                for _ in 0..<60 { times.append(Measure.seconds { scene.stage.step() }) }
                lines.append("\(name): \(format(Measure.median(times) * 1e3)) ms")
            }
            return "0\n" + lines.joined(separator: "\n")
        default: return nil
        }
    }

    static func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        if abs(value) >= 100 { return String(format: "%.0f", value) }
        if abs(value) >= 10 { return String(format: "%.1f", value) }
        if abs(value) >= 1 { return String(format: "%.2f", value) }
        return String(format: "%.3g", value)
    }
}
