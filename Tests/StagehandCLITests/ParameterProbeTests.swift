import Foundation
import StagehandTestSupport
import Testing

/// `stagehand validate` calls each factory with every parameter at its bounds and
/// between, and reports what a hand-written manifest that disagrees with its factory
/// looks like from outside: a declared parameter the effect ignores, and a factory that
/// refuses a value its manifest declares valid.
@Suite struct ParameterProbeTests {
    /// A push that fades the new view in over `duration`, written by hand: the manifest
    /// declares `duration` (0.01...5) and `distance` (1...1000), the factory takes both.
    /// `factoryCheck` runs first in the factory; `useDistance` decides whether `distance`
    /// reaches the effect (it then lengthens the fade).
    static func source(useDistance: Bool, factoryCheck: String = "") -> String {
        let manifest = #"{"abi": {"major": 1, "minor": 0}, "bundle": {"name": "Probe", "version": "0.1.0"}, "effects": [{"name": "probe-fade", "kind": "push", "interactive": false, "factory": "probe_fade_create", "parameters": [{"name": "duration", "type": "double", "default": 0.3, "min": 0.01, "max": 5}, {"name": "distance", "type": "double", "default": 100, "min": 1, "max": 1000}], "description": "A test fade."}]}"#
            .replacingOccurrences(of: "\"", with: "\\\"")
        return """
        #include <stdlib.h>
        #include "stagehand.h"

        static const sh_host *host;
        static bool probe_init(const sh_host *h, const char *path) { (void)path; host = h; return h != NULL; }
        static const sh_bundle probe_bundle = {1, 0, sizeof(sh_bundle), "\(manifest)", probe_init, NULL};
        const sh_bundle *stagehand_bundle_entry(void) { return &probe_bundle; }

        typedef struct { sh_effect table; double duration; } probe_effect;
        typedef struct { sh_context *context; sh_view *to; } probe_run;

        static double probe_duration(void *self, sh_context *context) { (void)context; return ((probe_effect *)self)->duration; }
        static void probe_animations(void *user) { host->view_set_alpha(((probe_run *)user)->to, 1); }
        static void probe_completion(void *user, bool finished) {
            (void)finished;
            probe_run *run = user;
            host->context_complete_transition(run->context, !host->context_transition_was_cancelled(run->context));
            free(run);
        }
        static void probe_animate(void *self, sh_context *context) {
            probe_run *run = malloc(sizeof *run);
            run->context = context;
            run->to = host->controller_view(host->context_view_controller(context, SH_KEY_TO));
            sh_view *container = host->context_container_view(context);
            host->view_set_frame(run->to, host->view_bounds(container));
            host->view_add_subview(container, run->to);
            host->view_set_alpha(run->to, 0);
            sh_animation animation = {0};
            animation.size = sizeof animation;
            animation.duration = ((probe_effect *)self)->duration;
            host->animate(&animation, probe_animations, probe_completion, run);
        }
        static void probe_destroy(void *self) { free(self); }

        sh_effect *probe_fade_create(double duration, double distance) {
            \(factoryCheck)
            probe_effect *effect = calloc(1, sizeof *effect);
            effect->duration = duration\(useDistance ? " + distance / 1000" : "");
            \(useDistance ? "" : "(void)distance;")
            effect->table.size = sizeof effect->table;
            effect->table.self = effect;
            effect->table.transition_duration = probe_duration;
            effect->table.animate_transition = probe_animate;
            effect->table.destroy = probe_destroy;
            return &effect->table;
        }
        """
    }

    static func validate(_ source: String) throws -> (status: Int32, problems: [String]) {
        let workspace = try Workspace()
        let path = try workspace.compile(source, to: "libProbe.so")
        let run = try runStagehand(["validate", path, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)\(run.errors)")
        let effects = try #require(report["effects"] as? [[String: Any]])
        let effect = try #require(effects.first { $0["name"] as? String == "probe-fade" }, "\(run.output)")
        return (run.status, try #require(effect["problems"] as? [String]))
    }

    @Test func anEffectThatUsesEveryParameterIsValid() throws {
        let (status, problems) = try Self.validate(Self.source(useDistance: true))
        #expect(problems.isEmpty, "\(problems)")
        #expect(status == 0)
    }

    @Test func aParameterTheEffectIgnoresIsNamed() throws {
        let (status, problems) = try Self.validate(Self.source(useDistance: false))
        #expect(status == 1)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("parameter distance changes nothing: at 1.0, 1.0999, 370.63, 1000.0 ") }, "\(problems)")
        #expect(!problems.contains { $0.contains("parameter duration") }, "\(problems)")
    }

    @Test func aFactoryThatRefusesItsMaximumIsNamed() throws {
        let (status, problems) = try Self.validate(Self.source(useDistance: true, factoryCheck: "if (duration >= 5) return NULL;"))
        #expect(status == 1)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix("parameter duration = 5.0 is within its declared bounds, but the factory refused it: factory probe_fade_create") == true,
                "\(problems)")
    }
}
