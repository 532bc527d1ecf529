import StagehandCore
import Foundation
import StagehandTestSupport
import StagehandHost
import Testing

/// Bad bundles: each is refused with one error naming the file and the reason (with
/// `dlerror()`'s text), and the valid bundles beside it still load.
@Suite struct LoaderTests {
    @Test func aTextFileNamedLikeABundleIsNotASharedObject() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        // Longer than an ELF header, so that dlopen reads it and finds no ELF magic.
        let fake = try workspace.write("plugins/libX.so", String(repeating: "this is not a shared object\n", count: 8))
        try workspace.compile(TestBundle().source, to: "plugins/libTest.so")
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        #expect(diagnostics.filter { $0.contains(fake) } == ["error: \(fake): not a shared object (invalid ELF header)"])
        let short = try workspace.write("plugins/libY.so", "")
        let (_, again) = TestEnvironment.load(plugins: [plugins])
        #expect(again.filter { $0.contains(short) } == ["error: \(short): not a shared object (file too short)"])
        try expectTestEffectLoads(library)
        expectCrossfadeLoads(library)
    }

    @Test func aSharedObjectWithoutTheEntrySymbolIsRefused() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let plain = try workspace.compile("int unrelated(void) { return 1; }\n", to: "plugins/libPlain.so")
        try workspace.compile(TestBundle().source, to: "plugins/libTest.so")
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        #expect(diagnostics.filter { $0.contains(plain) } == [
            "error: \(plain): not a Stagehand bundle: missing entry symbol stagehand_bundle_entry (undefined symbol: stagehand_bundle_entry); if it is defined, it is not exported: define it with STAGEHAND_BUNDLE, which keeps it visible, or, in a build with -fvisibility=hidden, mark it __attribute__((visibility(\"default\")))",
        ])
        try expectTestEffectLoads(library)
        expectCrossfadeLoads(library)
    }

    @Test func anABIMajorVersionTheHostDoesNotKnowIsRefused() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let future = try workspace.compile(TestBundle(effect: "future", factory: "future_create", abiMajor: "99").source,
                                           to: "plugins/libFuture.so")
        try workspace.compile(TestBundle().source, to: "plugins/libTest.so")
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        #expect(diagnostics.filter { $0.contains(future) } == [
            "error: \(future): sh_bundle.abi_major: the bundle was built for ABI 99.0; this host speaks ABI 1.3 and loads only abi_major 1",
        ])
        #expect(throws: Diagnostic.self) { try library.effect(named: "future") }
        try expectTestEffectLoads(library)
        expectCrossfadeLoads(library)
    }

    @Test func aManifestThatIsNotValidRefusesTheBundle() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        var broken = TestBundle(effect: "broken", factory: "broken_create")
        broken.manifest = "{\"abi\": {\"major\": 1, \"minor\": 0}, \"effects\": []}"
        let path = try workspace.compile(broken.source, to: "plugins/libBroken.so")
        try workspace.compile(TestBundle().source, to: "plugins/libTest.so")
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        #expect(diagnostics.filter { $0.contains(path) } == [
            "error: \(path): manifest.bundle: missing: expected an object {\"name\", \"version\"}; bundle refused",
        ])
        try expectTestEffectLoads(library)
    }

    @Test func aManifestWhoseABIDisagreesWithTheStructIsRefused() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        var odd = TestBundle(effect: "odd", factory: "odd_create")
        odd.manifest = odd.defaultManifest.replacingOccurrences(of: "\"minor\": 0", with: "\"minor\": 7")
        let path = try workspace.compile(odd.source, to: "plugins/libOdd.so")
        try workspace.compile(TestBundle().source, to: "plugins/libTest.so")
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        #expect(diagnostics.filter { $0.contains(path) } == [
            "error: \(path): manifest.abi: the manifest says ABI 1.7, the sh_bundle struct says 1.0; they must agree",
        ])
        try expectTestEffectLoads(library)
    }

    @Test func aBadEffectInAManifestIsSkippedAndTheOthersLoad() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        var bundle = TestBundle()
        bundle.manifest = bundle.defaultManifest.replacingOccurrences(of: "\"effects\": [", with: """
            "effects": [{"name": "half", "kind": "sideways", "interactive": false, "factory": "half_create",
                         "parameters": [], "description": "Half an effect."},
            """)
        let path = try workspace.compile(bundle.source, to: "plugins/libTest.so")
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        #expect(diagnostics.filter { $0.contains(path) } == [
            "warning: \(path): manifest.effects[0].kind: expected one of push, pop, present, dismiss, container, interaction, navigation, modal, any, found the string \"sideways\"; effect skipped",
        ])
        try expectTestEffectLoads(library)
    }

    @Test func aMissingPluginDirectoryIsAnError() throws {
        let workspace = try Workspace()
        let missing = workspace.path + "/absent"
        let (library, diagnostics) = TestEnvironment.load(plugins: [missing])
        expectDiagnostic(diagnostics, "error: \(missing): plugin directory (from --plugins) does not exist; not searched")
        expectCrossfadeLoads(library)
    }

    @Test func thePluginPathVariableIsSearchedAfterTheOptions() throws {
        let workspace = try Workspace()
        let first = try workspace.directory("first")
        let second = try workspace.directory("second")
        try workspace.compile(TestBundle().source, to: "second/libTest.so")
        let (library, diagnostics) = EffectLibrary.load(
            pluginDirectories: [first], catalogPath: TestEnvironment.catalog, host: TestEnvironment.host,
            environment: ["STAGEHAND_PLUGIN_PATH": "\(workspace.path)/none:\(second)"])
        #expect(library.pluginDirectories == [first, second, TestEnvironment.productsDirectory])
        expectDiagnostic(diagnostics.map(\.description),
                         "warning: \(workspace.path)/none: plugin directory (from STAGEHAND_PLUGIN_PATH) does not exist; not searched")
        #expect(try library.effect(named: "test-effect").source == .discovered)
    }

    private func expectTestEffectLoads(_ library: EffectLibrary, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let info = try library.effect(named: "test-effect")
        #expect(info.source == .discovered, sourceLocation: sourceLocation)
        let effect = try library.makeEffect("test-effect", overrides: ["duration": "2"])
        #expect(effect.pointee.transition_duration(effect.pointee.`self`, nil) == 2, sourceLocation: sourceLocation)
        effect.pointee.destroy(effect.pointee.`self`)
    }
}
