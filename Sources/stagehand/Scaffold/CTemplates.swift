/// The C bundle `stagehand new --language c` writes: one file against stagehand.h.
enum CTemplates {
    static func makefile(_ s: EffectScaffold) -> String {
        """
        # Builds lib\(s.bundle).so against Stagehand's header alone. STAGEHAND_CHECKOUT is the
        # Stagehand checkout, relative to this folder; give another in the environment or
        # on the command line (make STAGEHAND_CHECKOUT=/path/to/Stagehand) if either moves.
        STAGEHAND_CHECKOUT ?= \(s.stagehandPath)
        CFLAGS ?= -O2 -Wall -Wextra

        lib\(s.bundle).so: \(s.symbolPrefix).c
        \tcc $(CFLAGS) -shared -fPIC -I$(STAGEHAND_CHECKOUT)/Sources/StagehandABI/include -o $@ $<

        clean:
        \trm -f lib\(s.bundle).so

        """
    }

    static func effect(_ s: EffectScaffold) -> String {
        let p = s.symbolPrefix
        // Every kind starts as a cross-dissolve: the incoming view fades in over the
        // outgoing one, which fades out — correct for any operation.
        return """
        /* \(s.name): a \(s.kind) effect for Stagehand, written against stagehand.h alone. */
        #include <stdlib.h>

        #include "stagehand.h"
        #include "stagehand_effect.h"

        /* The effect, declared once: its parameters (type, name, default, min, max), then
         * its name, kind, interactivity, factory and description. The manifest and the
         * exported factory's prototype and bounds check all come from these two macros. */
        #define \(p.uppercased())_PARAMETERS(NUMBER, VALUE) \\
            NUMBER(double, duration, 0.3, 0.01, 10)

        #define \(p.uppercased())_EFFECT(EFFECT) \\
            EFFECT("\(s.name)", \(s.kind), false, \(p)_create, \(p.uppercased())_PARAMETERS, \\
                   "A \(s.kind) effect.", SH_FIELD("author", "You") SH_FIELD("license", "MIT"))

        static const char \(p)_manifest[] = SH_BUNDLE_MANIFEST("\(s.bundle)", "0.1.0", SH_EFFECT_JSON(\(p.uppercased())_EFFECT));

        static const sh_host *host;

        static bool \(p)_init(const sh_host *h, const char *path) {
            (void)path;
            if (h == NULL || h->abi_major != STAGEHAND_ABI_MAJOR || !SH_HOST_HAS(h, context_complete_transition)) return false;
            host = h;
            return true;
        }

        STAGEHAND_BUNDLE(\(p)_manifest, \(p)_init, NULL)

        typedef struct { sh_effect table; double duration; } effect;
        typedef struct { sh_context *context; sh_view *from, *to; } run;

        static double duration_of(void *self, sh_context *context) {
            (void)context;
            return ((effect *)self)->duration;
        }

        static void animations(void *user) {
            run *r = user;
            if (r->to) host->view_set_alpha(r->to, 1);
            if (r->from) host->view_set_alpha(r->from, 0);
        }

        static void completion(void *user, bool finished) {
            (void)finished;
            run *r = user;
            bool cancelled = host->context_transition_was_cancelled(r->context);
            if (r->from) host->view_set_alpha(r->from, 1);
            host->context_complete_transition(r->context, !cancelled);
            free(r);
        }

        static void animate_transition(void *self, sh_context *context) {
            run *r = malloc(sizeof *r);
            if (r == NULL) { host->context_complete_transition(context, false); return; }
            r->context = context;
            r->from = host->controller_view(host->context_view_controller(context, SH_KEY_FROM));
            r->to = host->controller_view(host->context_view_controller(context, SH_KEY_TO));
            sh_view *container = host->context_container_view(context);
            if (r->to && host->view_superview(r->to) == NULL) { /* push, pop, present: not on screen yet */
                host->view_set_frame(r->to, host->view_bounds(container));
                host->view_add_subview(container, r->to);
            }
            if (r->to) host->view_set_alpha(r->to, 0);
            sh_animation a = {0};
            a.size = sizeof a;
            a.duration = ((effect *)self)->duration;
            a.curve = SH_CURVE_EASE_IN_OUT;
            host->animate(&a, animations, completion, r);
        }

        static void destroy(void *self) { free(self); }

        /* sh_effect *\(p)_create(double duration), exported: runs only with a duration
         * within its bounds. */
        SH_EFFECT_FACTORY(\(p.uppercased())_EFFECT, host) {
            effect *e = calloc(1, sizeof *e);
            if (e == NULL) return NULL;
            e->duration = duration;
            e->table.size = sizeof e->table;
            e->table.self = e;
            e->table.transition_duration = duration_of;
            e->table.animate_transition = animate_transition;
            e->table.destroy = destroy;
            return &e->table;
        }

        """
    }
}
