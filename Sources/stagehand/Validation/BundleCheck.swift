import Foundation
import StagehandCore
import StagehandHost
import StagehandRender

/// The child side of `stagehand validate`: everything that runs the bundle's code.
/// Each step is announced before it starts, so a crash is pinned to it.
struct BundleCheck {
    let path: String
    let plugins: PluginOptions
    /// An empty directory the parent made for this check (and removes, whatever happens
    /// here).
    let directory: String

    func run() -> ValidationReport {
        var report = ValidationReport(bundle: path)
        // A plugin directory holding only this bundle (searched first), so the effects
        // found there are the bundle's own.
        let file = (path as NSString).lastPathComponent
        // A declarative effect keeps its name (NAME.effect.json is how it is found).
        let keepsName = file.hasSuffix(".effect.json") || (file.hasPrefix("lib") && file.hasSuffix(".so"))
        let copy = directory + "/" + (keepsName ? file : "lib\(file).so")
        // The file itself, not a link to it (a copied link would lead out of the plugin
        // directory); every message names the path the user gave.
        let original = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        do {
            try FileManager.default.copyItem(atPath: original, toPath: copy)
        } catch {
            report.problems.append("cannot copy the bundle: \(error.localizedDescription)")
            return report
        }
        let own = { (text: String) in text.replacingOccurrences(of: copy, with: self.path) }

        SupervisedChild.send("step", "loading")
        // The other bundles on the plugin path are scanned in a process of their own, as
        // every command does, so a bad one elsewhere cannot pass for this bundle's crash;
        // this bundle is opened here, where a crash is reported with its step.
        var scanner = PluginOptions.scanner(environment: ProcessInfo.processInfo.environment).0
        scanner.inProcessPaths = [copy]
        let (library, diagnostics) = EffectLibrary.load(pluginDirectories: [directory] + plugins.pluginDirectories,
                                                        catalogPath: plugins.catalog, host: HostTable.shared, scanner: scanner)
        for d in diagnostics {
            let inBundle = d.file.map { $0.hasPrefix(directory) } ?? false
            // Found in the catalog but about this bundle: the catalog disagreeing with its
            // manifest, which keeps the effect from loading. Named with the catalog.
            let aboutBundle = !inBundle && d.file != nil && d.file == library.catalogPath && d.message.contains(copy)
            guard inBundle || aboutBundle else { continue }
            let parts = (aboutBundle ? [d.file] : []) + [d.field, d.message]
            report.problems.append(own(parts.compactMap { $0 }.joined(separator: ": ")))
        }
        let effects = library.effects.filter { $0.bundlePath == copy }
        for effect in effects {
            report.effects.append(check(effect, library: library, own: own))
        }
        return report
    }

    private func check(_ effect: EffectInfo, library: EffectLibrary, own: (String) -> String) -> ValidationReport.EffectResult {
        var result = ValidationReport.EffectResult(name: effect.name, kind: effect.kind.rawValue, transitions: 0, problems: [])
        SupervisedChild.send("step", "making \(effect.name) with its default parameters")
        do {
            _ = try library.makeEffect(effect.name)
        } catch {
            result.problems.append(own(error.message))
            return result
        }
        SupervisedChild.send("step", "running \(effect.name) through its standard scenario")
        let scenario = StandardScenario.make(for: effect, library: library, screen: Size(width: 390, height: 844), framesPerSecond: 60)
        var said: [Diagnostic] = []
        // Events and diagnostics are what is checked: no frames recorded.
        var runner = ScenarioRunner(library: library)
        runner.recordsFrames = false
        let run = runner.run(scenario) { said.append($0) }
        for d in said where d.severity != .note {
            result.problems.append(own(d.description))
        }
        let events = run.trace.events.filter { ["began", "completed", "cancelled"].contains($0.kind) }
        result.transitions = events.filter { $0.kind == "began" }.count
        var open = 0
        for e in events {
            open += e.kind == "began" ? 1 : -1
            if open < 0 || open > 1 {
                result.problems.append("a transition ended twice or overlapped another at \(e.t) s")
                break
            }
        }
        if open > 0 { result.problems.append("a transition began and never ended") }
        let usedByName = events.contains { $0.effect == effect.name }
        let drove = events.contains { $0.interactive }
        if !usedByName && !(effect.kind == .interaction && drove) {
            result.problems.append("the standard scenario never ran the effect")
        } else if effect.kind.plays.count > 1 {
            // An effect for several operations must have played each of them.
            let played = Set(events.filter { $0.effect == effect.name && $0.kind == "began" }.map(\.operation))
            for operation in effect.kind.plays where !played.contains(operation.rawValue) {
                result.problems.append("the standard scenario never ran the \(effect.kind.rawValue) effect for a \(operation.rawValue)")
            }
        }
        result.problems += settledProblems(run)
        // Each parameter at its bounds and between: refused valid values, ignored parameters.
        let probe = ParameterProbe(effect: effect, library: library, screen: Size(width: 390, height: 844), framesPerSecond: 60)
        result.problems += probe.problems { SupervisedChild.send("step", $0) }.map(own)
        return result
    }

    /// UIKit's end state (`SettledScene`), once the whole run is over.
    private func settledProblems(_ run: ScenarioResult) -> [String] {
        SettledScene.problems(in: run.stage.window).map { "at the end, " + $0 }
    }
}
