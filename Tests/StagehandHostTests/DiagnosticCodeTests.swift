import Foundation
import StagehandTestSupport
import StagehandCore
import StagehandHost
import Testing

/// A diagnostic's code is what an app switches over, so its value must not change from
/// one version to the next, and each kind of failure must carry its own.
@Suite struct DiagnosticCodeTests {
    /// The released values, written out here: renaming a code's value, or reusing it for
    /// another code, fails this test. A new code is added to the list.
    static let released: [String: String] = [
        "pluginDirectoryUnusable": "plugin-directory-unusable",
        "bundleOutsidePluginDirectory": "bundle-outside-plugin-directory",
        "bundleNotLoadable": "bundle-not-loadable",
        "bundleIncompatible": "bundle-incompatible",
        "bundleRefusedInit": "bundle-refused-init",
        "bundleFailedScan": "bundle-failed-scan",
        "scannerUnavailable": "scanner-unavailable",
        "scanCacheUnwritable": "scan-cache-unwritable",
        "environmentInvalid": "environment-invalid",
        "catalogNotFound": "catalog-not-found",
        "catalogUnreadable": "catalog-unreadable",
        "catalogNotJSON": "catalog-not-json",
        "catalogInvalid": "catalog-invalid",
        "manifestNotJSON": "manifest-not-json",
        "manifestInvalid": "manifest-invalid",
        "catalogManifestMismatch": "catalog-manifest-mismatch",
        "factoryNotExported": "factory-not-exported",
        "duplicateEffect": "duplicate-effect",
        "declarativeInvalid": "declarative-invalid",
        "unknownEffect": "unknown-effect",
        "refusedEffect": "refused-effect",
        "wrongEffectKind": "wrong-effect-kind",
        "unknownParameter": "unknown-parameter",
        "parameterWrongType": "parameter-wrong-type",
        "parameterOutOfBounds": "parameter-out-of-bounds",
        "factoryFailed": "factory-failed",
        "scenarioUnreadable": "scenario-unreadable",
        "scenarioNotJSON": "scenario-not-json",
        "scenarioInvalid": "scenario-invalid",
        "operationRefused": "operation-refused",
        "operationQueued": "operation-queued",
        "operationAppliedAtOnce": "operation-applied-at-once",
        "operationDidNothing": "operation-did-nothing",
        "completedTwice": "completed-twice",
        "neverCompleted": "never-completed",
        "interactionAbandoned": "interaction-abandoned",
        "duplicateMatchIdentifier": "duplicate-match-identifier",
        "sceneLeftInconsistent": "scene-left-inconsistent",
        "hostCallRefused": "host-call-refused",
        "bundleLog": "bundle-log",
        "inconsistentTouches": "inconsistent-touches",
        "numbersOverflowed": "numbers-overflowed",
        "runUnsettled": "run-unsettled",
    ]

    @Test func everyCodeKeepsItsReleasedValue() {
        let values = Diagnostic.Code.known.map(\.rawValue)
        #expect(Set(values).count == values.count, "two codes share a value")
        #expect(Set(values) == Set(Self.released.values))
        let mirror = [
            "pluginDirectoryUnusable": Diagnostic.Code.pluginDirectoryUnusable, "unknownEffect": .unknownEffect,
            "parameterWrongType": .parameterWrongType, "catalogNotJSON": .catalogNotJSON,
            "completedTwice": .completedTwice, "hostCallRefused": .hostCallRefused, "runUnsettled": .runUnsettled,
        ]
        for (name, code) in mirror { #expect(code.rawValue == Self.released[name], "\(name)") }
    }

    @Test func errorsMDListsEveryCodeWithItsValue() throws {
        let text = try String(contentsOfFile: TestEnvironment.repositoryRoot + "/Documentation/Errors.md", encoding: .utf8)
        for (name, value) in Self.released {
            #expect(text.contains("| `\(value)` | `\(name)` |"), "Errors.md does not list \(value) (\(name))")
        }
    }

    @Test func loadingFailuresCarryTheirCodes() throws {
        let workspace = try Workspace()
        let catalog = try workspace.write("Catalog.json", "{ \"effects\": [")
        let plugins = try workspace.directory("plugins")
        _ = try workspace.write("plugins/libText.so", "not a bundle\n")
        let (_, diagnostics) = EffectLibrary.load(pluginDirectories: [plugins, workspace.path + "/nowhere"], catalogPath: catalog,
                                                  host: TestEnvironment.host, environment: [:])
        func code(of file: String) -> Diagnostic.Code? { diagnostics.first { $0.file == file }?.code }
        #expect(code(of: catalog) == .catalogNotJSON)
        #expect(code(of: plugins + "/libText.so") == .bundleNotLoadable)
        #expect(code(of: workspace.path + "/nowhere") == .pluginDirectoryUnusable)

        let unreadable = EffectLibrary.load(pluginDirectories: [], catalogPath: workspace.path + "/absent.json",
                                            host: TestEnvironment.host, environment: [:]).1
        #expect(unreadable.first { $0.file == workspace.path + "/absent.json" }?.code == .catalogUnreadable)
        let invalid = try workspace.write("Invalid.json", #"{ "effects": [ { "name": "x", "interactive": "yes" } ] }"#)
        let fields = EffectLibrary.load(pluginDirectories: [], catalogPath: invalid, host: TestEnvironment.host, environment: [:]).1
        #expect(fields.contains { $0.file == invalid && $0.code == .catalogInvalid })
    }

    @Test func makingAndUsingEffectsCarryTheirCodes() throws {
        let (library, _) = EffectLibrary.load(catalogPath: TestEnvironment.catalog, host: TestEnvironment.host, environment: [:])
        func code(_ body: () throws -> Void) -> Diagnostic.Code? {
            do { try body(); return nil } catch { return (error as? Diagnostic)?.code }
        }
        #expect(code { _ = try library.effect(named: "crossfad") } == .unknownEffect)
        #expect(code { _ = try library.makeEffect("crossfade", overrides: ["duration": "fast"]) } == .parameterWrongType)
        #expect(code { _ = try library.makeEffect("crossfade", overrides: ["duration": "12"]) } == .parameterOutOfBounds)
        #expect(code { _ = try library.makeEffect("crossfade", overrides: ["durration": "1"]) } == .unknownParameter)
        let coordinator = Coordinator(library: library)
        #expect(code { try coordinator.use("crossfade-nope", for: .push) } == .unknownEffect)
    }

    @Test func scenarioFailuresCarryTheirCodes() throws {
        func code(_ text: String) -> Diagnostic.Code? {
            do { _ = try ScenarioParser.parse(Data(text.utf8), file: "s.json"); return nil } catch { return error.code }
        }
        #expect(code("{") == .scenarioNotJSON)
        #expect(code(#"{ "stepz": [] }"#) == .scenarioInvalid)
        do { _ = try ScenarioParser.load(path: "/nonexistent/s.json"); Issue.record("loaded") } catch {
            #expect(error.code == .scenarioUnreadable)
        }
    }

    @Test func runtimeDiagnosticsCarryTheirCodes() {
        let stage = Stage()
        let nav = NavigationController(rootViewController: ViewController(title: "A"))
        stage.window.rootViewController = nav
        _ = nav.popViewController(animated: true)
        #expect(stage.diagnostics.last?.code == .operationDidNothing)
        _ = nav.popToViewController(ViewController(title: "Elsewhere"), animated: true)
        #expect(stage.diagnostics.last?.code == .operationRefused)
    }
}
