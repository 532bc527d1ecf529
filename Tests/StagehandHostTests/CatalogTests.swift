import StagehandCore
import Foundation
import StagehandTestSupport
import StagehandHost
import Testing

/// Bad catalogs: each problem is one line naming the file, the field and what was
/// expected, and the valid entries still load.
@Suite struct CatalogTests {
    @Test func theRepositoryCatalogListsCrossfade() throws {
        let (library, _) = TestEnvironment.load()
        let crossfade = try library.effect(named: "crossfade")
        #expect(crossfade.source == .catalog)
        #expect(crossfade.kind == .container)
        #expect(crossfade.interactive == false)
        #expect(crossfade.bundlePath == TestEnvironment.crossfadeBundle)
        #expect(crossfade.bundleName == "Crossfade")
        #expect(crossfade.bundleVersion == "1.0.0")
        #expect(crossfade.factory == "crossfade_create")
        #expect(crossfade.author == "Stagehand")
        #expect(crossfade.license == "MIT")
        let duration = try #require(crossfade.parameters.first)
        #expect(crossfade.parameters.count == 1)
        #expect(duration.name == "duration" && duration.type == .double && duration.defaultValue == .double(0.3))
        #expect(duration.minimum == .double(0) && duration.maximum == .double(10))
        #expect(library.catalogPath == TestEnvironment.catalog)
    }

