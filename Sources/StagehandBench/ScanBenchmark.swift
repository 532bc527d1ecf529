import Foundation
import StagehandCore
import StagehandHost

/// `cold_scan_50_ms` and `cached_scan_50_ms`: what scanning bundles out of process
/// costs, the way the command line loads them (`PluginScanner`, with `stagehand
/// scan-bundles`, the executable beside the benchmark's, as the scanning process).
///
/// The bundles are the cold-load benchmark's 50 fresh copies of `libCrossfade.so` and
/// their catalog. Cold: a fresh cache, so one scanning process opens, checks and
/// initialises all 50 and the results are written to the cache. Cached: the same
/// directory again, so each bundle is only fingerprinted (stat and a hash of its bytes)
/// and found in the cache; no process is started and no bundle code runs.
enum ScanBenchmark {
    static let coldKey = "cold_scan_50_ms"
    static let cachedKey = "cached_scan_50_ms"
    static let coldTitle = "load 50 unseen bundles, scanned in a child process (fresh cache)"
    static let cachedTitle = "load the same 50 bundles from the scan cache (no child, no bundle code)"
    /// A first run after installing 50 bundles stays under half a second.
    static let coldGoal = 500.0
    /// A cached load leaves most of `catalog_cli_ms`'s 100 ms to everything else.
    static let cachedGoal = 20.0

    static func measure(quick: Bool, executable: String?) -> [Figure] {
        func missing(_ reason: String) -> [Figure] {
            [.missing(coldKey, coldTitle, unit: "ms", goal: coldGoal, reason: reason),
             .missing(cachedKey, cachedTitle, unit: "ms", goal: cachedGoal, reason: reason)]
        }
        guard let executable else { return missing("cannot find the stagehand executable beside the benchmark") }
        let bundles: ColdLoadBenchmark
        do { bundles = try ColdLoadBenchmark() } catch { return missing(error.description) }
        var cold: [Double] = []
        var cached: [Double] = []
        for trial in 0..<(quick ? 3 : 7) {
            let cache = NSTemporaryDirectory() + "stagehand-bench-scan-\(getpid())-\(trial)"
            defer { try? FileManager.default.removeItem(atPath: cache) }
            let scanner = PluginScanner(executable: executable, arguments: ["stagehand", "scan-bundles"],
                                        cacheDirectory: cache, environment: ProcessInfo.processInfo.environment)
            do {
                let (directory, catalog) = try bundles.writeBundles(count: 50)
                cold.append(try load(directory, catalog, scanner))
                for _ in 0..<3 { cached.append(try load(directory, catalog, scanner)) }
            } catch {
                return missing(error.description)
            }
        }
        return [
            Figure(key: coldKey, title: coldTitle, unit: "ms", goal: coldGoal, value: Measure.median(cold),
                   detail: "median of \(cold.count) trials, each 50 fresh copies of libCrossfade.so and a catalog naming them; one scanning process"),
            Figure(key: cachedKey, title: cachedTitle, unit: "ms", goal: cachedGoal, value: Measure.median(cached),
                   detail: "median of \(cached.count) loads after a cold one: stat, hash and cache lookup of each bundle, catalog checked against the cached manifests"),
        ]
    }

    /// Milliseconds to load the 50 bundles through `scanner`; every one must register.
    private static func load(_ directory: String, _ catalog: String, _ scanner: PluginScanner) throws(ColdLoadBenchmark.Failure) -> Double {
        var library: EffectLibrary?
        var diagnostics: [Diagnostic] = []
        let seconds = Measure.seconds {
            (library, diagnostics) = EffectLibrary.load(pluginDirectories: [directory], catalogPath: catalog,
                                                        host: HostTable.shared, environment: [:], scanner: scanner,
                                                        includingBuiltInBundles: false)
        }
        let loaded = library?.effects.filter { $0.source == .catalog }.count ?? 0
        guard loaded == 50, diagnostics.isEmpty else {
            throw .load("scanning 50 bench bundles registered \(loaded): \(diagnostics.first.map { "\($0)" } ?? "no diagnostic")")
        }
        return seconds * 1e3
    }
}
