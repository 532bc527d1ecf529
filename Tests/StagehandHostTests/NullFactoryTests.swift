import StagehandCore
import Foundation
import StagehandTestSupport
@testable import StagehandHost
import Testing

/// A factory that returns NULL: for every operation the transition still runs, with the
/// system animation (UIKit's answer to a nil animator), the failure is an `error` event
/// in the trace naming the effect and the operation, and it is one diagnostic line.
@Suite struct NullFactoryTests {
    /// One bundle with an effect of each kind whose factory returns NULL.
    static func source() -> String {
        let kinds = ["push", "pop", "present", "dismiss"]
        let effects = kinds.map { kind in
            "{\\\"name\\\": \\\"null-\(kind)\\\", \\\"kind\\\": \\\"\(kind)\\\", \\\"interactive\\\": false, \\\"factory\\\": \\\"null_\(kind)_create\\\", \\\"parameters\\\": [{\\\"name\\\": \\\"duration\\\", \\\"type\\\": \\\"double\\\", \\\"default\\\": 0.3}], \\\"description\\\": \\\"Returns NULL.\\\"}"
        }.joined(separator: ", ")
        return """
            #include "stagehand.h"
            #include <stddef.h>
            #define NULL_STRING(x) #x
            #define NULL_XSTRING(x) NULL_STRING(x)
            static bool null_init(const sh_host *host, const char *path) { (void)path; return host != NULL; }
            \(kinds.map { "sh_effect *null_\($0)_create(double duration) { (void)duration; return NULL; }" }.joined(separator: "\n"))
            STAGEHAND_BUNDLE("{\\"abi\\": {\\"major\\": " NULL_XSTRING(STAGEHAND_ABI_MAJOR) ", \\"minor\\": " NULL_XSTRING(STAGEHAND_ABI_MINOR) "}, \\"bundle\\": {\\"name\\": \\"Null\\", \\"version\\": \\"1.0\\"}, \\"effects\\": [\(effects)]}", null_init, NULL)
            """
    }

    @Test func everyOperationRunsWithTheSystemAnimationAndRecordsOneError() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let bundle = try workspace.compile(Self.source(), to: "plugins/libNull.so")
        let (library, loadDiagnostics) = TestEnvironment.load(plugins: [plugins])
        #expect(loadDiagnostics.filter { $0.contains(bundle) }.isEmpty, "\(loadDiagnostics)")
        let scenario = try ScenarioParser.parse(Data("""
            {"screen": {"width": 100, "height": 200, "fps": 20},
             "root": {"title": "Inbox"},
             "navigation": {"push": "null-push", "pop": "null-pop"},
             "steps": [{"push": {"title": "Detail"}}, {"wait": 1}, {"pop": {}}, {"wait": 1},
                       {"present": {"title": "Compose", "effect": "null-present", "dismissal": "null-dismiss"}}, {"wait": 1},
                       {"dismiss": {}}, {"wait": 1}]}
            """.utf8), file: "null.json")
        var diagnostics: [Diagnostic] = []
        let result = ScenarioRunner(library: library).run(scenario) { diagnostics.append($0) }

        func message(_ kind: String) -> String {
            "factory null_\(kind)_create of bundle \(bundle) returned NULL; the \(kind) uses the system animation instead"
        }
        let errors = result.trace.events.filter { $0.kind == "error" }
        #expect(errors.map { "\($0.operation) \($0.effect): \($0.message ?? "")" } == [
            "push null-push: \(message("push"))",
            "pop null-pop: \(message("pop"))",
            "present null-present: \(message("present"))",
            "dismiss null-dismiss: \(message("dismiss"))",
        ])
        // Each operation ran, with the system animation.
        let transitions = result.trace.events.filter { $0.kind != "error" }.map { "\($0.kind) \($0.operation) \($0.effect)" }
        #expect(transitions == [
            "began push system-push", "completed push system-push",
            "began pop system-pop", "completed pop system-pop",
            "began present system-present", "completed present system-present",
            "began dismiss system-dismiss", "completed dismiss system-dismiss",
        ])
        // One line each, said once: no "error: ... error: ...".
        let lines = diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(lines == ["push", "pop", "present", "dismiss"].map { "error: null-\($0): \(message($0))" })
        #expect(lines.allSatisfy { $0.components(separatedBy: "error").count == 2 }, "\(lines)")
        expectSettled(result)
    }
}

extension NullFactoryTests {
    /// `preview` shows one effect: a factory that fails leaves nothing to show, said in one
    /// line that does not blame `--param`.
    @Test func previewOfAnEffectWhoseFactoryReturnsNullSaysSoOnce() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let bundle = try workspace.compile(Self.source(), to: "plugins/libNull.so")
        let out = workspace.path + "/null.gif"
        let run = try runStagehand(["preview", "null-push", "--plugins", plugins, "--out", out], in: workspace.path)
        #expect(run.status == 1)
        #expect(run.errors == "error: null-push: factory null_push_create of bundle \(bundle) returned NULL; nothing to preview\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
