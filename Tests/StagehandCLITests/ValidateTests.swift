import Foundation
import StagehandTestSupport
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

    /// Several files: one child checks them in turn, each alone with its own report. A
    /// crash is the report of the file that crashed; those before it keep theirs, those
    /// after it are said not to have been checked.
    @Test func severalFilesAreCheckedInOneChildEachWithItsReport() throws {
        let workspace = try Workspace()
        let pids = workspace.path + "/pids"
        var recording = TestBundle(effect: "recorder", factory: "recorder_create")
        recording.animateBody = TestBundle.pushing(#"FILE *f = fopen("\#(pids)", "a"); if (f) { fprintf(f, "%d\n", (int)getpid()); fclose(f); }"#)
        let first = try workspace.compile(recording.source, to: "libRecorder.so")
        var second = recording
        second.effect = "recorder-two"
        second.factory = "recorder_two_create"
        let other = try workspace.compile(second.source, to: "libRecorderTwo.so")
        let effectFile = try workspace.write("plain-fade.effect.json", String(decoding: try TestPack.declarativeEffect("plain-fade"), as: UTF8.self))

        let run = try runStagehand(["validate", first, effectFile, other, "--json"])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        #expect(reports.map { $0["bundle"] as? String } == [first, effectFile, other])
        #expect(reports.map { (($0["effects"] as? [[String: Any]])?.compactMap { $0["name"] as? String }) ?? [] }
                == [["recorder"], ["plain-fade"], ["recorder-two"]])
        // Both bundles' effects ran, and in the same process.
        let recorded = try String(contentsOfFile: pids, encoding: .utf8).split(separator: "\n")
        #expect(recorded.count >= 2 && Set(recorded).count == 1, "\(recorded)")

        var crashing = TestBundle(effect: "crasher", factory: "crasher_create")
        crashing.animateBody = "(void)self; (void)context; volatile int *p = 0; *p = 1;"
        let crasher = try workspace.compile(crashing.source, to: "libCrasher.so")
        let crashed = try runStagehand(["validate", first, crasher, other])
        #expect(crashed.status == 1)
        #expect(crashed.output.contains("\(first): valid\n"), "\(crashed.output)")
        #expect(crashed.output.contains("error: \(crasher): crashed with signal 11 (SIGSEGV) during running crasher through its standard scenario\n"),
                "\(crashed.output)")
        #expect(crashed.output.contains("error: \(other): not checked: the checking process stopped at \(crasher)\n"), "\(crashed.output)")
        #expect(crashed.output.hasSuffix("\(other): invalid\n"), "\(crashed.output)")
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

    /// The bundle hangs asleep rather than spinning (the time limit is the same wall
    /// clock either way; a spin would take a core from the other tests for all of it),
    /// and the test waits on a thread of its own rather than holding one of the pool's.
    @Test(.ownThread) func aBundleThatHangsIsStopped() throws {
        let workspace = try Workspace()
        var bundle = TestBundle(effect: "sleeper", factory: "sleeper_create")
        bundle.animateBody = "(void)self; (void)context; for (;;) pause();"
        let path = try workspace.compile(bundle.source, to: "libSleeper.so")
        // Wider under a sanitizer, whose child can take seconds to load the bundle.
        let limit = Sanitizer.isActive ? "20" : "3"
        let run = try runStagehand(["validate", path, "--timeout", limit])
        #expect(run.status == 1)
        #expect(run.output.contains("hung (stopped after \(limit).0 s) during running sleeper"), "\(run.output)")
    }

    @Test func aFileThatIsNotABundleIsInvalid() throws {
        let workspace = try Workspace()
        let path = try workspace.write("libText.so", "just text\n")
        let run = try runStagehand(["validate", path])
        #expect(run.status == 1)
        #expect(run.output.contains("error: \(path): not a shared object"), "\(run.output)")
    }

    /// What is not a regular file built for this machine is said to be what it is at
    /// once, with the path the user gave: a named pipe (which would only block until the
    /// time limit), a folder named like a bundle, an ELF file for another machine (which
    /// `dlopen` calls "No such file or directory").
    @Test func aFileThatCannotBeABundleIsNamedForWhatItIs() throws {
        let workspace = try Workspace()
        let fifo = workspace.path + "/libFifo.so"
        try #require(mkfifo(fifo, 0o644) == 0)
        let folder = try workspace.directory("libFolder.so")
        let foreign = workspace.path + "/libForeign.so"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestEnvironment.crossfadeBundle)))
        bytes[18] = 183; bytes[19] = 0   // e_machine: EM_AARCH64
        try Data(bytes).write(to: URL(fileURLWithPath: foreign))
        let cases = [
            (fifo, "is a FIFO, not a regular file; only a regular file can be a bundle"),
            (folder, "is a directory, not a regular file; only a regular file can be a bundle"),
            (foreign, "is an ELF file for AArch64 (e_machine 183); this host is x86-64 (e_machine 62): build the bundle for x86-64"),
        ]
        for (path, message) in cases {
            let run = try runStagehand(["validate", path, "--timeout", "20"])
            #expect(run.status == 1)
            #expect(run.output == "error: \(path): \(message)\n\(path): invalid\n", "\(run.output)\(run.errors)")
        }
        // The plugin scan says the same of a foreign file on the plugin path.
        let plugins = try workspace.directory("plugins")
        try Data(bytes).write(to: URL(fileURLWithPath: plugins + "/libForeign.so"))
        let catalog = try runStagehand(["catalog", "--plugins", plugins])
        #expect(catalog.errors.contains("error: \(plugins)/libForeign.so: is an ELF file for AArch64 (e_machine 183)"), "\(catalog.errors)")
    }

    /// A symbolic link to a bundle is checked as the file it leads to, and reported
    /// under the name the user gave, never the checking process's own folder.
    @Test func aLinkToABundleIsValidatedUnderItsOwnName() throws {
        let workspace = try Workspace()
        let link = workspace.path + "/libLinked.so"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: TestEnvironment.crossfadeBundle)
        let run = try runStagehand(["validate", link])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.hasSuffix("\(link): valid\n"), "\(run.output)")
        #expect(!run.output.contains("stagehand-validate"), "\(run.output)")
    }

    /// The time limit is for each step, not the whole check: a bundle of effects that are
    /// each slow to make but well within the limit passes however many there are, and
    /// the one that exceeds it is the one named.
    /// A long run: it waits out a time limit.
    @Test(.tags(.longRun), .slow) func theTimeLimitIsPerStepAndNamesTheEffectThatExceedsIt() throws {
        let workspace = try Workspace()
        var bundle = TestBundle(effect: "slow-1", factory: "test_effect_create")
        bundle.animateBody = TestBundle.pushing("")
        bundle.prelude = """
            sh_effect *test_effect_create(double duration);
            sh_effect *slow_create(void) { usleep(100000); return test_effect_create(0.2); }
            sh_effect *hang_create(void) { for (;;) pause(); }
            """
        func entry(_ name: String, _ factory: String) -> String {
            #"{"name": "\#(name)", "kind": "push", "interactive": false, "factory": "\#(factory)", "parameters": [], "description": "Slow to make."}"#
        }
        let slow = (1...8).map { entry("slow-\($0)", "slow_create") }
        bundle.manifest = #"{"abi": {"major": 1, "minor": 0}, "bundle": {"name": "Slow", "version": "0.1.0"}, "effects": ["#
            + slow.joined(separator: ", ") + "]}"
        let path = try workspace.compile(bundle.source, to: "libSlow.so")
        // Each effect is made once to be checked and several times while its standard
        // scenario runs: about a second per effect, several in all, each step within the
        // limit. A sanitized child on a busy machine can take more than 3 s just to load
        // the bundle, so the limit is wider there; the hang is named all the same.
        let limit = Sanitizer.isActive ? "20" : "3"
        let run = try runStagehand(["validate", path, "--timeout", limit])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.split(separator: "\n").filter { $0.hasPrefix("ok  slow-") }.count == 8, "\(run.output)")

        bundle.manifest = #"{"abi": {"major": 1, "minor": 0}, "bundle": {"name": "Slow", "version": "0.1.0"}, "effects": ["#
            + (slow + [entry("hang", "hang_create")]).joined(separator: ", ") + "]}"
        let hanging = try workspace.compile(bundle.source, to: "libHanging.so")
        let stopped = try runStagehand(["validate", hanging, "--timeout", limit])
        #expect(stopped.status == 1)
        #expect(stopped.output.hasPrefix("error: \(hanging): hung (stopped after \(limit).0 s) during making hang with its default parameters\n"),
                "\(stopped.output)")
    }

    /// Each value a string parameter's `choices` declares is given to the factory: one it
    /// refuses is a manifest that promises what the factory does not do.
    @Test func aDeclaredChoiceTheFactoryRefusesFailsValidate() throws {
        let workspace = try Workspace()
        var bundle = TestBundle(effect: "edgy", factory: "test_effect_create")
        bundle.animateBody = TestBundle.pushing("")
        bundle.prelude = """
            #include <string.h>
            sh_effect *test_effect_create(double duration);
            sh_effect *edgy_create(const char *edge) { return strcmp(edge, "left") == 0 || strcmp(edge, "right") == 0 ? test_effect_create(0.2 + (edge[0] == 'r') * 0.1) : NULL; }
            """
        bundle.manifest = """
            {"abi": {"major": 1, "minor": 0}, "bundle": {"name": "Edgy", "version": "0.1.0"},
             "effects": [{"name": "edgy", "kind": "push", "interactive": false, "factory": "edgy_create",
                          "parameters": [{"name": "edge", "type": "string", "default": "left", "choices": ["left", "right", "top"]}],
                          "description": "Refuses one of its choices."}]}
            """
        let path = try workspace.compile(bundle.source, to: "libEdgy.so")
        let run = try runStagehand(["validate", path])
        #expect(run.status == 1)
        #expect(run.output.contains("FAILED  edgy (push)"), "\(run.output)")
        #expect(run.output.contains("    parameter edge = top is one of its declared choices, but the factory refused it: "), "\(run.output)")
        #expect(!run.output.contains("edge = right"), "right is accepted and changes the duration: \(run.output)")
        let info = try runStagehand(["info", "edgy", "--plugins", workspace.path])
        #expect(info.output.contains("left, right, top"), "info lists the choices: \(info.output)")
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
