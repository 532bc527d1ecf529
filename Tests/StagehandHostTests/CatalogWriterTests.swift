import StagehandCore
import Foundation
import StagehandTestSupport
@testable import StagehandHost
import Testing

/// `Catalog.json` is made from the bundles' manifests (`stagehand catalog --write`): the
/// committed one must be what the built bundles declare, byte for byte, and the text
/// must depend on nothing but the effects.
@Suite struct CatalogWriterTests {
    static let regenerate = "swift build && .build/debug/stagehand catalog --write Catalog.json"

    @Test func theCommittedCatalogIsWhatTheBuiltBundlesDeclare() throws {
        let workspace = try Workspace()
        let file = workspace.path + "/Catalog.json"
        let run = try runStagehand(["catalog", "--write", file], in: workspace.path)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.isEmpty, "\(run.errors)")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        let committed = try String(contentsOfFile: TestEnvironment.catalog, encoding: .utf8)
        if written != committed {
            Issue.record("""
                Catalog.json is stale: it is not what the built bundles' manifests declare. Regenerate it at the \
                repository's root with `\(Self.regenerate)`. The difference (- committed, + from the bundles):
                \(TextDifference.unified(expected: committed, actual: written, expectedName: "Catalog.json (committed)",
                                         actualName: "Catalog.json (from the bundles)"))
                """)
        }
        let effects = BuiltInEffects.library.effects.count
        let bundles = Set(BuiltInEffects.library.effects.map(\.bundlePath)).count
        #expect(run.output == "wrote \(file): \(effects) effects from \(bundles) bundles\n")
    }

    @Test func theTextDependsOnlyOnTheEffects() throws {
        let effects = Self.sampleEffects
        let text = CatalogWriter.text(for: effects)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5 {
            #expect(CatalogWriter.text(for: effects.shuffled(using: &generator)) == text)
        }
        #expect(text.hasSuffix("}\n") && !text.hasSuffix("\n\n"))
        #expect(text.components(separatedBy: "\"name\": \"a-first\"").count == 2)
        let first = try #require(text.range(of: "\"a-first\""))
        let last = try #require(text.range(of: "\"z-last\""))
        #expect(first.lowerBound < last.lowerBound, "entries are sorted by name")
    }

    @Test func whatIsWrittenReadsBackAsTheSameDeclarationsWithoutAProblem() throws {
        let effects = Self.sampleEffects
        let (catalog, diagnostics) = Catalog.parse(Array(CatalogWriter.text(for: effects).utf8), file: "written")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let expected = effects.sorted { $0.name < $1.name }.map {
            EffectDeclaration(name: $0.name, kind: $0.kind, interactive: $0.interactive, factory: $0.factory,
                              parameters: $0.parameters, description: $0.description)
        }
        #expect(catalog.entries.map(\.declaration) == expected)
        #expect(catalog.entries.map(\.bundle) == ["libA.so", "libZ.so"])
    }

    @Test func anEmptySetOfBundlesGivesAnEmptyCatalog() throws {
        #expect(CatalogWriter.text(for: []) == "{\n  \"schemaVersion\": 1,\n  \"effects\": []\n}\n")
        let (catalog, diagnostics) = Catalog.parse(Array(CatalogWriter.text(for: []).utf8), file: "empty")
        #expect(diagnostics.isEmpty && catalog.entries.isEmpty)
    }

    /// A bundle on the search path gets an entry, the catalog is read by nobody (a broken
    /// one does not stop the writing), and what is written loads without a warning.
    @Test func writeListsThePluginsAndTheWrittenCatalogLoadsCleanly() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        try workspace.compile(TestBundle().source, to: "plugins/libTest.so")
        try workspace.write("Catalog.json", "not a catalog")
        let file = workspace.path + "/written.json"
        let run = try runStagehand(["catalog", "--write", file, "--plugins", plugins], in: workspace.path)
        #expect(run.status == 0 && run.errors.isEmpty, "\(run.errors)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("""
                {
                  "name": "test-effect",
                  "bundle": "libTest.so",
                  "factory": "test_effect_create",
                  "kind": "push",
                  "interactive": false,
                  "parameters": [
                    {"name": "duration", "type": "double", "default": 0.5, "min": 0, "max": 5}
                  ],
                  "description": "A test effect."
                }
            """), "\(text)")
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins], catalog: file)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(try library.effect(named: "test-effect").source == .catalog)
        #expect(library.effects.allSatisfy { $0.source == .catalog })
    }

    @Test func aRefusedBundleLeavesTheFileAsItWas() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        var broken = TestBundle(effect: "broken", factory: "broken_create")
        broken.manifest = "{\"abi\": {\"major\": 1, \"minor\": 0}, \"effects\": []}"
        try workspace.compile(broken.source, to: "plugins/libBroken.so")
        let file = try workspace.write("Catalog.json", "the old text\n")
        let run = try runStagehand(["catalog", "--write", file, "--plugins", plugins], in: workspace.path)
        #expect(run.status == 1)
        #expect(run.errors.contains("error: \(plugins)/libBroken.so: manifest"), "\(run.errors)")
        #expect(run.errors.contains("error: --write \(file): not written: an error above"), "\(run.errors)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "the old text\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted() == ["Catalog.json", "plugins"])
    }

    @Test func writeRefusesOptionsThatDoNotApply() throws {
        let workspace = try Workspace()
        let file = workspace.path + "/c.json"
        let withCatalog = try runStagehand(["catalog", "--write", file, "--catalog", TestEnvironment.catalog], in: workspace.path)
        #expect(withCatalog.status == 1 && withCatalog.errors.hasPrefix("error: --catalog"), "\(withCatalog.errors)")
        let withJSON = try runStagehand(["catalog", "--write", file, "--json"], in: workspace.path)
        #expect(withJSON.status == 1 && withJSON.errors.hasPrefix("error: --json"), "\(withJSON.errors)")
        let nowhere = try runStagehand(["catalog", "--write", workspace.path + "/missing/c.json"], in: workspace.path)
        #expect(nowhere.status == 1 && nowhere.errors.hasPrefix("error: --write"), "\(nowhere.errors)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    /// Two bundles' worth of effects, given out of order, with every parameter type and a
    /// description that needs escaping.
    static let sampleEffects: [EffectInfo] = {
        func effect(_ name: String, bundle: String, _ parameters: [ParameterDeclaration], description: String) -> EffectInfo {
            EffectInfo(name: name, kind: .present, interactive: name.hasPrefix("z"), source: .discovered,
                       bundlePath: "/plugins/" + bundle, resolvedBundlePath: "/plugins/" + bundle, bundleName: "B",
                       bundleVersion: "1.0", factory: name.replacingOccurrences(of: "-", with: "_") + "_create",
                       parameters: parameters, description: description, author: "Someone", license: "MIT")
        }
        let all = [
            ParameterDeclaration(name: "d", type: .double, defaultValue: .double(0.1), minimum: .double(-1e-5), maximum: .double(1e300)),
            ParameterDeclaration(name: "f", type: .float, defaultValue: .float(0.3), minimum: .float(0), maximum: nil),
            ParameterDeclaration(name: "i", type: .int32, defaultValue: .int32(-7), minimum: nil, maximum: .int32(Int32.max)),
            ParameterDeclaration(name: "l", type: .int64, defaultValue: .int64(Int64.min), minimum: .int64(Int64.min), maximum: .int64(Int64.max)),
            ParameterDeclaration(name: "u", type: .uint32, defaultValue: .uint32(UInt32.max), minimum: nil, maximum: nil),
            ParameterDeclaration(name: "b", type: .bool, defaultValue: .bool(true), minimum: nil, maximum: nil),
            ParameterDeclaration(name: "s", type: .string, defaultValue: .string("a \"quoted\" \\ line\n"), minimum: nil, maximum: nil),
        ]
        return [
            effect("z-last", bundle: "libZ.so", all, description: "Escapes: \"quotes\", a backslash \\, a tab\t, 30 °, ünïcode."),
            effect("a-first", bundle: "libA.so", [], description: "No parameters."),
        ]
    }()
}
