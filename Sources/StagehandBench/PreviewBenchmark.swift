import Foundation
import StagehandHost

/// `preview_slowest_s`, `preview_peak_rss_mib` and `gallery_peak_rss_mib`: what one
/// effect's `stagehand preview NAME` costs (each effect alone, one after the other), and
/// the peak memory of the whole gallery.
///
/// The previews and the gallery are spawned by a fresh child of the benchmark
/// (`stagehand-bench --child previews`, `--child gallery-rss`), not by the benchmark:
/// Linux counts in a process's ru_maxrss the memory of the process that spawned it, so
/// that one must be small (see `ProcessBenchmarks.playResidentSetChild`).
enum PreviewBenchmark {
    /// One effect's preview.
    struct Run {
        var name: String
        var seconds: Double
        var cpuSeconds: Double
        var peakMiB: Double
    }

    /// Every effect's preview, measured by the child `previews`; nil and why when it failed.
    static func measure(executable: String) -> (runs: [Run], problem: String?) {
        guard let run = Spawn.run(executable, ["stagehand-bench", "--child", "previews"], capture: true) else {
            return ([], "cannot spawn \(executable)")
        }
        guard run.status == 0 else { return ([], "the child previews exited with status \(run.status): \(run.output)") }
        var runs: [Run] = []
        for line in run.output.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count == 4, let s = Double(fields[1]), let c = Double(fields[2]), let m = Double(fields[3]) else {
                return ([], "the child previews printed \(line)")
            }
            runs.append(Run(name: String(fields[0]), seconds: s, cpuSeconds: c, peakMiB: m))
        }
        return runs.isEmpty ? ([], "the catalog has no effects") : (runs, nil)
    }

    /// The figures from the runs: the slowest preview (naming it) and the largest peak.
    static func figures(_ runs: [Run], problem: String?) -> [Figure] {
        let slowTitle = "the slowest single `stagehand preview NAME` (a GIF of one effect's standard run)"
        let peakTitle = "the largest peak resident memory of a single `stagehand preview NAME`"
        guard let slowest = runs.max(by: { $0.seconds < $1.seconds }),
              let largest = runs.max(by: { $0.peakMiB < $1.peakMiB }) else {
            let reason = problem ?? "no previews"
            return [.missing("preview_slowest_s", slowTitle, unit: "s", goal: 1, reason: reason),
                    .missing("preview_peak_rss_mib", peakTitle, unit: "MiB", goal: 150, reason: reason)]
        }
        let others = runs.sorted { $0.seconds > $1.seconds }.dropFirst().prefix(3)
            .map { "\($0.name) \(Bench.format($0.seconds)) s" }.joined(separator: ", ")
        let over = runs.filter { $0.seconds > 1 }.count
        return [
            Figure(key: "preview_slowest_s", title: slowTitle, unit: "s", goal: 1, value: slowest.seconds,
                   detail: "\(slowest.name): processor time \(Bench.format(slowest.cpuSeconds)) s, peak \(Bench.format(slowest.peakMiB)) MiB; next \(others); \(over) of \(runs.count) effects over 1 s; spawn to exit, one preview at a time"),
            Figure(key: "preview_peak_rss_mib", title: peakTitle, unit: "MiB", goal: 150, value: largest.peakMiB,
                   detail: "\(largest.name) (\(Bench.format(largest.seconds)) s); ru_maxrss of each preview, spawned by a small child"),
        ]
    }

    /// The gallery's peak resident memory, measured by the child `gallery-rss`.
    static func galleryFigure(executable: String) -> Figure {
        let title = "peak resident memory of `stagehand preview --all` (two effects at a time, on both cores)"
        let result = ProcessBenchmarks.child(executable: executable, "gallery-rss")
        guard let value = result.value, !value.isNaN else {
            return .missing("gallery_peak_rss_mib", title, unit: "MiB", goal: 256, reason: result.problem ?? result.output)
        }
        return Figure(key: "gallery_peak_rss_mib", title: title, unit: "MiB", goal: 256, value: value,
                      detail: "ru_maxrss of `stagehand preview --all --out DIR`, spawned by a small child; \(result.output)")
    }

    // MARK: - In the child

    /// `previews`: each effect of the catalog previewed alone by the `stagehand` beside
    /// the benchmark, into a temporary folder: a first line, then per effect
    /// "NAME SECONDS CPU_SECONDS PEAK_MIB".
    static func previewsChild() -> String {
        guard let executable = Measure.executablePath().flatMap(Measure.commandLinePath(besideBenchmark:)) else {
            return "nan\nno stagehand executable beside the benchmark"
        }
        guard let folder = temporaryFolder() else { return "nan\ncannot make a temporary folder" }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (library, _) = EffectLibrary.load(host: HostTable.shared)
        let names = library.effects.map(\.name)
        var lines = ["\(names.count)"]
        for name in names {
            guard let run = Spawn.run(executable, ["stagehand", "preview", name, "--out", "\(folder)/\(name).gif"], capture: false),
                  run.status == 0 else {
                return "nan\nstagehand preview \(name) failed"
            }
            lines.append("\(name) \(run.seconds) \(run.cpuSeconds) \(run.peakKiB / 1024)")
        }
        return lines.joined(separator: "\n")
    }

    /// `gallery-rss`: the peak resident set (MiB) of `stagehand preview --all --out DIR`.
    static func galleryChild() -> String {
        guard let executable = Measure.executablePath().flatMap(Measure.commandLinePath(besideBenchmark:)) else {
            return "nan\nno stagehand executable beside the benchmark"
        }
        guard let folder = temporaryFolder() else { return "nan\ncannot make a temporary folder" }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let run = Spawn.run(executable, ["stagehand", "preview", "--all", "--out", folder + "/gallery"], capture: false),
              run.status == 0 else {
            return "nan\nstagehand preview --all failed"
        }
        return "\(run.peakKiB / 1024)\n" + String(format: "%.1f s, processor time %.1f s", run.seconds, run.cpuSeconds)
    }

    private static func temporaryFolder() -> String? {
        var template = Array("/tmp/stagehand-bench-previews-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        return String(cString: made)
    }
}
