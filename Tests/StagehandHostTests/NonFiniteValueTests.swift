import Foundation
import StagehandTestSupport
import StagehandCore
@testable import StagehandHost
import Testing

/// Every number a bundle hands the host — geometry, colours, curves, durations, springs,
/// keyframes, percents, the duration an effect answers — keeps one rule (finite, and
/// within ±1e9, or at most 3600 s for a duration) or is refused at the door with one
/// message. Nothing downstream (the scene, the trace, a renderer, `validate`) ever sees a
/// refused number, and what overflows inside the scene all the same never reaches a trace.
@Suite struct NonFiniteValueTests {
    /// A bundle that knocks at every door of the host table taking a number with a number
    /// the rule refuses, then finishes its push properly.
    static var everyDoor: TestBundle {
        var bundle = TestBundle()
        bundle.prelude = """
            #include <math.h>
            static void nothing(void *user) { (void)user; }
            static void grow(void *user) { sh_rect r = {{0, 0}, {50, 50}}; host->view_set_frame((sh_view *)user, r); }
            static void keyframe(void *user) { host->add_keyframe(NAN, 0.5, grow, user); }
            static sh_animation animation(double duration) {
                sh_animation a = {0};
                a.size = sizeof a;
                a.duration = duration;
                return a;
            }
            """
        bundle.animateBody = """
            (void)self;
            sh_view *container = host->context_container_view(context);
            sh_view *to = host->context_view(context, SH_KEY_TO);
            host->view_add_subview(container, to);
            sh_rect bad = {{NAN, 0}, {10, INFINITY}};
            sh_view *made = host->view_create(bad);
            if (made != NULL) host->log("view_create made a view");
            host->view_add_subview(to, made);
            sh_color colour = {NAN, 0, 0, 1};
            host->view_set_background_color(to, colour);
            sh_rect huge = {{1e300, 0}, {10, 10}};
            host->view_set_frame(to, huge);
            sh_point p = {NAN, 1};
            sh_point converted = host->view_convert_point(NULL, p, to);
            if (converted.x == 0 && converted.y == 0) host->log("converted to (0, 0)");
            sh_animation curve = animation(0.3);
            curve.curve = SH_CURVE_CUSTOM; curve.c1x = NAN; curve.c2x = 1; curve.c2y = 1;
            host->animate(&curve, grow, NULL, made);
            sh_animation endless = animation(1e300);
            host->animate(&endless, grow, NULL, made);
            sh_animation late = animation(0.3);
            late.delay = INFINITY;
            host->animate(&late, grow, NULL, made);
            sh_animation spring = animation(0.3);
            spring.flags = SH_ANIMATION_SPRING; spring.damping_ratio = 0.5; spring.initial_velocity = INFINITY;
            host->animate(&spring, grow, NULL, made);
            sh_animation stiff = animation(0);
            stiff.flags = SH_ANIMATION_SPRING_PHYSICAL; stiff.mass = 1; stiff.stiffness = 1e300; stiff.damping = 10;
            host->animate(&stiff, grow, NULL, made);
            sh_animation slow = animation(0);
            slow.flags = SH_ANIMATION_SPRING_PHYSICAL; slow.mass = 1e9; slow.stiffness = 1e-9; slow.damping = 1;
            host->animate(&slow, grow, NULL, made);
            host->animate_keyframes(NAN, 0, nothing, NULL, NULL);
            host->animate_keyframes(0.3, 0, keyframe, NULL, made);
            sh_interaction *i = host->interaction_create();
            host->interaction_update(i, NAN);
            host->interaction_set_completion_speed(i, -INFINITY);
            host->interaction_release(i);
            host->context_complete_transition(context, true);
            """
        bundle.durationBody = "(void)self; (void)context; return 1e300;"
        return bundle
    }

