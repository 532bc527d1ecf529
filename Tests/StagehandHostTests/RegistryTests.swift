import StagehandCore
import Foundation
import StagehandTestSupport
import StagehandHost
import Testing

/// Names: duplicates, disagreements between the catalog and a manifest, unknown names.
@Suite struct RegistryTests {
    @Test func theFirstOfTwoBundlesDeclaringTheSameEffectWins() throws {
        let workspace = try Workspace()
        let first = try workspace.directory("a")
        let second = try workspace.directory("b")
        let winner = try workspace.copy(TestEnvironment.crossfadeBundle, to: "a/libCrossfade.so")
        let loser = try workspace.copy(TestEnvironment.crossfadeBundle, to: "b/libCrossfadeCopy.so")
        try workspace.compile(TestBundle().source, to: "b/libTest.so")
        let (library, diagnostics) = TestEnvironment.load(plugins: [first, second])
        expectDiagnostic(diagnostics, "warning: \(loser): manifest.effects[0].name: effect crossfade is also provided by \(winner), which comes first in the plugin search path; this one is ignored")
        expectDiagnostic(diagnostics, "warning: \(TestEnvironment.crossfadeBundle): manifest.effects[0].name: effect crossfade is also provided by \(winner), which comes first in the plugin search path; this one is ignored")
        #expect(try library.effect(named: "crossfade").bundlePath == winner)
        expectCrossfadeLoads(library)
        #expect(try library.effect(named: "test-effect").bundlePath == workspace.path + "/b/libTest.so")
    }

