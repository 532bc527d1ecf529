import Foundation
import StagehandTestSupport
import StagehandCore
@testable import StagehandHost
import StagehandTrace
import Testing

/// A declarative effect dropped into a plugin directory is found by name beside the
/// bundles, listed, written into the catalog, claimed by it when read back, overridden
/// by `--param`, and played; a bad file is reported once, located, and skipped while the
/// rest loads; a file that is not a regular one is refused without being opened.
@Suite struct DeclarativeLoadingTests {
    static let good = """
        {"format": "stagehand-effect/1", "name": "my-fade", "kind": "navigation", "description": "A fade.",
         "parameters": [{"name": "duration", "type": "double", "default": 0.3, "min": 0.01, "max": 10}],
         "duration": "$duration", "tracks": {"incoming": {"start": {"alpha": 0}}}, "backward": "same"}
        """
    static let bad = """
        {"format": "stagehand-effect/1", "name": "my-bad", "kind": "push",
         "tracks": {"incoming": {"start": {"sacle": 0.5}}}}
        """

    @Test func aBadFileIsReportedOnceAndTheRestLoads() throws {
        let workspace = try Workspace()
        let directory = try workspace.directory("effects")
        try workspace.write("effects/my-fade.effect.json", Self.good)
        try workspace.write("effects/my-bad.effect.json", Self.bad)
        let (library, diagnostics) = TestEnvironment.load(plugins: [directory], catalog: nil)
        let info = try library.effect(named: "my-fade")
        #expect(info.bundlePath == directory + "/my-fade.effect.json" && info.factory == DeclarativeDiscovery.factoryName)
        #expect(info.kind == .navigation && info.source == .discovered && info.description == "A fade.")
        let reported = diagnostics.filter { $0.contains("my-bad.effect.json") }
        #expect(reported == ["warning: \(directory)/my-bad.effect.json: tracks/incoming/start/sacle: line 2, column 36: unknown key in a pose; did you mean scale?; the effect is skipped"])
        #expect(throws: Diagnostic.self) { try library.effect(named: "my-bad") }
        do {
            _ = try library.effect(named: "my-bad")
        } catch {
            #expect(error.message.contains("was refused when the effects were loaded (its file \(directory)/my-bad.effect.json has an error)"))
        }
        // The built-in effects load as ever.
        #expect((try? library.effect(named: "slide-pop")) != nil)
    }

    @Test func aFileThatIsNotRegularIsRefusedWithoutBeingRead() throws {
        let workspace = try Workspace()
        let directory = try workspace.directory("effects")
        try FileManager.default.createSymbolicLink(atPath: directory + "/zero.effect.json", withDestinationPath: "/dev/zero")
        let (_, diagnostics) = TestEnvironment.load(plugins: [directory], catalog: nil)
        #expect(diagnostics.contains { $0.contains("zero.effect.json") && $0.contains("outside the plugin directory") },
                "\(diagnostics)")
        let fifo = directory + "/fifo.effect.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let (_, more) = TestEnvironment.load(plugins: [directory], catalog: nil)
        #expect(more.contains { $0.contains("fifo.effect.json") && $0.contains("not a regular file (a FIFO)") }, "\(more)")
    }

    @Test func theCatalogListsWritesAndClaimsIt() throws {
        let workspace = try Workspace()
        let directory = try workspace.directory("effects")
        try workspace.write("effects/my-fade.effect.json", Self.good)
        let list = try runStagehand(["catalog", "--plugins", directory, "--json"])
        #expect(list.status == 0, "\(list.errors)")
        #expect(list.output.contains("\"my-fade\""), "\(list.output)")
        let catalog = workspace.path + "/Catalog.json"
        let write = try runStagehand(["catalog", "--plugins", directory, "--write", catalog])
        #expect(write.status == 0, "\(write.errors)")
        let text = try String(contentsOfFile: catalog, encoding: .utf8)
        #expect(text.contains("\"bundle\": \"my-fade.effect.json\""), "\(text)")
        #expect(text.contains("\"factory\": \"\(DeclarativeDiscovery.factoryName)\""))
        let (library, diagnostics) = TestEnvironment.load(plugins: [directory], catalog: catalog)
        #expect(try library.effect(named: "my-fade").source == .catalog, "\(diagnostics)")
        #expect(!diagnostics.contains { $0.contains("my-fade") }, "\(diagnostics)")
    }

    @Test func parametersAreOverriddenAndPlayed() throws {
        let workspace = try Workspace()
        let directory = try workspace.directory("effects")
        try workspace.write("effects/my-fade.effect.json", Self.good)
        let (library, _) = TestEnvironment.load(plugins: [directory], catalog: nil)
        let info = try library.effect(named: "my-fade")
        let scenario = StandardScenario.make(for: info, library: library, screen: Size(width: 390, height: 844), framesPerSecond: 60)
        func length(_ parameters: [String: String]) -> Double {
            let trace = ScenarioRunner(library: library, parameters: ["my-fade": parameters]).run(scenario).trace
            #expect(!trace.events.contains { $0.kind == "error" }, "\(trace.events)")
            let began = trace.events.first { $0.kind == "began" }?.t ?? 0
            let ended = trace.events.first { $0.kind == "completed" }?.t ?? 0
            return ended - began
        }
        #expect(abs(length([:]) - 0.3) < 0.02)
        #expect(abs(length(["duration": "0.6"]) - 0.6) < 0.02)
        #expect(throws: Diagnostic.self) { try library.validate(overrides: ["duration": "20"], for: "my-fade") }
    }

    /// `stagehand new NAME --language json` writes a file of each kind that
    /// `stagehand validate` passes (read, made, played in a child process); a bad file
    /// fails validation with its located message.
    @Test func newWritesAFileValidatePasses() throws {
        let workspace = try Workspace()
        for kind in ["push", "pop", "present", "dismiss", "container"] {
            let made = try runStagehand(["new", "my-\(kind)", "--kind", kind, "--language", "json", "--out", workspace.path])
            #expect(made.status == 0, "\(made.errors)")
            let file = workspace.path + "/my-\(kind).effect.json"
            let validate = try runStagehand(["validate", file])
            #expect(validate.status == 0 && validate.output.hasSuffix("\(file): valid\n"), "\(validate.output)\(validate.errors)")
            #expect(validate.output.contains("ok  my-\(kind) (\(kind))"), "\(validate.output)")
        }
        let again = try runStagehand(["new", "my-push", "--language", "json", "--out", workspace.path])
        #expect(again.status != 0 && again.errors.contains("already exists"), "\(again.errors)")
        let bad = try workspace.write("bad/my-bad.effect.json", Self.bad)
        let validate = try runStagehand(["validate", bad])
        #expect(validate.status == 1)
        #expect(validate.output.contains("error: \(bad): tracks/incoming/start/sacle: line 2, column 36: unknown key in a pose; did you mean scale?"), "\(validate.output)")
    }
}
