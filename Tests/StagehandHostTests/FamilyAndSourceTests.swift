import Foundation
import StagehandTestSupport
import StagehandCore
import StagehandHost
import Testing

/// `family` and `source`: optional strings of an effect's declaration, in the catalog
/// and in a manifest, read as strictly as the other fields.
@Suite struct FamilyAndSourceTests {
    static func manifest(extra: String) -> String {
        TestBundle().defaultManifest.replacingOccurrences(of: #""author": "Tests""#, with: extra + #", "author": "Tests""#)
    }

    @Test func aManifestsFamilyAndSourceReachTheEffect() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        var bundle = TestBundle()
        bundle.manifest = Self.manifest(extra: #""family": "Tests", "source": "WWDC 2013 session 218""#)
        try workspace.compile(bundle.source, to: "plugins/libTest.so")
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        #expect(diagnostics.filter { $0.contains(plugins) }.isEmpty, "\(diagnostics)")
        let effect = try library.effect(named: "test-effect")
        #expect(effect.family == "Tests")
        #expect(effect.origin == "WWDC 2013 session 218")
        // Crossfade's come from the repository's catalog.
        let crossfade = try library.effect(named: "crossfade")
        #expect(crossfade.family == "iOS 7 recipes")
        #expect(crossfade.origin == "iOS 5 container API")
    }

    @Test(arguments: [(#""family": 3"#, "family", "found the number 3"),
                      (#""source": """#, "source", #"found the string """#)])
    func aBadFieldInAManifestSkipsTheEffectNamingTheField(extra: String, field: String, found: String) throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        var bundle = TestBundle()
        bundle.manifest = Self.manifest(extra: extra)
        let path = try workspace.compile(bundle.source, to: "plugins/libTest.so")
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        let lines = diagnostics.filter { $0.contains(path) }
        #expect(lines.count == 1, "\(diagnostics)")
        let line = try #require(lines.first)
        #expect(line.hasPrefix("warning: \(path): manifest.effects[0].\(field): expected a non-empty string"), "\(line)")
        #expect(line.hasSuffix("\(found); effect skipped"), "\(line)")
        #expect(throws: Diagnostic.self) { try library.effect(named: "test-effect") }
    }

    @Test func aBadFamilyInTheCatalogSkipsTheEntry() throws {
        let workspace = try Workspace()
        let entry = CatalogText.crossfade.replacingOccurrences(of: #""description": "Cross-dissolve.","#,
                                                               with: #""description": "Cross-dissolve.", "family": ["iOS 7"],"#)
        let file = try workspace.write("Catalog.json", CatalogText.catalog(entry))
        let (library, diagnostics) = TestEnvironment.load(catalog: file)
        let lines = diagnostics.filter { $0.contains(file) }
        #expect(lines.count == 1, "\(diagnostics)")
        #expect(lines.first?.hasPrefix("warning: \(file): effects[0].family: expected a non-empty string naming the effect's group") == true, "\(lines)")
        #expect(lines.first?.hasSuffix("; entry skipped") == true, "\(lines)")
        // Listed from its manifest instead, which gives the same family.
        expectCrossfadeLoads(library, source: .discovered)
        #expect(try library.effect(named: "crossfade").family == "iOS 7 recipes")
    }
}
