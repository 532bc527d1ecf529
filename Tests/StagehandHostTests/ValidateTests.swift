import Foundation
import Testing

/// `stagehand validate` runs the bundle in a child: a crash or a hang is reported with
/// the step it happened in, and the command itself carries on to give its verdict.
@Suite struct ValidateTests {
    @Test func everyBuiltInBundleIsValid() throws {
        let run = try runStagehand(["validate", TestEnvironment.productsDirectory + "/libParallax.so"])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("ok  parallax-push (push)"))
        #expect(run.output.contains("ok  parallax-pop (pop)"))
        #expect(run.output.hasSuffix("libParallax.so: valid\n"))
    }

    /// A catalog that disagrees with the bundle's manifest keeps the effect from loading:
    /// validate says so, naming the catalog, rather than that the bundle declares nothing.
    @Test func aCatalogThatDisagreesWithTheManifestIsNamed() throws {
        let workspace = try Workspace()
        let wrong = CatalogText.crossfade.replacingOccurrences(of: "\"crossfade_create\"", with: "\"crossfade_make\"")
        let catalog = try workspace.write("Catalog.json", CatalogText.catalog(wrong))
        let bundle = TestEnvironment.crossfadeBundle
        let run = try runStagehand(["validate", bundle, "--catalog", catalog])
        #expect(run.status == 1)
        #expect(run.output.contains("error: \(bundle): \(catalog): effects[0].factory: the catalog and the manifest of \(bundle) disagree on effect crossfade"),
                "\(run.output)")
        #expect(!run.output.contains("declares no effect"), "\(run.output)")
        #expect(run.output.hasSuffix("invalid\n"))
    }

    @Test func aBundleThatCrashesIsReportedWithTheStep() throws {
        let workspace = try Workspace()
        var bundle = TestBundle(effect: "crasher", factory: "crasher_create")
        bundle.animateBody = "(void)self; (void)context; volatile int *p = 0; *p = 1;"
        let path = try workspace.compile(bundle.source, to: "libCrasher.so")
        let run = try runStagehand(["validate", path])
        #expect(run.status == 1)
        #expect(run.output.contains("error: \(path): crashed with signal 11 (SIGSEGV) during running crasher through its standard scenario"),
                "\(run.output)")
        #expect(run.output.hasSuffix("invalid\n"))
    }

    @Test func anEffectThatNeverCompletesIsCaughtByTheWatchdog() throws {
        let workspace = try Workspace()
        let path = try workspace.compile(TestBundle(effect: "stuck", factory: "stuck_create").source, to: "libStuck.so")
        let run = try runStagehand(["validate", path, "--json"])
        #expect(run.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let effects = try #require(report["effects"] as? [[String: Any]])
        let problems = try #require(effects.first?["problems"] as? [String])
        #expect(problems.contains { $0.contains("completeTransition was never called") }, "\(problems)")
    }

    @Test func aBundleThatHangsIsStopped() throws {
        let workspace = try Workspace()
        var bundle = TestBundle(effect: "spinner", factory: "spinner_create")
        bundle.animateBody = "(void)self; (void)context; for (volatile int i = 0; ; i++) {}"
        let path = try workspace.compile(bundle.source, to: "libSpinner.so")
        let run = try runStagehand(["validate", path, "--timeout", "3"])
        #expect(run.status == 1)
        #expect(run.output.contains("hung (stopped after 3.0 s) during running spinner"), "\(run.output)")
    }

    @Test func aFileThatIsNotABundleIsInvalid() throws {
        let workspace = try Workspace()
        let path = try workspace.write("libText.so", "just text\n")
        let run = try runStagehand(["validate", path])
        #expect(run.status == 1)
        #expect(run.output.contains("error: \(path): not a shared object"), "\(run.output)")
    }

    @Test func aMissingFileIsAnArgumentError() throws {
        let run = try runStagehand(["validate", "/nonexistent/libX.so"])
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("error: BUNDLE: cannot read /nonexistent/libX.so"))
    }

    /// A bundle that prints far more than a pipe holds is still checked to the end: the
    /// parent never waits on output it does not read.
    @Test func aBundleThatPrintsALotIsNotMistakenForAHang() throws {
        let workspace = try Workspace()
        var bundle = TestBundle(effect: "chatty", factory: "chatty_create")
        bundle.initBody = """
            (void)path; for (int i = 0; i < 4096; i++) printf("%0127d\\n", i); fflush(stdout); return host != NULL;
            """
        let path = try workspace.compile(bundle.source, to: "libChatty.so")
        let run = try runStagehand(["validate", path, "--timeout", "30"])
        #expect(!run.output.contains("hung"), "\(run.output)")
        #expect(run.output.contains("chatty (push)"), "\(run.output)")
    }

    /// A `report:` line printed by the bundle is not the checker's report, and one that
    /// the checker sent counts only if the process then ended normally.
    @Test func aBundleCannotForgeItsReport() throws {
        let workspace = try Workspace()
        var bundle = TestBundle(effect: "forger", factory: "forger_create")
        let forged = #"report: {\"bundle\": \"x\", \"problems\": [], \"effects\": [{\"name\": \"forger\", \"kind\": \"push\", \"transitions\": 1, \"problems\": []}]}\n"#
        bundle.animateBody = """
            (void)self; (void)context; printf("\(forged)"); fflush(stdout); volatile int *p = 0; *p = 1;
            """
        let path = try workspace.compile(bundle.source, to: "libForger.so")
        let run = try runStagehand(["validate", path])
        #expect(run.status == 1)
        #expect(run.output.contains("error: \(path): crashed with signal 11 (SIGSEGV) during running forger through its standard scenario"),
                "\(run.output)")
        #expect(run.output.hasSuffix("\(path): invalid\n"))
    }

    /// The checker's temporary directory goes even when the bundle kills the checker.
    @Test func aCrashLeavesNoTemporaryDirectory() throws {
        let workspace = try Workspace()
        let name = "libLeak\(UInt32.random(in: 0...UInt32.max)).so"
        var bundle = TestBundle(effect: "leaker", factory: "leaker_create")
        bundle.initBody = "(void)host; (void)path; abort();"
        let path = try workspace.compile(bundle.source, to: name)
        let run = try runStagehand(["validate", path])
        #expect(run.output.contains("crashed with signal 6 (SIGABRT) during loading"), "\(run.output)")
        for temporary in Set(["/tmp/", NSTemporaryDirectory()]) {
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
            for folder in folders where folder.hasPrefix("stagehand-validate-") {
                #expect(!FileManager.default.fileExists(atPath: temporary + folder + "/" + name),
                        "\(temporary + folder) was left behind")
            }
        }
    }

    /// A bundle that crashes when opened, elsewhere on the plugin path, does not pass
    /// for a crash of the bundle being validated.
    @Test func aBadBundleElsewhereOnThePluginPathDoesNotSpoilTheCheck() throws {
        let workspace = try Workspace()
        let plugins = try workspace.directory("plugins")
        var bad = TestBundle(effect: "elsewhere", factory: "elsewhere_create")
        bad.initBody = "(void)host; (void)path; abort();"
        try workspace.compile(bad.source, to: "plugins/libElsewhere.so")
        let run = try runStagehand(["validate", TestEnvironment.productsDirectory + "/libParallax.so", "--plugins", plugins],
                                   environment: ["STAGEHAND_CACHE_DIR": workspace.path + "/cache"])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.hasSuffix("libParallax.so: valid\n"), "\(run.output)")
    }
}