    @Test func aManifestThatDisagreesWithTheCatalogIsNotCalled() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        try workspace.compile(TestBundle().source, to: "plugins/libTest.so")
        let wrong = CatalogText.crossfade.replacingOccurrences(of: "\"type\": \"double\"", with: "\"type\": \"float\"")
        let file = try workspace.write("Catalog.json", CatalogText.catalog(wrong, CatalogText.testEffect()))
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins], catalog: file)
        expectDiagnostic(diagnostics, "warning: \(file): effects[0].parameters[0].type: the catalog and the manifest of \(TestEnvironment.crossfadeBundle) disagree on effect crossfade: parameter duration is a float in the catalog, a double in the manifest; entry skipped, its factory is not called")
        #expect(throws: Diagnostic.self) { try library.effect(named: "crossfade") }
        #expect(try library.effect(named: "test-effect").source == .catalog)
        let effect = try library.makeEffect("test-effect")
        #expect(effect.pointee.transition_duration(effect.pointee.`self`, nil) == 0.5)
        effect.pointee.destroy(effect.pointee.`self`)
    }

    @Test func otherDisagreementsNameTheFirstDifference() throws {
        let workspace = try Workspace()
        let renamed = CatalogText.crossfade.replacingOccurrences(of: "\"crossfade_create\"", with: "\"crossfade_make\"")
        let file = try workspace.write("Catalog.json", CatalogText.catalog(renamed))
        let (_, diagnostics) = TestEnvironment.load(catalog: file)
        expectDiagnostic(diagnostics, "warning: \(file): effects[0].factory: the catalog and the manifest of \(TestEnvironment.crossfadeBundle) disagree on effect crossfade: factory is crossfade_make in the catalog, crossfade_create in the manifest; entry skipped, its factory is not called")

        let extra = CatalogText.crossfade.replacingOccurrences(of: "\"max\": 10}", with: "\"max\": 10}, {\"name\": \"delay\", \"type\": \"double\", \"default\": 0}")
        let second = try workspace.write("Second.json", CatalogText.catalog(extra))
        let (_, more) = TestEnvironment.load(catalog: second)
        expectDiagnostic(more, "warning: \(second): effects[0].parameters: the catalog and the manifest of \(TestEnvironment.crossfadeBundle) disagree on effect crossfade: the catalog declares 2 parameters, the manifest 1 (delay is only in the catalog); entry skipped, its factory is not called")
    }

    @Test func aCatalogEntryForAnEffectItsBundleLacks() throws {
        let workspace = try Workspace()
        let ghost = CatalogText.crossfade.replacingOccurrences(of: "\"name\": \"crossfade\"", with: "\"name\": \"ghost\"")
        let file = try workspace.write("Catalog.json", CatalogText.catalog(ghost, CatalogText.crossfade))
        let (library, diagnostics) = TestEnvironment.load(catalog: file)
        expectDiagnostic(diagnostics, "warning: \(file): effects[0].name: the manifest of \(TestEnvironment.crossfadeBundle) has no effect named ghost (it declares crossfade); entry skipped")
        expectCrossfadeLoads(library)
    }

    @Test func aCatalogEntryWhoseBundleIsNowhere() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let file = try workspace.write("Catalog.json", CatalogText.catalog(CatalogText.testEffect(bundle: "libAbsent.so"), CatalogText.crossfade))
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins], catalog: file)
        expectDiagnostic(diagnostics, "warning: \(file): effects[0].bundle: libAbsent.so is in no plugin directory (searched: \(plugins), \(TestEnvironment.productsDirectory)); entry skipped")
        expectCrossfadeLoads(library)
    }

    /// A name the catalog and a manifest both know, refused because they disagree: later
    /// lookups say it was refused and why, not that no such effect exists.
    @Test func aRefusedEffectIsLookedUpAsRefusedNotUnknown() throws {
        let workspace = try Workspace()
        let wrong = CatalogText.crossfade.replacingOccurrences(of: "\"type\": \"double\"", with: "\"type\": \"float\"")
        let file = try workspace.write("Catalog.json", CatalogText.catalog(wrong))
        let (library, _) = TestEnvironment.load(catalog: file)
        let refused = Diagnostic(.error, .refusedEffect, "effect crossfade was refused when the effects were loaded (the catalog and the manifest of \(TestEnvironment.crossfadeBundle) disagree on its parameters[0].type); see the warning above")
        #expect(throws: refused) { try library.effect(named: "crossfade") }
        #expect(throws: refused) { try library.makeEffect("crossfade") }
        #expect(throws: refused) { try library.validate(overrides: [:], for: "crossfade") }
        // A near miss of the refused name is still an unknown name.
        #expect(throws: Diagnostic.self) { try library.effect(named: "crossfad") }
        do { _ = try library.effect(named: "crossfad") } catch { #expect(error.message.hasPrefix("no effect named crossfad")) }
    }

    @Test func everyOtherRefusalOfAKnownNameIsLookedUpAsRefused() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        // A bundle whose manifest names a factory it does not export.
        var unexported = TestBundle(effect: "unexported", factory: "unexported_create")
        unexported.manifest = TestBundle(effect: "unexported", factory: "missing_create").defaultManifest
        let unexportedPath = try workspace.compile(unexported.source, to: "plugins/libUnexported.so")
        // A catalog entry whose bundle is refused, one for an effect its manifest lacks, one
        // whose bundle is nowhere.
        var broken = TestBundle(effect: "broken", factory: "broken_create")
        broken.manifest = "{\"abi\": {\"major\": 1, \"minor\": 0}, \"effects\": []}"
        let brokenPath = try workspace.compile(broken.source, to: "plugins/libBroken.so")
        let file = try workspace.write("Catalog.json", CatalogText.catalog(
            CatalogText.testEffect(bundle: "libBroken.so", name: "broken"),
            CatalogText.crossfade.replacingOccurrences(of: "\"name\": \"crossfade\"", with: "\"name\": \"ghost\""),
            CatalogText.testEffect(bundle: "libAbsent.so", name: "absent"),
            CatalogText.crossfade))
        let (library, _) = TestEnvironment.load(plugins: [plugins], catalog: file)
        let expected = [
            "unexported": "\(unexportedPath) does not export its factory missing_create",
            "broken": "its bundle \(brokenPath) was refused",
            "ghost": "the manifest of \(TestEnvironment.crossfadeBundle) does not declare it",
            "absent": "the catalog's bundle libAbsent.so was not found or not allowed",
        ]
        for (name, reason) in expected {
            #expect(throws: Diagnostic(.error, .refusedEffect, "effect \(name) was refused when the effects were loaded (\(reason)); see the warning above")) {
                try library.effect(named: name)
            }
        }
        expectCrossfadeLoads(library)
    }

    @Test func anUnknownNameListsTheClosestKnownNames() throws {
        let (library, _) = TestEnvironment.load()
        #expect(throws: Diagnostic(.error, .unknownEffect, "no effect named crossfad; closest known names: crossfade")) {
            try library.effect(named: "crossfad")
        }
        #expect(throws: Diagnostic(.error, .unknownEffect, "no effect named CrossFade; closest known names: crossfade")) {
            try library.makeEffect("CrossFade")
        }
        #expect(throws: Diagnostic.self) { try library.effect(named: "zzz") }
        do {
            _ = try library.effect(named: "zzz")
        } catch {
            #expect(error.message.hasPrefix("no effect named zzz, nor one close to it; known names: "))
            // The first three names in order, then how many there are in all.
            let names = library.effects.map(\.name).sorted()
            #expect(error.message.contains(names.prefix(3).joined(separator: ", ")))
            #expect(names.count <= 3 || error.message.contains("(\(names.count) in all"))
        }
    }
}
