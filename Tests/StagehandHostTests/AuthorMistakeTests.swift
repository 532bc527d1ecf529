import Foundation
import StagehandTestSupport
import Testing

/// The mistakes effect authors make at run time, each in a bundle built here: every one
/// is one line naming the bundle and the effect (`libX.so (effect)`) and what to fix, the
/// same in `play`, `preview` and `validate`, and the host goes on. A bundle's own log
/// lines are informational and never fail `validate`.
@Suite struct AuthorMistakeTests {
    typealias Setup = HostileBundleTests.Setup

    /// `preview NAME` as an SVG (one frame: the quickest picture).
    static func preview(_ setup: Setup, _ effect: String) throws -> ProcessRun {
        try setup.run(["preview", effect, "--out", setup.workspace.path + "/\(effect).svg"])
    }

    @Test func aNonFiniteValueIsRefusedOncePerEffectAndPropertyAndFailsValidate() throws {
        var bundle = TestBundle(effect: "nan")
        bundle.prelude = "#include <math.h>"
        // Three NaN alphas and two infinite frames per transition, as an effect that
        // computes NaN does on every frame.
        bundle.animateBody = TestBundle.pushing("""
            for (int i = 0; i < 3; i++) host->view_set_alpha(to, NAN);
            sh_rect r = {{0, 0}, {INFINITY, 100}};
            host->view_set_frame(to, r);
            host->view_set_frame(to, r);
            """)
        let setup = try Setup(bundle, name: "NaN")
        let lines = """
            warning: libNaN.so (nan): view_set_alpha: alpha nan refused: a number must be finite and within ±1e9; the view keeps its old value (said once per effect and property)
            warning: libNaN.so (nan): view_set_frame: frame (0.0, 0.0, inf, 100.0) refused: a number must be finite and within ±1e9; the view keeps its old value (said once per effect and property)

            """
        // Two pushes: still one line per property.
        let scenario = try setup.workspace.write("twice.json", """
            {"navigation": {"push": "nan"}, "steps": [{"push": {"title": "A"}}, {"wait": 1}, {"push": {"title": "B"}}, {"wait": 1}]}
            """)
        let trace = setup.workspace.path + "/trace.json"
        let play = try setup.run(["play", scenario, "--trace", trace])
        #expect(play.status == 0, "\(play.errors)")
        #expect(play.errors == lines, "\(play.errors)")
        #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trace))) is [String: Any])

        let preview = try Self.preview(setup, "nan")
        #expect(preview.status == 0, "\(preview.errors)")
        #expect(preview.errors == lines, "\(preview.errors)")

        let validate = try setup.run(["validate", setup.path])
        #expect(validate.status == 1)
        #expect(validate.output.contains("FAILED  nan (push)"), "\(validate.output)")
        for line in lines.split(separator: "\n") {
            #expect(validate.output.contains("    \(line)\n"), "\(validate.output)")
        }
        #expect(validate.output.hasSuffix("\(setup.path): invalid\n"), "\(validate.output)")
    }

    @Test func aSecondCompleteTransitionIsNamedAsSuch() throws {
        var bundle = TestBundle(effect: "twice")
        bundle.animateBody = TestBundle.pushing("host->context_complete_transition(context, true);")
        let setup = try Setup(bundle, name: "Twice")
        let line = "warning: libTwice.so (twice): completeTransition called twice by twice; the second call is ignored"
        let play = try setup.play("twice")
        #expect(play.status == 0, "\(play.errors)")
        #expect(play.errors == line + "\n", "\(play.errors)")
        #expect(play.output.contains("completed push      twice\n"), "\(play.output)")

        let preview = try Self.preview(setup, "twice")
        #expect(preview.status == 0 && preview.errors == line + "\n", "\(preview.errors)")

        let validate = try setup.run(["validate", setup.path])
        #expect(validate.status == 1)
        #expect(validate.output.contains("FAILED  twice (push)"), "\(validate.output)")
        #expect(validate.output.contains("    \(line)\n"), "\(validate.output)")
    }

    @Test func logLinesNameTheBundleAndNeverFailValidate() throws {
        var bundle = TestBundle(effect: "chatty")
        bundle.initWithContextBody = "(void)path; (void)error_message; return host != NULL;"
        bundle.prelude = """
            #include <pthread.h>
            static void *from_a_thread(void *arg) {
                (void)arg;
                host->bundle_log(bundle_context, SH_LOG_INFO, "said on a thread of the bundle's own");
                return NULL;
            }
            """
        bundle.animateBody = TestBundle.pushing("""
            host->log("said with the 1.0 log");
            host->bundle_log(bundle_context, SH_LOG_INFO, "said with bundle_log");
            host->bundle_log(bundle_context, SH_LOG_WARNING, "a warning of the bundle's own");
            pthread_t thread;
            if (pthread_create(&thread, NULL, from_a_thread, NULL) == 0) pthread_join(thread, NULL);
            """)
        let setup = try Setup(bundle, name: "Chatty")
        let play = try setup.play("chatty")
        #expect(play.status == 0, "\(play.errors)")
        #expect(play.errors == """
            note: libChatty.so (chatty): said with the 1.0 log
            note: libChatty.so (chatty): said with bundle_log
            note: libChatty.so (chatty): warning: a warning of the bundle's own
            note: libChatty.so: said on a thread of the bundle's own

            """, "\(play.errors)")
        #expect(play.output.contains("completed push      chatty\n"), "\(play.output)")

        let validate = try setup.run(["validate", setup.path])
        #expect(validate.status == 0, "\(validate.output)\(validate.errors)")
        #expect(validate.output == "ok  chatty (push): 1 transition\n\(setup.path): valid\n", "\(validate.output)")
    }

    @Test func aBundleRefusingInitWithContextIsReportedWithItsMessage() throws {
        var bundle = TestBundle(effect: "picky")
        bundle.initWithContextBody = """
            (void)path; (void)host; (void)bundle;
            *error_message = "needs picky.png beside the bundle";
            return false;
            """
        let setup = try Setup(bundle, name: "Picky")
        let line = "error: \(setup.path): sh_bundle.init_with_context: the bundle refused to initialise: needs picky.png beside the bundle"
        let catalog = try setup.run(["catalog"])
        #expect(catalog.status == 0)
        #expect(!catalog.output.contains("picky"))
        #expect(catalog.errors == line + "\n", "\(catalog.errors)")

        let validate = try setup.run(["validate", setup.path])
        #expect(validate.status == 1)
        #expect(validate.output.contains(line), "\(validate.output)")
        try setup.expectBuiltInsUsable()
    }
}