    /// The warnings `everyDoor` gets, each once, in the order of its calls.
    static let everyDoorWarnings = [
        "view_create: frame (nan, 0.0, 10.0, inf) refused: a number must be finite and within ±1e9; the view is made with a zero frame",
        "view_set_background_color: colour (nan, 0.0, 0.0, 1.0) refused: a number must be finite and within ±1e9; the view keeps its old value",
        "view_set_frame: frame (1e+300, 0.0, 10.0, 10.0) refused: a number must be finite and within ±1e9; the view keeps its old value",
        "view_convert_point: point (nan, 1.0) refused: a number must be finite and within ±1e9; (0, 0) returned",
        "animate: curve control points (nan, 0.0, 1.0, 1.0) refused: a number must be finite and within ±1e9; the changes are made at once, without animation",
        "animate: duration 1e+300 refused: a duration must be finite and at most 3600 s; the changes are made at once, without animation",
        "animate: delay inf refused: a duration must be finite and at most 3600 s; the changes are made at once, without animation",
        "animate: spring (damping ratio, initial velocity) (0.5, inf) refused: a number must be finite and within ±1e9; the changes are made at once, without animation",
        "animate: spring (mass, stiffness, damping, initial velocity) (1.0, 1e+300, 10.0, 0.0) refused: a number must be finite and within ±1e9; the changes are made at once, without animation",
        "animate: spring settling time ",
        "animate_keyframes: duration nan refused: a duration must be finite and at most 3600 s; the changes are made at once, without animation",
        "add_keyframe: relative start and duration (nan, 0.5) refused: a number must be finite and within ±1e9; the changes are made at once, without animation",
        "interaction_update: percent nan refused: a number must be finite and within ±1e9; the percent is not changed",
        "interaction_set_completion_speed: speed -inf refused: a number must be finite and within ±1e9; the speed is not changed",
    ]

