import Foundation
import StagehandTestSupport
import Testing

/// Bundles (C, compiled by the test) that misbehave in ways a scan cannot catch: an
/// entry that returns NULL, manifests far too big, a factory that crashes, effects that
/// never or twice complete, set NaN geometry or make a view its own ancestor. Each gets
/// an exact message, and the built-in effects stay listed and playable every time.
@Suite struct HostileBundleTests {
    /// A plugin directory holding one hostile bundle, and the environment to run with.
    struct Setup {
        let workspace: Workspace
        let plugins: String
        let path: String
        var environment: [String: String] { ["STAGEHAND_CACHE_DIR": workspace.path + "/cache", "STAGEHAND_SCAN_TIMEOUT": "20"] }

        init(_ bundle: TestBundle, name: String) throws {
            workspace = try Workspace()
            plugins = try workspace.directory("plugins")
            path = try workspace.compile(bundle.source, to: "plugins/lib\(name).so")
        }

        func run(_ arguments: [String]) throws -> ProcessRun {
            try runStagehand(arguments + ["--plugins", plugins], environment: environment)
        }

        /// Plays a push with `effect` and waits `wait` s, with `extra` arguments.
        func play(_ effect: String, wait: Double = 1, _ extra: [String] = []) throws -> ProcessRun {
            let scenario = try workspace.write("\(effect).json", """
                {"navigation": {"push": "\(effect)"}, "steps": [{"push": {"title": "Article"}}, {"wait": \(wait)}]}
                """)
            return try run(["play", scenario] + extra)
        }

        /// `catalog` lists the built-in effects and a built-in scenario plays cleanly.
        func expectBuiltInsUsable(sourceLocation: SourceLocation = #_sourceLocation) throws {
            let catalog = try run(["catalog"])
            #expect(catalog.status == 0, "\(catalog.errors)", sourceLocation: sourceLocation)
            for name in ["crossfade", "slide-pop", "parallax-push"] {
                #expect(catalog.output.contains(name), "\(name) missing from:\n\(catalog.output)", sourceLocation: sourceLocation)
            }
            let scenario = try workspace.write("builtin.json", PluginScanTests.scenario)
            let play = try run(["play", scenario])
            #expect(play.status == 0, "\(play.errors)", sourceLocation: sourceLocation)
            #expect(play.output.contains("slide-pop"), "\(play.output)", sourceLocation: sourceLocation)
            #expect(!play.output.contains(" error "), "\(play.output)", sourceLocation: sourceLocation)
        }
    }

    @Test func anEntryReturningNullIsRefused() throws {
        var bundle = TestBundle(effect: "null-entry", factory: "null_entry_create")
        bundle.entryBody = "if (bundle_is_null()) return NULL;"
        bundle.prelude = "static int bundle_is_null(void) { return 1; }"
        let setup = try Setup(bundle, name: "NullEntry")
        let catalog = try setup.run(["catalog"])
        #expect(catalog.status == 0)
        #expect(!catalog.output.contains("null-entry"))
        #expect(catalog.errors == "error: \(setup.path): sh_bundle: stagehand_bundle_entry returned NULL\n", "\(catalog.errors)")
        try setup.expectBuiltInsUsable()
    }

    /// A stress case (a long run): a megabyte of manifest.
    @Test(.tags(.longRun), .slow) func aManifestOfAMegabyteLoads() throws {
        var bundle = TestBundle(effect: "wordy", factory: "wordy_create")
        bundle.manifest = bundle.defaultManifest.replacingOccurrences(of: "A test effect.", with: String(repeating: "very ", count: 200_000))
        let setup = try Setup(bundle, name: "Wordy")
        let catalog = try setup.run(["catalog"])
        #expect(catalog.status == 0, "\(catalog.errors)")
        #expect(catalog.errors == "", "\(catalog.errors)")
        #expect(catalog.output.contains("wordy"), "\(catalog.output.prefix(2000))")
        try setup.expectBuiltInsUsable()
    }

    /// A stress case (a long run): ten thousand effects in one manifest.
    @Test(.tags(.longRun), .slow) func aManifestDeclaringTenThousandEffects() throws {
        var bundle = TestBundle(effect: "many", factory: "many_create")
        let effects = (0..<10_000).map {
            """
            {"name": "many-\($0)", "kind": "push", "interactive": false, "factory": "many_create", "parameters": [], "description": "One of many.", "author": "Tests", "license": "MIT"}
            """
        }
        bundle.manifest = """
            {"abi": {"major": 1, "minor": 0}, "bundle": {"name": "Many", "version": "0.1.0"}, "effects": [\(effects.joined(separator: ","))]}
            """
        let setup = try Setup(bundle, name: "Many")
        let catalog = try setup.run(["catalog"])
        #expect(catalog.status == 0, "\(catalog.errors)")
        #expect(catalog.errors == "", "\(catalog.errors.prefix(2000))")
        // All of them are listed, each once.
        let listed = catalog.output.split(separator: "\n").filter { $0.hasPrefix("many-") }
        #expect(listed.count == 10_000, "\(catalog.output.suffix(2000))")
        #expect(catalog.output.contains("many-9999 "))
        try setup.expectBuiltInsUsable()
    }

