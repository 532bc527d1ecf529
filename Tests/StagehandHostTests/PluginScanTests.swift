import Foundation
import StagehandTestSupport
import StagehandCore
import StagehandHost
import Testing

/// A bundle that crashes, aborts, exits or hangs while it is opened and initialised is
/// scanned in a separate process: it is reported once and skipped, and every other
/// effect stays usable. Each bundle here is compiled by the test.
@Suite struct PluginScanTests {
    /// A hostile bundle, and the exact error its first scan gives.
    struct Hostile: CustomTestStringConvertible, Sendable {
        var name: String
        var initBody = "(void)path; return host != NULL;"
        var entryBody = ""
        var prelude = ""
        var message: String
        var testDescription: String { name }
    }

    static let hostile: [Hostile] = [
        Hostile(name: "SegfaultInInit", initBody: "(void)host; (void)path; volatile int *p = 0; *p = 1; return true;",
                message: "crashed with signal 11 (SIGSEGV) during init"),
        Hostile(name: "AbortInInit", initBody: "(void)host; (void)path; abort();",
                message: "crashed with signal 6 (SIGABRT) during init"),
        Hostile(name: "ExitInInit", initBody: "(void)host; (void)path; exit(3);",
                message: "exited with status 3 during init"),
        Hostile(name: "SegfaultInEntry", entryBody: "volatile int *p = 0; *p = 1;",
                message: "crashed with signal 11 (SIGSEGV) during stagehand_bundle_entry"),
        Hostile(name: "AbortInConstructor", prelude: "__attribute__((constructor)) static void boom(void) { abort(); }",
                message: "crashed with signal 6 (SIGABRT) during dlopen (its constructors)"),
        Hostile(name: "HangInInit", initBody: "(void)host; (void)path; for (;;) pause(); return true;",
                message: "hung (stopped after 2.0 s) during init"),
    ]

    static let scenario = """
        {"root": {"title": "Inbox", "embedInNavigation": true}, "navigation": {"push": "parallax-push", "pop": "slide-pop"},
         "steps": [{"push": {"title": "Detail", "embedInNavigation": false}}, {"wait": 1}, {"pop": {}}]}
        """

    @Test(arguments: hostile)
    func aBundleThatDiesWhileScannedIsReportedOnceAndTheRestWorks(_ bad: Hostile) throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        var bundle = TestBundle(effect: "bad-\(bad.name.lowercased())", factory: "bad_create")
        bundle.initBody = bad.initBody
        bundle.entryBody = bad.entryBody
        bundle.prelude = bad.prelude
        let path = try workspace.compile(bundle.source, to: "plugins/lib\(bad.name).so")
        let environment = ["STAGEHAND_CACHE_DIR": workspace.path + "/cache", "STAGEHAND_SCAN_TIMEOUT": "2"]