    @Test func everyDoorRefusesAnUnusableNumberWithOneMessage() throws {
        let push = try HostileCallsTests.push(Self.everyDoor)
        let warnings = push.stage.diagnostics.filter { $0.severity == .warning }.map(\.message)
        for expected in Self.everyDoorWarnings {
            let found = warnings.filter { $0.hasPrefix(expected) }
            #expect(found.count == 1, "\"\(expected)\" said \(found.count) times among:\n\(warnings.joined(separator: "\n"))")
        }
        #expect(warnings.contains { $0.hasPrefix("transition_duration: duration 1e+300 refused: a duration must be finite and at most 3600 s; 0 s is used") },
                "\(warnings.joined(separator: "\n"))")
        #expect(warnings.allSatisfy { $0.hasSuffix("(said once per effect and property)") }, "\(warnings)")
        #expect(warnings.first { $0.hasPrefix("animate: spring settling time ") }?.contains("refused: a duration must be finite and at most 3600 s") == true)
        for said in ["view_create made a view", "converted to (0, 0)"] {
            #expect(push.messages.contains("libHostile.so (test-effect): \(said)"), "\(said): \(push.messages)")
        }
        // The push ran as any other; every number in the scene is usable.
        #expect(push.events == ["began test-effect", "completed test-effect"])
        let top = try #require(push.coordinator.topNavigationController?.topViewController?.view)
        #expect(top.model.backgroundColor.map { [$0.red, $0.green, $0.blue, $0.alpha].allSatisfy(\.isFinite) } ?? true)
        #expect(top.model.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        let made = try #require(top.subviews.last)
        #expect(made.model.frame == Rect(x: 0, y: 0, width: 50, height: 50), "the refused animations still made their changes")
        #expect(push.stage.animator.runningCount == 0)
    }

    /// The same bundle through the command line: `play --trace` writes a valid trace,
    /// `preview` draws SVG and HTML, and `validate` fails the effect, naming the calls.
    @Test func theCommandsGoOnAndValidateFailsTheEffect() throws {
        let setup = try HostileBundleTests.Setup(Self.everyDoor, name: "Doors")
        let trace = setup.workspace.path + "/trace.json"
        let play = try setup.play("test-effect", wait: 1, ["--trace", trace])
        #expect(play.status == 0, "\(play.errors)")
        #expect(play.errors.contains("warning: libDoors.so (test-effect): view_set_background_color: colour (nan, 0.0, 0.0, 1.0) refused"), "\(play.errors)")
        #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trace))) is [String: Any])
        for format in ["svg", "html"] {
            let out = setup.workspace.path + "/preview.\(format)"
            let preview = try setup.run(["preview", "test-effect", "--format", format, "--out", out])
            #expect(preview.status == 0, "\(format): \(preview.errors)")
            #expect(!preview.errors.contains("Fatal error"), "\(preview.errors)")
            #expect(FileManager.default.fileExists(atPath: out))
        }
        let validate = try setup.run(["validate", setup.path])
        #expect(validate.status == 1, "\(validate.output)\(validate.errors)")
        #expect(validate.output.contains("view_set_background_color: colour (nan, 0.0, 0.0, 1.0) refused"), "\(validate.output)")
        #expect(validate.output.contains("animate: curve control points (nan, 0.0, 1.0, 1.0) refused"), "\(validate.output)")
        #expect(validate.output.hasSuffix("\(setup.path): invalid\n"), "\(validate.output)")
    }

    /// A transition whose effect answers a duration of 1e300 and never completes is still
    /// ended by the watchdog (2 s after the 0 s used instead), so a run settles.
    @Test func anEndlessDurationLeavesTheWatchdogReachable() throws {
        var bundle = TestBundle(effect: "endless")
        bundle.durationBody = "(void)self; (void)context; return 1e300;"
        let setup = try HostileBundleTests.Setup(bundle, name: "Endless")
        let play = try setup.play("endless", wait: 5)
        #expect(play.status == 0, "\(play.errors)")
        #expect(play.errors == """
            warning: libEndless.so (endless): transition_duration: duration 1e+300 refused: a duration must be finite and at most 3600 s; 0 s is used (said once per effect and property)
            warning: endless: completeTransition was never called; the watchdog ends the push after its duration plus 2.0 s

            """, "\(play.output)\(play.errors)")
        #expect(play.output.contains("completed push      endless\n"), "\(play.output)")
    }

    /// Numbers every door allowed can still overflow when the scene multiplies them (a
    /// chain of views each scaled by 1e9): the trace gets 0 in their place and one
    /// warning says so, instead of a trace that cannot be written.
    @Test func numbersThatOverflowInTheSceneNeverReachTheTrace() throws {
        var bundle = TestBundle(effect: "overflow")
        bundle.animateBody = """
            (void)self;
            sh_view *to = host->context_view(context, SH_KEY_TO);
            host->view_add_subview(host->context_container_view(context), to);
            sh_transform3d scale = {1e9, 0, 0, 0,  0, 1e9, 0, 0,  0, 0, 1, 0,  0, 0, 0, 1};
            sh_rect small = {{0, 0}, {10, 10}};
            sh_view *parent = to;
            for (int k = 0; k < 40; k++) {
                sh_view *v = host->view_create(small);
                host->view_set_transform3d(v, scale);
                host->view_add_subview(parent, v);
                parent = v;
            }
            host->context_complete_transition(context, true);
            """
        let setup = try HostileBundleTests.Setup(bundle, name: "Overflow")
        let trace = setup.workspace.path + "/trace.json"
        let play = try setup.play("overflow", wait: 0.1, ["--trace", trace])
        #expect(play.status == 0, "\(play.errors)")
        #expect(play.errors.hasPrefix("warning: trace: at "), "\(play.errors)")
        #expect(play.errors.contains("numbers of the scene overflowed to infinity or NaN (first in view "), "\(play.errors)")
        #expect(play.errors.split(separator: "\n").count == 1, "said once per run: \(play.errors)")
        let data = try Data(contentsOf: URL(fileURLWithPath: trace))
        #expect(try JSONSerialization.jsonObject(with: data) is [String: Any])
        let svg = try setup.run(["preview", "overflow", "--format", "svg", "--out", setup.workspace.path + "/o.svg"])
        #expect(svg.status == 0, "\(svg.errors)")
    }
}
