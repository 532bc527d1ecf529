import Foundation
import StagehandABI
import StagehandCore

/// Scans bundles out of process, as audio hosts scan their plugins: a bundle that has
/// not been seen before (or changed since) is opened, checked and initialised in a
/// separate process with a time limit, so that a bundle that crashes, aborts, calls
/// `exit` or never returns in its constructors, its entry or its `init` takes down only
/// that process. What the scan found is cached by path, size, modification time and a
/// hash of the bytes, so later runs list the effects from the cache without running any
/// bundle code; a bundle's code runs in the caller only when one of its effects is made.
///
/// A bundle that crashed, hung or exited during its scan is reported once, with what
/// happened and in which step, and skipped until its file changes. Every other bundle
/// and effect stays usable.
///
/// The scanning process is `executable` run with `arguments` followed by the bundle
/// paths; it must call `PluginScanner.runChild(paths:)` (the `stagehand` executable does
/// this for `stagehand scan-bundles PATH...`). `EffectLibrary.load` scans in process
/// when it is given no scanner, which is faster but protects nothing.
package struct PluginScanner: Sendable {
    /// Overrides the cache directory (default `$XDG_CACHE_HOME/stagehand`, else
    /// `~/.cache/stagehand`).
    package static let cacheEnvironmentVariable = "STAGEHAND_CACHE_DIR"
    /// Overrides the time limit of one bundle's scan, in seconds.
    package static let timeoutEnvironmentVariable = "STAGEHAND_SCAN_TIMEOUT"
    package static let defaultTimeout = 10.0

    package var executable: String
    /// argv of the scanning process, argv[0] included; the paths are appended.
    package var arguments: [String]
    /// Where `plugin-scans.json` is kept; `nil` scans every bundle on every load.
    package var cacheDirectory: String?
    /// Seconds one bundle may take (from the moment its scan starts) before the scanning
    /// process is stopped and the bundle reported as hung.
    package var timeout: Double
    /// The scanning process's environment.
    package var environment: [String: String]
    /// Bundles (by path as found) scanned in the calling process, never cached: for a
    /// caller that is itself the isolation, such as `stagehand validate`'s checking
    /// process, which must see its own bundle crash to report the step.
    package var inProcessPaths: Set<String> = []

    package init(executable: String, arguments: [String], cacheDirectory: String?, timeout: Double = PluginScanner.defaultTimeout,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.executable = executable
        self.arguments = arguments
        self.cacheDirectory = cacheDirectory
        self.timeout = timeout
        self.environment = environment
    }

    /// `STAGEHAND_CACHE_DIR`, else `$XDG_CACHE_HOME/stagehand`, else
    /// `$HOME/.cache/stagehand`; `nil` when none is set (nothing is cached).
    package static func defaultCacheDirectory(environment: [String: String]) -> String? {
        if let directory = environment[cacheEnvironmentVariable], !directory.isEmpty { return directory }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return FileSystem.join(cache, "stagehand") }
        if let home = environment["HOME"], home.hasPrefix("/") { return FileSystem.join(home, ".cache/stagehand") }
        return nil
    }

    // MARK: - The parent

    /// The scan of each location (by its path as found), from the cache or from the
    /// scanning process, and what to report now.
    func scan(_ locations: [BundleLocation], host: UnsafePointer<sh_host>) -> (scans: [String: BundleScan], diagnostics: [Diagnostic]) {
        var cache = cacheDirectory.map { ScanCache(directory: $0) }
        cache?.rememberFingerprints()
        var scans: [String: BundleScan] = [:]
        var fingerprints: [String: (fingerprint: BundleFingerprint, settled: BundleFingerprint.FileIdentity?)] = [:]
        var unseen: [BundleLocation] = []
        for location in locations {
            if let refused = BundleScan.refusedBeforeOpening(location) {
                scans[location.path] = refused
                continue
            }
            if inProcessPaths.contains(location.path) {
                scans[location.path] = BundleScan.perform(location, host: host).0
                continue
            }
            guard let (fingerprint, settled) = BundleFingerprint.identified(location.path) else {
                unseen.append(location)   // unreadable: the scan says why
                continue
            }
            fingerprints[location.path] = (fingerprint, settled)
            if let cached = cache?.entry(for: location.path, fingerprint: fingerprint) {
                scans[location.path] = cached
                // Kept with the file's identity once it has settled, so the next run need
                // not read the file.
                if let settled, cache?.knows(location.path, as: settled) == false {
                    cache?.record(cached, for: location.path, fingerprint: fingerprint, identity: settled)
                }
            } else {
                unseen.append(location)
            }
        }

        var diagnostics: [Diagnostic] = []
        var fresh: Set<String> = []
        if !unseen.isEmpty {
            let (found, problems) = scanInChild(unseen)
            diagnostics += problems
            for (path, scan) in found {
                scans[path] = scan
                fresh.insert(path)
                if let (fingerprint, settled) = fingerprints[path] {
                    cache?.record(scan, for: path, fingerprint: fingerprint, identity: settled)
                }
            }
        }
        if let reason = cache?.save() {
            diagnostics.append(Diagnostic(.warning, .scanCacheUnwritable, file: cache?.file,
                                          "cannot write the plugin scan cache (\(reason)); the bundles will be scanned again next time"))
        }

        // Refusals are reported on every load, like any bad input; a failure in full when
        // it happened, and later as a one-line note, so that a bundle missing from the
        // list always says why without the same crash being reported as new.
        for location in locations {
            guard let scan = scans[location.path] else { continue }
            if scan.outcome == .failed && !fresh.contains(location.path) {
                diagnostics.append(Diagnostic(.note, .bundleFailedScan, file: location.path, scan.laterNote))
                continue
            }
            diagnostics += scan.diagnostics(file: location.path)
        }
        return (scans, diagnostics)
    }

    /// Runs the scanning process over `locations`; when a bundle takes it down, records
    /// that bundle as failed and starts a new process for the ones after it.
    private func scanInChild(_ locations: [BundleLocation]) -> (scans: [String: BundleScan], diagnostics: [Diagnostic]) {
        var scans: [String: BundleScan] = [:]
        var remaining = locations.map(\.path)
        var environment = self.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"   // the report says what crashed; no dump
        let decoder = JSONDecoder()
        while !remaining.isEmpty {
            let paths = remaining
            var current: Int?
            var started = false
            var step = BundleLoader.Step.open.rawValue
            var finished = 0
            let ran = SupervisedChild.run(executable: executable, arguments: arguments + paths, environment: environment,
                                          timeout: timeout) { line in
                guard let colon = line.firstIndex(of: ":") else { return .keepDeadline }
                let kind = line[..<colon]
                let text = String(line[line.index(after: colon)...].drop(while: { $0 == " " }))
                switch kind {
                case "begin":
                    guard let index = Int(text), paths.indices.contains(index) else { return .keepDeadline }
                    current = index
                    started = true
                    step = BundleLoader.Step.open.rawValue
                    return .renewDeadline
                case "step":
                    step = text
                    return .keepDeadline
                case "result":
                    if let index = current, let scan = try? decoder.decode(BundleScan.self, from: Data(text.utf8)) {
                        scans[paths[index]] = scan
                        finished = index + 1
                        current = nil
                    }
                    return .keepDeadline
                default:
                    return .keepDeadline
                }
            }
            switch ran {
            case .failure(let error):
                return (scans, [Diagnostic(.warning, .scannerUnavailable, "cannot run the plugin scanner (\(error.description)); \(paths.count) bundle(s) not scanned are skipped")])
            case .success(let ending):
                if let index = current {
                    scans[paths[index]] = .failed("\(ending.description) during \(step) while it was scanned in a separate process; skipped until the file changes")
                    remaining = Array(paths[(index + 1)...])
                } else if finished == paths.count {
                    remaining = []
                } else if !started {
                    return (scans, [Diagnostic(.warning, .scannerUnavailable, file: executable,
                        "the plugin scanner \(ending.description) before it scanned any bundle; \(paths.count) bundle(s) not scanned are skipped")])
                } else {
                    remaining = Array(paths[finished...])
                }
            }
        }
        return (scans, [])
    }

    // MARK: - The child

    /// The scanning process's work: scans each bundle in turn and sends each result to
    /// the parent on the supervised channel (`begin: INDEX`, `step: NAME` before each
    /// step that runs bundle code, `result: JSON`).
    package static func runChild(paths: [String], host: UnsafePointer<sh_host> = HostTable.shared) {
        let encoder = JSONEncoder()
        for (index, path) in paths.enumerated() {
            SupervisedChild.send("begin", "\(index)")
            let location = BundleLocation(path: path, realPath: FileSystem.realPath(path) ?? path, directoryIndex: 0)
            let (scan, _) = BundleScan.perform(location, host: host) { SupervisedChild.send("step", $0.rawValue) }
            let json = (try? encoder.encode(scan)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            SupervisedChild.send("result", json)
        }
    }
}
