/*
 * crossfade — the iOS 5/6 container transition (`transitionFromViewController:
 * toViewController:duration:options:` with the cross-dissolve option): the two children
 * blend, and the result is opaque at every instant — at a fraction a of the dissolve a
 * pixel is a·incoming + (1 − a)·outgoing, nothing of what lies behind them.
 *
 * That is what fading only the incoming view in, on top of the outgoing one left
 * opaque, composites to. Fading the outgoing view out as well would stack the two
 * alphas: at mid-time 0.5·in + 0.25·out + 0.25·background.
 *
 * Written in C against stagehand.h alone, to prove the ABI: this bundle links nothing
 * of the host's and reaches it only through the `sh_host` table handed to `init`.
 */
#include <stddef.h>
#include <stdlib.h>

#include "stagehand.h"
#include "stagehand_effect.h"

/* The effect, declared once: the manifest entry and the exported factory's prototype
 * and bounds check all come from these two macros (stagehand_effect.h). */
#define CROSSFADE_PARAMETERS(NUMBER, VALUE) \
    NUMBER(double, duration, 0.3, 0, 10, SH_DESCRIBED("Seconds the dissolve takes."))

#define CROSSFADE_EFFECT(EFFECT)                                                                  \
    EFFECT("crossfade", container, false, crossfade_create, CROSSFADE_PARAMETERS,                 \
           "Cross-dissolve between two child view controllers, as iOS 5/6 containers did: opaque " \
           "at every instant (mid-way, half of each child).",                                     \
           SH_FIELD("family", "iOS 7 recipes") SH_FIELD("source", "iOS 5 container API")          \
           SH_FIELD("author", "Stagehand") SH_FIELD("license", "MIT"))

/* The manifest the host reads before running any code of ours (Documentation/Manifest.md).
 * Its ABI is the header's, so the two can never disagree. */
static const char crossfade_manifest[] = SH_BUNDLE_MANIFEST("Crossfade", "1.0.0", SH_EFFECT_JSON(CROSSFADE_EFFECT));

/* The host's table, saved by init: valid until the bundle is unloaded (never, in a run). */
static const sh_host *crossfade_host;

static bool crossfade_init(const sh_host *host, const char *bundle_path) {
    (void)bundle_path;
    /* The last field this bundle uses decides the oldest table it can work with. */
    if (host == NULL || host->abi_major != STAGEHAND_ABI_MAJOR || !SH_HOST_HAS(host, context_complete_transition)) {
        return false;
    }
    crossfade_host = host;
    return true;
}

/* One effect: the table the host calls through, and the effect's own state after it.
 * A single allocation, so `destroy` is one free. */
typedef struct crossfade {
    sh_effect table;
    double duration;
} crossfade;

/* What the animation block and the completion need; lives until the completion. */
typedef struct crossfade_run {
    sh_context *context;
    sh_view *from;
    sh_view *to;
} crossfade_run;

static double crossfade_transition_duration(void *self, sh_context *context) {
    (void)context;
    return ((const crossfade *)self)->duration;
}

/* Inside `animate`: this change becomes an animation from the current value. The
 * outgoing view stays opaque underneath: see the top of the file. */
static void crossfade_animations(void *user) {
    const crossfade_run *run = user;
    if (run->to != NULL) crossfade_host->view_set_alpha(run->to, 1.0);
}

static void crossfade_completion(void *user, bool finished) {
    (void)finished;
    crossfade_run *run = user;
    const sh_host *host = crossfade_host;
    bool cancelled = host->context_transition_was_cancelled(run->context);
    /* Leave the views as a later transition expects them: on cancel the incoming view
     * out of the container (UIKit removes the outgoing one when the transition completes). */
    if (cancelled && run->to != NULL) host->view_remove_from_superview(run->to);
    host->context_complete_transition(run->context, !cancelled);
    free(run);
}

static void crossfade_animate_transition(void *self, sh_context *context) {
    const crossfade *effect = self;
    const sh_host *host = crossfade_host;
    if (host == NULL) return; /* never initialised: the host would not have loaded us */

    crossfade_run *run = malloc(sizeof *run);
    if (run == NULL) {
        host->context_complete_transition(context, false);
        return;
    }
    run->context = context;
    run->from = host->context_view(context, SH_KEY_FROM);
    run->to = host->context_view(context, SH_KEY_TO);

    if (run->to != NULL) {
        sh_controller *to_controller = host->context_view_controller(context, SH_KEY_TO);
        if (to_controller != NULL) host->view_set_frame(run->to, host->context_final_frame(context, to_controller));
        host->view_set_alpha(run->to, 0.0);
        host->view_add_subview(host->context_container_view(context), run->to);
    }

    sh_animation animation = {0};
    animation.size = sizeof animation;
    animation.duration = effect->duration;
    animation.curve = SH_CURVE_EASE_IN_OUT;
    host->animate(&animation, crossfade_animations, crossfade_completion, run);
}

static void crossfade_destroy(void *self) {
    free(self);
}

/* The factory named in the manifest, `sh_effect *crossfade_create(double duration)`:
 * runs only with a duration within its bounds; NULL when memory runs out. */
SH_EFFECT_FACTORY(CROSSFADE_EFFECT, crossfade_host) {
    crossfade *effect = calloc(1, sizeof *effect);
    if (effect == NULL) return NULL;
    effect->duration = duration;
    effect->table.size = sizeof effect->table;
    effect->table.self = effect;
    effect->table.transition_duration = crossfade_transition_duration;
    effect->table.animate_transition = crossfade_animate_transition;
    effect->table.destroy = crossfade_destroy;
    return &effect->table;
}

/* The entry symbol, with the manifest and init above. */
STAGEHAND_BUNDLE(crossfade_manifest, crossfade_init, NULL)