    @Test func aFactoryThatCrashesIsIsolatedByValidate() throws {
        var bundle = TestBundle(effect: "crashy", factory: "crashy_create")
        bundle.manifest = bundle.defaultManifest.replacingOccurrences(of: "crashy_create", with: "crashy_boom")
        bundle.prelude = """
            sh_effect *crashy_boom(double duration) { (void)duration; volatile int *p = 0; *p = 1; return NULL; }
            """
        let setup = try Setup(bundle, name: "Crashy")
        let validate = try setup.run(["validate", setup.path])
        #expect(validate.status == 1)
        #expect(validate.output == "error: \(setup.path): crashed with signal 11 (SIGSEGV) during making crashy with its default parameters\n\(setup.path): invalid\n", "\(validate.output)\(validate.errors)")
        try setup.expectBuiltInsUsable()
    }

    @Test func aNeverCompletingEffectIsEndedByTheWatchdog() throws {
        let setup = try Setup(TestBundle(effect: "stuck"), name: "Stuck")
        let play = try setup.play("stuck", wait: 5)
        #expect(play.status == 0, "\(play.errors)")
        #expect(play.errors == "warning: stuck: completeTransition was never called; the watchdog ends the push after its duration plus 2.0 s\n",
                "\(play.output)\(play.errors)")
        #expect(play.output.contains("completed push      stuck\n"), "\(play.output)")
        try setup.expectBuiltInsUsable()
    }

    @Test func aTwiceCompletingEffectIsIgnoredTheSecondTime() throws {
        var bundle = TestBundle(effect: "twice")
        bundle.animateBody = """
            (void)self;
            host->view_add_subview(host->context_container_view(context), host->context_view(context, SH_KEY_TO));
            host->context_complete_transition(context, true);
            host->context_complete_transition(context, true);
            """
        let setup = try Setup(bundle, name: "Twice")
        let play = try setup.play("twice")
        #expect(play.status == 0, "\(play.errors)")
        #expect(play.errors == "warning: libTwice.so (twice): completeTransition called twice by twice; the second call is ignored\n", "\(play.output)\(play.errors)")
        #expect(play.output.contains("completed push      twice\n"), "\(play.output)")
        try setup.expectBuiltInsUsable()
    }

    @Test func nanGeometryIsRefusedAndTheTraceStaysValid() throws {
        var bundle = TestBundle(effect: "nan")
        bundle.prelude = "#include <math.h>"
        bundle.animateBody = """
            (void)self;
            sh_view *to = host->context_view(context, SH_KEY_TO);
            host->view_add_subview(host->context_container_view(context), to);
            sh_rect r = {{NAN, 0}, {100, INFINITY}};
            host->view_set_frame(to, r);
            host->view_set_alpha(to, NAN);
            host->context_complete_transition(context, true);
            """
        let setup = try Setup(bundle, name: "NaN")
        let trace = setup.workspace.path + "/trace.json"
        let play = try setup.play("nan", wait: 1, ["--trace", trace])
        #expect(play.status == 0, "\(play.errors)")
        #expect(play.errors == """
            warning: libNaN.so (nan): view_set_frame: frame (nan, 0.0, 100.0, inf) refused: a number must be finite and within ±1e9; the view keeps its old value (said once per effect and property)
            warning: libNaN.so (nan): view_set_alpha: alpha nan refused: a number must be finite and within ±1e9; the view keeps its old value (said once per effect and property)

            """, "\(play.output)\(play.errors)")
        let data = try Data(contentsOf: URL(fileURLWithPath: trace))
        #expect(try JSONSerialization.jsonObject(with: data) is [String: Any])
        try setup.expectBuiltInsUsable()
    }

    @Test func aViewPutIntoItselfOrItsDescendantIsRefused() throws {
        var bundle = TestBundle(effect: "cycle")
        bundle.animateBody = """
            (void)self;
            sh_view *container = host->context_container_view(context);
            sh_view *to = host->context_view(context, SH_KEY_TO);
            host->view_add_subview(container, to);
            host->view_add_subview(to, to);
            host->view_add_subview(to, container);
            host->view_insert_subview_at(to, container, 0);
            host->context_complete_transition(context, true);
            """
        let setup = try Setup(bundle, name: "Cycle")
        let play = try setup.play("cycle")
        #expect(play.status == 0, "\(play.errors)")
        #expect(play.errors == """
            warning: libCycle.so (cycle): view_add_subview: a view cannot be its own subview; refused
            warning: libCycle.so (cycle): view_add_subview: a view cannot be put into one of its own descendants; refused
            warning: libCycle.so (cycle): view_insert_subview_at: a view cannot be put into one of its own descendants; refused

            """, "\(play.output)\(play.errors)")
        #expect(play.output.contains("completed push      cycle\n"), "\(play.output)")
        try setup.expectBuiltInsUsable()
    }
}
