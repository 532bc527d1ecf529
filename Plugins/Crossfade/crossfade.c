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

/* The factory the manifest names (the entry symbol is defined by STAGEHAND_BUNDLE). */
sh_effect *crossfade_create(double duration);

#define CROSSFADE_STRING(x) #x
#define CROSSFADE_XSTRING(x) CROSSFADE_STRING(x)

/* The manifest the host reads before running any code of ours (Documentation/Manifest.md).
 * Its ABI is the header's, so the two can never disagree. */
static const char crossfade_manifest[] =
    "{\n"
    "  \"abi\": {\"major\": " CROSSFADE_XSTRING(STAGEHAND_ABI_MAJOR) ", \"minor\": " CROSSFADE_XSTRING(STAGEHAND_ABI_MINOR) "},\n"
    "  \"bundle\": {\"name\": \"Crossfade\", \"version\": \"1.0.0\"},\n"
    "  \"effects\": [\n"
    "    {\n"
    "      \"name\": \"crossfade\",\n"
    "      \"kind\": \"container\",\n"
    "      \"interactive\": false,\n"
    "      \"factory\": \"crossfade_create\",\n"
    "      \"parameters\": [\n"
    "        {\"name\": \"duration\", \"type\": \"double\", \"default\": 0.3, \"min\": 0, \"max\": 10}\n"
    "      ],\n"
    "      \"description\": \"Cross-dissolve between two child view controllers, as iOS 5/6 containers did: opaque at every instant (mid-way, half of each child).\",\n"
    "      \"author\": \"Stagehand\",\n"
    "      \"license\": \"MIT\"\n"
    "    }\n"
    "  ]\n"
    "}\n";

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

/* The factory named in the manifest: `crossfade_create(double duration)`. Returns NULL
 * for a duration that is negative or not a number, or when memory runs out. */
sh_effect *crossfade_create(double duration) {
    if (!(duration >= 0.0)) return NULL;
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