        let first = try runStagehand(["catalog", "--plugins", plugins], environment: environment)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.contains("crossfade"), "\(first.output)")
        #expect(first.output.contains("slide-pop"))
        #expect(!first.output.contains(bundle.effect))
        let expected = "error: \(path): \(bad.message) while it was scanned in a separate process; skipped until the file changes"
        #expect(first.errors.split(separator: "\n").map(String.init) == [expected], "\(first.errors)")

        // Reported in full once: the cache remembers, nothing of the bundle runs again,
        // and a note says why it is still missing.
        let second = try runStagehand(["catalog", "--plugins", plugins], environment: environment)
        #expect(second.status == 0)
        #expect(second.errors == "note: \(path): skipped: it \(bad.message) when it was last scanned; it is scanned again once the file changes\n",
                "\(second.errors)")
        #expect(second.output == first.output)

        let info = try runStagehand(["info", "crossfade", "--plugins", plugins], environment: environment)
        #expect(info.status == 0, "\(info.errors)")
        #expect(info.output.contains("name:        crossfade"))

        let scenario = try workspace.write("run.json", Self.scenario)
        let play = try runStagehand(["play", scenario, "--plugins", plugins], environment: environment)
        #expect(play.status == 0, "\(play.errors)")
        #expect(play.output.contains("slide-pop"), "\(play.output)")
        #expect(!play.output.contains(" error "), "\(play.output)")
    }

    @Test func aBundleThatFailedItsScanIsScannedAgainOnceItChanges() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let environment = ["STAGEHAND_CACHE_DIR": workspace.path + "/cache"]
        var bundle = TestBundle(effect: "phoenix", factory: "phoenix_create")
        bundle.initBody = "(void)host; (void)path; abort();"
        try workspace.compile(bundle.source, to: "plugins/libPhoenix.so")
        let first = try runStagehand(["catalog", "--plugins", plugins], environment: environment)
        #expect(first.errors.contains("crashed with signal 6 (SIGABRT) during init"), "\(first.errors)")
        #expect(!first.output.contains("phoenix"))

        bundle.initBody = "(void)path; return host != NULL;"
        try FileManager.default.removeItem(atPath: plugins + "/libPhoenix.so")
        try workspace.compile(bundle.source, to: "plugins/libPhoenix.so")
        let second = try runStagehand(["catalog", "--plugins", plugins], environment: environment)
        #expect(second.errors == "", "\(second.errors)")
        #expect(second.output.contains("phoenix"), "\(second.output)")
    }

    /// Listing effects from the cache runs no bundle code: the bundle's `init` counts its
    /// calls in a file, and only the scan calls it.
    @Test func listingFromTheCacheRunsNoBundleCode() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        let counter = workspace.path + "/init-calls"
        let environment = ["STAGEHAND_CACHE_DIR": workspace.path + "/cache"]
        var bundle = TestBundle(effect: "counted", factory: "counted_create")
        bundle.initBody = """
            (void)path; FILE *f = fopen("\(counter)", "a"); if (f) { fputs("init\\n", f); fclose(f); } return host != NULL;
            """
        try workspace.compile(bundle.source, to: "plugins/libCounted.so")
        for _ in 0..<3 {
            let run = try runStagehand(["catalog", "--plugins", plugins], environment: environment)
            #expect(run.status == 0 && run.output.contains("counted"), "\(run.errors)")
            let info = try runStagehand(["info", "counted", "--plugins", plugins], environment: environment)
            #expect(info.status == 0, "\(info.errors)")
        }
        let calls = try String(contentsOfFile: counter, encoding: .utf8)
        #expect(calls == "init\n", "init ran \(calls.split(separator: "\n").count) times")
    }

    @Test func aCorruptCacheIsRebuiltAndAnUnwritableOneOnlyWarns() throws {
        let workspace = try Workspace()
        let cache = try workspace.directory("cache")
        try workspace.write("cache/plugin-scans.json", "{\"version\": 1, \"bundles\": {\"/x\": [1, 2")
        let corrupt = try runStagehand(["catalog"], environment: ["STAGEHAND_CACHE_DIR": cache])
        #expect(corrupt.status == 0, "\(corrupt.errors)")
        #expect(corrupt.errors == "", "\(corrupt.errors)")
        #expect(corrupt.output.contains("crossfade"))
        let rebuilt = try String(contentsOfFile: cache + "/plugin-scans.json", encoding: .utf8)
        #expect(rebuilt.contains("libCrossfade.so"))

        let blocker = try workspace.write("file", "a file, not a directory\n")
        let unwritable = try runStagehand(["catalog"], environment: ["STAGEHAND_CACHE_DIR": blocker + "/cache"])
        #expect(unwritable.status == 0)
        #expect(unwritable.output.contains("crossfade"))
        #expect(unwritable.errors.hasPrefix("warning: \(blocker)/cache/plugin-scans.json: cannot write the plugin scan cache (cannot make the directory \(blocker)/cache:"),
                "\(unwritable.errors)")
        #expect(unwritable.errors.hasSuffix("); the bundles will be scanned again next time\n"))
    }

    @Test func aCatalogEntryNamingAFIFOIsRefusedWithoutOpeningIt() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        #expect(mkfifo(plugins + "/libFifo.so", 0o644) == 0)
        let catalog = try workspace.write("Catalog.json", """
            {"schemaVersion": 1, "effects": [{"name": "fifo", "bundle": "libFifo.so", "factory": "fifo_create", "kind": "push",
             "interactive": false, "parameters": [], "description": "A FIFO."}]}
            """)
        let run = try runStagehand(["catalog", "--plugins", plugins, "--catalog", catalog])
        #expect(run.status == 0)
        let lines = run.errors.split(separator: "\n").map(String.init)
        #expect(lines.contains("error: \(plugins)/libFifo.so: is a FIFO, not a regular file; only a regular file can be a bundle"), "\(run.errors)")
        #expect(lines.contains("warning: \(catalog): effects[0].bundle: its bundle \(plugins)/libFifo.so was refused or failed its scan (see the error for that file); entry skipped"))
        #expect(run.output.contains("crossfade"))
    }

    @Test func aBadScanTimeoutIsAWarningAndTheDefaultIsUsed() throws {
        let run = try runStagehand(["catalog"], environment: ["STAGEHAND_SCAN_TIMEOUT": "abc"])
        #expect(run.status == 0)
        #expect(run.errors == "warning: STAGEHAND_SCAN_TIMEOUT: expected a number of seconds > 0, found \"abc\"; using 10.0\n", "\(run.errors)")
        #expect(run.output.contains("crossfade"))
    }

    /// The scanning child's environment: nothing of the developer's, except a sanitized
    /// build's runtime options (TSAN_OPTIONS' handle_segv=0 lets the crash be a SIGSEGV
    /// rather than the sanitizer's own exit status).
    static let sanitizerOptions = ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") }

    /// A library user opts in with a `PluginScanner`: then a crashing bundle cannot take
    /// the calling process (this test) down.
    @Test func theLibraryScansOutOfProcessWhenGivenAScanner() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        var bundle = TestBundle(effect: "library-crasher", factory: "library_crasher_create")
        bundle.initBody = "(void)host; (void)path; volatile int *p = 0; *p = 1; return true;"
        let path = try workspace.compile(bundle.source, to: "plugins/libLibraryCrasher.so")
        let scanner = PluginScanner(executable: TestEnvironment.productsDirectory + "/stagehand", arguments: ["stagehand", "scan-bundles"],
                                    cacheDirectory: workspace.path + "/cache", environment: Self.sanitizerOptions)
        let (library, diagnostics) = EffectLibrary.load(pluginDirectories: [plugins], catalogPath: TestEnvironment.catalog,
                                                        host: TestEnvironment.host, environment: [:], scanner: scanner)
        expectDiagnostic(diagnostics.map(\.description),
                         "error: \(path): crashed with signal 11 (SIGSEGV) during init while it was scanned in a separate process; skipped until the file changes")
        #expect((try? library.effect(named: "library-crasher")) == nil)
        expectCrossfadeLoads(library)
    }
}
