/* A bundle written against ABI 1.2 (the headers beside this file): a presentation that
 * reveals the presented screen through a growing circular mask and a dismissal that
 * shrinks it, each saying through the 1.2 bundle_log (its context from
 * init_with_context) that it started. */
#include <stdlib.h>
#include "stagehand.h"

static const sh_host *host;
static sh_bundle_context *bundle;

typedef struct old_reveal { sh_effect table; double duration; } old_reveal;

typedef struct reveal_run { sh_context *context; sh_view *view; sh_mask to; bool remove_mask; } reveal_run;

static double old_reveal_duration(void *self, sh_context *context) {
    (void)context;
    return ((old_reveal *)self)->duration;
}

static void old_reveal_change(void *user) {
    reveal_run *run = user;
    host->view_set_mask(run->view, &run->to);
}

static void old_reveal_done(void *user, bool finished) {
    (void)finished;
    reveal_run *run = user;
    if (run->remove_mask) host->view_set_mask(run->view, NULL);
    host->context_complete_transition(run->context, !host->context_transition_was_cancelled(run->context));
    free(run);
}

static void old_reveal_animate(void *self, sh_context *context) {
    sh_view *container = host->context_container_view(context);
    reveal_run *run = calloc(1, sizeof *run);
    run->context = context;
    sh_point middle = {195, 422};
    sh_mask small = sh_mask_circle(middle, 1), large = sh_mask_circle(middle, 500);
    if (host->context_operation(context) == SH_OPERATION_PRESENT) {
        sh_view *to = host->context_view(context, SH_KEY_TO);
        host->view_set_frame(to, host->context_final_frame(context, host->context_view_controller(context, SH_KEY_TO)));
        host->view_set_mask(to, &small);
        host->view_add_subview(container, to);
        run->view = to;
        run->to = large;
        run->remove_mask = true;
        host->bundle_log(bundle, SH_LOG_INFO, "revealing, as ABI 1.2 bundles did");
    } else {
        run->view = host->context_view(context, SH_KEY_FROM);
        host->view_set_mask(run->view, &large);
        run->to = small;
        host->bundle_log(bundle, SH_LOG_INFO, "hiding, as ABI 1.2 bundles did");
    }
    sh_animation animation = {0};
    animation.size = sizeof animation;
    animation.duration = ((old_reveal *)self)->duration;
    animation.curve = SH_CURVE_LINEAR;
    host->animate(&animation, old_reveal_change, old_reveal_done, run);
}

static void old_reveal_destroy(void *self) { free(self); }

static sh_effect *old_reveal_make(double duration) {
    old_reveal *effect = calloc(1, sizeof *effect);
    if (effect == NULL) return NULL;
    effect->duration = duration;
    effect->table.size = sizeof(sh_effect);
    effect->table.self = effect;
    effect->table.transition_duration = old_reveal_duration;
    effect->table.animate_transition = old_reveal_animate;
    effect->table.destroy = old_reveal_destroy;
    return &effect->table;
}

sh_effect *old_reveal_present_create(double duration) { return old_reveal_make(duration); }
sh_effect *old_reveal_dismiss_create(double duration) { return old_reveal_make(duration); }

static bool old_reveal_init(const sh_host *table, sh_bundle_context *context, const char *path, const char **error_message) {
    (void)path;
    host = table;
    bundle = context;
    if (table == NULL || table->abi_major != STAGEHAND_ABI_MAJOR || !SH_HOST_HAS(table, view_set_z_position)) {
        *error_message = "this bundle needs a host of ABI 1.2 or later";
        return false;
    }
    return true;
}

#define OLD_REVEAL_EFFECT(name, kind, factory)                                                  \
    "{\"name\": \"" name "\", \"kind\": \"" kind "\", \"interactive\": false, \"factory\": \"" factory "\", " \
    "\"parameters\": [{\"name\": \"duration\", \"type\": \"double\", \"default\": 0.4, \"min\": 0.05, \"max\": 2}], " \
    "\"description\": \"Reveals through a circle, as ABI 1.2 bundles did.\", \"license\": \"MIT\"}"

STAGEHAND_BUNDLE_WITH_CONTEXT(
    "{\"abi\": {\"major\": 1, \"minor\": 2}, \"bundle\": {\"name\": \"OldReveal\", \"version\": \"1.2.0\"}, \"effects\": ["
    OLD_REVEAL_EFFECT("old-reveal-present", "present", "old_reveal_present_create") ", "
    OLD_REVEAL_EFFECT("old-reveal-dismiss", "dismiss", "old_reveal_dismiss_create") "]}",
    old_reveal_init, NULL)
