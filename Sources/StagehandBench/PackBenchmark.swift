import Foundation

/// The figures of packs, each through the built `stagehand` with a user plugin directory
/// of its own (`XDG_DATA_HOME`): `install_pack_10_ms`, a pack of 10 declarative effects
/// installed, every check included (archive, sums, the scan, `validate` of each file in
/// a child), from an empty user directory and an empty scan cache; and
/// `catalog_cli_50_packs_ms`, `stagehand catalog` with 50 packs installed.
enum PackBenchmark {
    /// A small declarative effect named `name`: what each pack holds.
    static func effect(_ name: String) -> String {
        """
        {"format": "stagehand-effect/1", "name": "\(name)", "kind": "any", "description": "A benchmark effect.",
         "parameters": [{"name": "duration", "type": "double", "default": 0.35, "min": 0.01, "max": 10}],
         "duration": "$duration", "curve": "standard", "order": ["outgoing", "incoming"],
         "tracks": {"incoming": {"start": {"alpha": 0}}}, "backward": "same", "settle": "restore", "missingViews": "snapshot"}
        """
    }

    static func temporaryDirectory(_ name: String) throws -> String {
        var template = Array("/tmp/stagehand-bench-\(name)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        return String(cString: made)
    }

    static func install(executable: String, runs: Int) -> Figure {
        let key = "install_pack_10_ms", title = "`stagehand install` of a pack of 10 effects, every check included"
        do {
            let folder = try temporaryDirectory("install")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var files: [String] = []
            for i in 0..<10 {
                let file = folder + "/bench-effect-\(i).effect.json"
                try effect("bench-effect-\(i)").write(toFile: file, atomically: true, encoding: .utf8)
                files.append(file)
            }
            let pack = folder + "/bench.shpack"
            let environment = ["XDG_DATA_HOME": folder + "/unused", "STAGEHAND_CACHE_DIR": folder + "/unused-cache"]
            guard let made = Spawn.run(executable, ["stagehand", "pack"] + files + ["--name", "bench", "--version", "1", "--author", "bench",
                                                                                  "--license", "MIT", "--out", pack],
                                       capture: false, environment: environment), made.status == 0 else {
                return .missing(key, title, unit: "ms", goal: 1000, reason: "stagehand pack failed")
            }
            // Each run into a home and a scan cache of its own, never used before.
            let median = Spawn.median(executable, ["stagehand", "install", pack], runs: runs) { run in
                ["XDG_DATA_HOME": folder + "/home-\(run)", "STAGEHAND_CACHE_DIR": folder + "/cache-\(run)"]
            }
            switch median {
            case .failure(let failure):
                return .missing(key, title, unit: "ms", goal: 1000, reason: failure.description)
            case .success(let timing):
                return Figure(key: key, title: title, unit: "ms", goal: 1000, value: timing.seconds * 1e3,
                              detail: "median of \(runs) installs of 10 declarative effects, each into an empty user directory with an empty scan cache, spawn to exit; processor time \(Bench.format(timing.cpuSeconds * 1e3)) ms, its children included")
            }
        } catch {
            return .missing(key, title, unit: "ms", goal: 1000, reason: "\(error)")
        }
    }

    static func catalog(executable: String, runs: Int) -> Figure {
        let key = "catalog_cli_50_packs_ms", title = "`stagehand catalog` end to end with 50 packs installed"
        do {
            let folder = try temporaryDirectory("packs")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // The layout install leaves (each pack's directory with its pack.json), made
            // directly: installing 50 packs would only time install again.
            for i in 0..<50 {
                let directory = folder + "/stagehand/plugins/packs/bench-\(i)"
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try effect("bench-pack-effect-\(i)").write(toFile: directory + "/bench-pack-effect-\(i).effect.json", atomically: true, encoding: .utf8)
                try "{\"name\": \"bench-\(i)\", \"version\": \"1\"}".write(toFile: directory + "/pack.json", atomically: true, encoding: .utf8)
            }
            let environment = ["XDG_DATA_HOME": folder]
            guard let first = Spawn.run(executable, ["stagehand", "catalog"], capture: true, environment: environment), first.status == 0,
                  first.output.contains("bench-pack-effect-49") else {
                return .missing(key, title, unit: "ms", goal: 100, reason: "stagehand catalog failed or did not list the packs")
            }
            switch Spawn.median(executable, ["stagehand", "catalog"], runs: runs, environment: { _ in environment }) {
            case .failure(let failure):
                return .missing(key, title, unit: "ms", goal: 100, reason: failure.description)
            case .success(let timing):
                return Figure(key: key, title: title, unit: "ms", goal: 100, value: timing.seconds * 1e3,
                              detail: "median of \(runs) runs, 50 packs of one declarative effect each in the user directory; processor time \(Bench.format(timing.cpuSeconds * 1e3)) ms")
            }
        } catch {
            return .missing(key, title, unit: "ms", goal: 100, reason: "\(error)")
        }
    }
}
