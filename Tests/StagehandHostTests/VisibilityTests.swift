import StagehandCore
import Foundation
import StagehandTestSupport
import StagehandHost
import Testing

/// Bundles built with `-fvisibility=hidden`, as many C projects build everything: the
/// header's `STAGEHAND_BUNDLE` still exports the entry, and a symbol the host cannot
/// find is reported with what to do about visibility.
@Suite struct VisibilityTests {
    static let hidden = ["-fvisibility=hidden"]
    static let visible = "__attribute__((visibility(\"default\")))"

    @Test func theBundleMacroExportsTheEntryFromAHiddenBuild() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let bundle = TestBundle(usesBundleMacro: true, factoryAttributes: Self.visible)
        let path = try workspace.compile(bundle.source, to: "plugins/libTest.so", flags: Self.hidden)
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        #expect(diagnostics.filter { $0.contains(path) }.isEmpty, "\(diagnostics)")
        let info = try library.effect(named: "test-effect")
        #expect(info.bundlePath == path)
        let effect = try library.makeEffect("test-effect", overrides: ["duration": "1.5"])
        #expect(effect.pointee.transition_duration(effect.pointee.`self`, nil) == 1.5)
        effect.pointee.destroy(effect.pointee.`self`)
    }

    @Test func aHandWrittenEntryHiddenByTheBuildIsRefusedNamingVisibility() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let path = try workspace.compile(TestBundle().source, to: "plugins/libTest.so", flags: Self.hidden)
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        #expect(diagnostics.filter { $0.contains(path) } == [
            "error: \(path): not a Stagehand bundle: missing entry symbol stagehand_bundle_entry (undefined symbol: stagehand_bundle_entry); if it is defined, it is not exported: define it with STAGEHAND_BUNDLE, which keeps it visible, or, in a build with -fvisibility=hidden, mark it __attribute__((visibility(\"default\")))",
        ])
        #expect(throws: Diagnostic.self) { try library.effect(named: "test-effect") }
        expectCrossfadeLoads(library)
    }

    @Test func aFactoryHiddenByTheBuildIsReportedNamingVisibility() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let path = try workspace.compile(TestBundle(usesBundleMacro: true).source, to: "plugins/libTest.so", flags: Self.hidden)
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        let lines = diagnostics.filter { $0.contains(path) }
        #expect(lines.count == 1, "\(diagnostics)")
        let line = try #require(lines.first)
        #expect(line.hasPrefix("warning: \(path): manifest.effects[0].factory: the bundle does not export the factory test_effect_create ("), "\(line)")
        #expect(line.hasSuffix("); effect test-effect skipped (no exported function has that name: check that it is spelled as the manifest's factory — the name in @_cdecl for a Swift factory, the function's name in C — and, in a build with -fvisibility=hidden, that it is marked __attribute__((visibility(\"default\"))), as SH_EFFECT_FACTORY does)"), "\(line)")
        #expect(throws: Diagnostic(.error, .refusedEffect, "effect test-effect was refused when the effects were loaded (\(path) does not export its factory test_effect_create); see the warning above")) {
            try library.effect(named: "test-effect")
        }
        expectCrossfadeLoads(library)
    }

    /// The same through the command line, whose scan runs in a separate process.
    @Test func theCommandLineReportsAHiddenEntryTheSameWay() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let path = try workspace.compile(TestBundle().source, to: "plugins/libTest.so", flags: Self.hidden)
        let run = try runStagehand(["catalog", "--plugins", plugins])
        #expect(run.status == 0)
        #expect(run.errors.contains("error: \(path): not a Stagehand bundle: missing entry symbol stagehand_bundle_entry"), "\(run.errors)")
        #expect(run.errors.contains("-fvisibility=hidden, mark it __attribute__((visibility(\"default\")))"), "\(run.errors)")
    }
}
