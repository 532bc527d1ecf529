import Foundation
import StagehandTestSupport
import StagehandCore
@testable import StagehandHost

/// The built-in effects, loaded once per test process from the real bundles beside the
/// test binary and the repository's Catalog.json.
enum BuiltInEffects {
    static let loaded: (EffectLibrary, [Diagnostic]) = EffectLibrary.load(host: HostTable.shared)
    static var library: EffectLibrary { loaded.0 }

    /// Runs a scenario given as JSON text; a parse error fails loudly with its message.
    static func play(_ json: String, parameters: [String: [String: String]] = [:]) throws -> ScenarioResult {
        let scenario = try ScenarioParser.parse(Data(json.utf8), file: "test scenario")
        return ScenarioRunner(library: library, parameters: parameters).run(scenario)
    }
}

extension Trace {
    /// The first frame at or after `t`.
    func frame(at t: Double) -> Frame? {
        // Trace times are rounded to 6 decimals: allow for that.
        frames.first { $0.t >= t - 1e-6 }
    }
}

extension Trace.Frame {
    /// The views titled `title` (a controller's view and snapshots of it share a title).
    func views(_ title: String, kind: String? = nil) -> [Trace.ViewRecord] {
        views.filter { $0.title == title && (kind == nil || $0.kind == kind) }
    }
}
