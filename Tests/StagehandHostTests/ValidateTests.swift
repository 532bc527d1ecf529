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
}