    @Test func aCatalogThatIsNotJSONGivesOneErrorAndAnEmptyCatalog() throws {
        let workspace = try Workspace()
        let file = try workspace.write("Catalog.json", "effects: crossfade\n")
        let (library, diagnostics) = TestEnvironment.load(catalog: file)
        let aboutCatalog = diagnostics.filter { $0.contains(file) }
        #expect(aboutCatalog == [
            "error: \(file): not JSON: line 1, column 1: expected a value (an object, array, string, number, true, false or null), found 'e'",
        ])
        // No catalog entries, but the bundles' own manifests still list their effects.
        expectCrossfadeLoads(library, source: .discovered)
    }

    @Test func aTruncatedCatalogSaysWhereItEnds() throws {
        let workspace = try Workspace()
        let whole = CatalogText.catalog(CatalogText.crossfade)
        let file = try workspace.write("Catalog.json", String(whole.prefix(80)))
        let (library, diagnostics) = TestEnvironment.load(catalog: file)
        #expect(diagnostics.filter { $0.contains(file) } == [
            "error: \(file): not JSON: truncated at line 3, column 46: the text ends inside the string that starts at line 3, column 33",
        ])
        expectCrossfadeLoads(library, source: .discovered)
    }

    @Test func anEmptyCatalogFileIsNotJSON() throws {
        let workspace = try Workspace()
        let file = try workspace.write("Catalog.json", "  \n")
        let (_, diagnostics) = TestEnvironment.load(catalog: file)
        expectDiagnostic(diagnostics, "error: \(file): not JSON: line 2, column 1: the text is empty: expected a JSON value")
    }

    @Test func aMissingCatalogFileIsOneError() throws {
        let workspace = try Workspace()
        let file = workspace.path + "/nowhere.json"
        let (library, diagnostics) = TestEnvironment.load(catalog: file)
        expectDiagnostic(diagnostics, "error: \(file): cannot read the catalog: No such file or directory")
        expectCrossfadeLoads(library, source: .discovered)
    }

    @Test func fieldsOfTheWrongTypeSkipTheEntry() throws {
        let workspace = try Workspace()
        let bad = """
            {"name": "bad", "bundle": 42, "factory": "bad_create", "kind": "push", "interactive": "yes",
             "description": "Bad.", "parameters": {}}
            """
        let file = try workspace.write("Catalog.json", CatalogText.catalog(bad, CatalogText.crossfade))
        let (library, diagnostics) = TestEnvironment.load(catalog: file)
        expectDiagnostic(diagnostics, "warning: \(file): effects[0].interactive: expected a boolean (true or false), found the string \"yes\"; entry skipped")
        expectDiagnostic(diagnostics, "warning: \(file): effects[0].parameters: expected an array of parameters (may be empty), found an object; entry skipped")
        expectDiagnostic(diagnostics, "warning: \(file): effects[0].bundle: expected a bundle file name or relative path, such as \"libCrossfade.so\", found the number 42; entry skipped")
        #expect(diagnostics.filter { $0.contains("effects[0]") }.count == 3)
        expectCrossfadeLoads(library)
    }

    @Test func missingFieldsSayWhatWasExpected() throws {
        let workspace = try Workspace()
        let bad = """
            {"name": "bad", "bundle": "libBad.so", "kind": "push", "interactive": false, "description": "Bad.",
             "parameters": [{"name": "duration", "default": 1}]}
            """
        let file = try workspace.write("Catalog.json", CatalogText.catalog(CatalogText.crossfade, bad))
        let (library, diagnostics) = TestEnvironment.load(catalog: file)
        expectDiagnostic(diagnostics, "warning: \(file): effects[1].factory: missing: expected a C symbol name (letters, digits and '_', not starting with a digit); entry skipped")
        expectDiagnostic(diagnostics, "warning: \(file): effects[1].parameters[0].type: missing: expected one of double, float, int32, int64, uint32, bool, string; entry skipped")
        expectCrossfadeLoads(library)
    }

    @Test func anUnknownParameterTypeIsNamed() throws {
        let workspace = try Workspace()
        let bad = """
            {"name": "bad", "bundle": "libBad.so", "factory": "bad_create", "kind": "push", "interactive": false,
             "description": "Bad.", "parameters": [{"name": "offset", "type": "vector", "default": [0, 0]}]}
            """
        let file = try workspace.write("Catalog.json", CatalogText.catalog(CatalogText.crossfade, bad))
        let (library, diagnostics) = TestEnvironment.load(catalog: file)
        #expect(diagnostics.filter { $0.contains("effects[1]") } == [
            "warning: \(file): effects[1].parameters[0].type: expected one of double, float, int32, int64, uint32, bool, string, found the string \"vector\"; entry skipped",
        ])
        expectCrossfadeLoads(library)
    }

    @Test func aDefaultOutOfBoundsIsRefused() throws {
        let workspace = try Workspace()
        let bad = """
            {"name": "bad", "bundle": "libBad.so", "factory": "bad_create", "kind": "push", "interactive": false,
             "description": "Bad.", "parameters": [
               {"name": "count", "type": "int32", "default": 12, "min": 0, "max": 10},
               {"name": "size", "type": "uint32", "default": -1},
               {"name": "flag", "type": "bool", "default": true, "max": 1}]}
            """
        let file = try workspace.write("Catalog.json", CatalogText.catalog(bad, CatalogText.crossfade))
        let (library, diagnostics) = TestEnvironment.load(catalog: file)
        expectDiagnostic(diagnostics, "warning: \(file): effects[0].parameters[0].default: default 12 is out of bounds: expected a value between 0 and 10 (min and max); entry skipped")
        expectDiagnostic(diagnostics, "warning: \(file): effects[0].parameters[1].default: expected a uint32 (an integer from 0 to 4294967295), found the number -1; entry skipped")
        expectDiagnostic(diagnostics, "warning: \(file): effects[0].parameters[2].max: a bool parameter has no bounds: remove max; entry skipped")
        expectCrossfadeLoads(library)
    }

    /// `choices` lists a string parameter's only values: a non-empty array of distinct
    /// strings holding the default, on a string parameter only.
    @Test func choicesAreCheckedAndKept() throws {
        let workspace = try Workspace()
        func entry(_ name: String, _ parameter: String) -> String {
            """
            {"name": "\(name)", "bundle": "lib\(name).so", "factory": "f", "kind": "push", "interactive": false,
             "description": "Bad.", "parameters": [\(parameter)]}
            """
        }
        let bad = [
            entry("a", #"{"name": "edge", "type": "string", "default": "up", "choices": ["left", "right"]}"#),
            entry("b", #"{"name": "edge", "type": "string", "default": "left", "choices": []}"#),
            entry("c", #"{"name": "edge", "type": "string", "default": "left", "choices": ["left", "left"]}"#),
            entry("d", #"{"name": "edge", "type": "string", "default": "left", "choices": ["left", 3]}"#),
            entry("e", #"{"name": "speed", "type": "double", "default": 1, "choices": ["1"]}"#),
        ]
        let file = try workspace.write("Catalog.json", "{\"schemaVersion\": 1, \"effects\": [" + (bad + [CatalogText.crossfade]).joined(separator: ",\n") + "]}")
        let (library, diagnostics) = TestEnvironment.load(catalog: file)
        expectDiagnostic(diagnostics, "warning: \(file): effects[0].parameters[0].default: default \"up\" is out of bounds: expected one of left, right (choices); entry skipped")
        expectDiagnostic(diagnostics, "warning: \(file): effects[1].parameters[0].choices: expected a non-empty array of distinct strings, the only values the parameter takes, found an array; entry skipped")
        expectDiagnostic(diagnostics, "warning: \(file): effects[2].parameters[0].choices[1]: the string \"left\" is already at effects[2].parameters[0].choices[0]; entry skipped")
        expectDiagnostic(diagnostics, "warning: \(file): effects[3].parameters[0].choices[1]: expected a string without NUL, found the number 3; entry skipped")
        expectDiagnostic(diagnostics, "warning: \(file): effects[4].parameters[0].choices: a double parameter has no choices (only a string parameter has): remove choices; entry skipped")
        expectCrossfadeLoads(library)
        // The built-in catalog's portal declares its gesture's choices.
        let portal = try #require(TestEnvironment.load(catalog: TestEnvironment.catalog).0.effects.first { $0.name == "portal" })
        #expect(portal.parameters.first { $0.name == "gesture" }?.choices == ["none", "horizontal", "vertical", "pinch"])
    }

    @Test func anUnknownSchemaVersionRefusesTheCatalog() throws {
        let workspace = try Workspace()
        let file = try workspace.write("Catalog.json", "{\"schemaVersion\": 2, \"effects\": [\(CatalogText.crossfade)]}")
        let (library, diagnostics) = TestEnvironment.load(catalog: file)
        #expect(diagnostics.filter { $0.contains(file) } == [
            "error: \(file): schemaVersion: unknown schemaVersion 2: this host reads schemaVersion 1; the catalog is not used",
        ])
        expectCrossfadeLoads(library, source: .discovered)
    }

    @Test func aDuplicateNameAndAnUnknownFieldInTheCatalog() throws {
        let workspace = try Workspace()
        let typo = CatalogText.crossfade.replacingOccurrences(of: "\"max\": 10", with: "\"max\": 10, \"maximum\": 3")
        let file = try workspace.write("Catalog.json", CatalogText.catalog(typo, CatalogText.crossfade))
        let (library, diagnostics) = TestEnvironment.load(catalog: file)
        expectDiagnostic(diagnostics, "warning: \(file): effects[0].parameters[0].maximum: unknown field, ignored (known fields: name, type, default, min, max, choices, description)")
        expectDiagnostic(diagnostics, "warning: \(file): effects[1].name: effect crossfade is already declared at effects[0]; entry skipped")
        expectCrossfadeLoads(library)
    }

    @Test func aBundlePathWithDotDotIsRefused() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        try workspace.compile(TestBundle().source, to: "outside/libTest.so")
        let file = try workspace.write("Catalog.json", CatalogText.catalog(
            CatalogText.testEffect(bundle: "../outside/libTest.so"), CatalogText.crossfade))
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins], catalog: file)
        expectDiagnostic(diagnostics, "warning: \(file): effects[0].bundle: \"../outside/libTest.so\" is refused: a bundle path must not contain \"..\" components; entry skipped")
        #expect(throws: Diagnostic.self) { try library.effect(named: "test-effect") }
        expectCrossfadeLoads(library)
    }

    @Test func anAbsoluteBundlePathOutsideThePluginDirectoriesIsRefused() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let outside = try workspace.compile(TestBundle().source, to: "outside/libTest.so")
        let file = try workspace.write("Catalog.json", CatalogText.catalog(
            CatalogText.testEffect(bundle: outside), CatalogText.crossfade))
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins], catalog: file)
        expectDiagnostic(diagnostics, "warning: \(file): effects[0].bundle: \(outside) is refused: an absolute bundle path must lie inside a plugin directory (\(plugins), \(TestEnvironment.productsDirectory)); entry skipped")
        #expect(throws: Diagnostic.self) { try library.effect(named: "test-effect") }
        expectCrossfadeLoads(library)
    }

    @Test func aSymlinkOutOfThePluginDirectoryIsRefused() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let outside = try workspace.compile(TestBundle().source, to: "outside/libTest.so")
        try FileManager.default.createDirectory(atPath: plugins + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: plugins + "/sub/libLinked.so", withDestinationPath: outside)
        let file = try workspace.write("Catalog.json", CatalogText.catalog(
            CatalogText.testEffect(bundle: "sub/libLinked.so"), CatalogText.crossfade))
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins], catalog: file)
        expectDiagnostic(diagnostics, "warning: \(file): effects[0].bundle: \(plugins)/sub/libLinked.so is refused: it resolves to \(outside), outside the plugin directory \(plugins); entry skipped")
        expectCrossfadeLoads(library)
    }

    /// Discovery follows the catalog's rule: a `lib*.so` that is a symlink to a file
    /// outside its plugin directory is refused, not loaded.
    @Test func aDiscoveredSymlinkOutOfThePluginDirectoryIsRefused() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let outside = try workspace.compile(TestBundle(effect: "smuggled", factory: "smuggled_create").source, to: "outside/libSmuggled.so")
        try FileManager.default.createSymbolicLink(atPath: plugins + "/libSmuggled.so", withDestinationPath: outside)
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        expectDiagnostic(diagnostics, "warning: \(plugins)/libSmuggled.so: is refused: it resolves to \(outside), outside the plugin directory \(plugins); skipped")
        #expect(throws: Diagnostic.self) { try library.effect(named: "smuggled") }
        expectCrossfadeLoads(library)
    }

    /// A symlink that stays inside its plugin directory is followed, and `info` shows the
    /// file it resolves to.
    @Test func aSymlinkInsideThePluginDirectoryLoadsAndInfoShowsWhereItLeads() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let target = try workspace.compile(TestBundle(effect: "linked", factory: "linked_create").source, to: "plugins/versions/libLinked-1.2.so")
        try FileManager.default.createSymbolicLink(atPath: plugins + "/libLinked.so", withDestinationPath: "versions/libLinked-1.2.so")
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins])
        #expect(diagnostics.filter { $0.contains(workspace.path) }.isEmpty, "\(diagnostics)")
        let info = try library.effect(named: "linked")
        #expect(info.bundlePath == plugins + "/libLinked.so")
        #expect(info.resolvedBundlePath == FileSystemPath.real(target))
        let run = try runStagehand(["info", "linked", "--plugins", plugins])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("\nresolved:    \(FileSystemPath.real(target))\n"), "\(run.output)")
    }

    @Test func anAbsoluteOrNestedBundlePathInsideAPluginDirectoryIsFound() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let nested = try workspace.compile(TestBundle().source, to: "plugins/effects/libTest.so")
        let second = try workspace.compile(TestBundle(effect: "second", factory: "second_create").source, to: "plugins/more/libSecond.so")
        let secondEntry = CatalogText.testEffect(bundle: second, name: "second").replacingOccurrences(of: "test_effect_create", with: "second_create")
        let file = try workspace.write("Catalog.json", CatalogText.catalog(
            CatalogText.testEffect(bundle: "effects/libTest.so"), secondEntry, CatalogText.crossfade))
        let (library, diagnostics) = TestEnvironment.load(plugins: [plugins], catalog: file)
        #expect(diagnostics.filter { $0.contains(workspace.path) }.isEmpty, "\(diagnostics)")
        #expect(try library.effect(named: "test-effect").bundlePath == nested)
        #expect(try library.effect(named: "test-effect").source == .catalog)
        #expect(try library.effect(named: "second").bundlePath == second)
        expectCrossfadeLoads(library)
    }
}

/// The canonical form of a path, as the host resolves bundle paths.
enum FileSystemPath {
    static func real(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
