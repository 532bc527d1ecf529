/* A bundle written against ABI 1.1 (the header beside this file): a presentation that
 * fades in and a dismissal that fades out, each asking the 1.1 question
 * controller_transition_in_progress while it runs. */
#include <stdlib.h>
#include "stagehand.h"

static const sh_host *host;

typedef struct old_fade { sh_effect table; double duration; } old_fade;

typedef struct fade_run { sh_context *context; sh_view *view; double alpha; } fade_run;

static double old_fade_duration(void *self, sh_context *context) {
    (void)context;
    return ((old_fade *)self)->duration;
}

static void old_fade_change(void *user) {
    fade_run *run = user;
    host->view_set_alpha(run->view, run->alpha);
}

static void old_fade_done(void *user, bool finished) {
    (void)finished;
    fade_run *run = user;
    host->context_complete_transition(run->context, !host->context_transition_was_cancelled(run->context));
    free(run);
}

static void old_fade_animate(void *self, sh_context *context) {
    sh_view *container = host->context_container_view(context);
    sh_controller *to_vc = host->context_view_controller(context, SH_KEY_TO);
    fade_run *run = calloc(1, sizeof *run);
    run->context = context;
    if (SH_HOST_HAS(host, controller_transition_in_progress) && host->controller_transition_in_progress(to_vc)) {
        host->log("a transition is in progress, as ABI 1.1 says");
    }
    if (host->context_operation(context) == SH_OPERATION_PRESENT) {
        sh_view *to = host->context_view(context, SH_KEY_TO);
        host->view_set_frame(to, host->context_final_frame(context, to_vc));
        host->view_set_alpha(to, 0);
        host->view_add_subview(container, to);
        run->view = to;
        run->alpha = 1;
    } else {
        /* The host removes the dismissed view once the dismissal completes. */
        run->view = host->context_view(context, SH_KEY_FROM);
        run->alpha = 0;
    }
    sh_animation animation = {0};
    animation.size = sizeof animation;
    animation.duration = ((old_fade *)self)->duration;
    host->animate(&animation, old_fade_change, old_fade_done, run);
}

static void old_fade_destroy(void *self) { free(self); }

static sh_effect *old_fade_make(double duration) {
    old_fade *effect = calloc(1, sizeof *effect);
    if (effect == NULL) return NULL;
    effect->duration = duration;
    effect->table.size = sizeof(sh_effect);
    effect->table.self = effect;
    effect->table.transition_duration = old_fade_duration;
    effect->table.animate_transition = old_fade_animate;
    effect->table.destroy = old_fade_destroy;
    return &effect->table;
}

sh_effect *old_fade_present_create(double duration) { return old_fade_make(duration); }
sh_effect *old_fade_dismiss_create(double duration) { return old_fade_make(duration); }

static bool old_fade_init(const sh_host *table, const char *path) {
    (void)path;
    host = table;
    return table != NULL && table->abi_major == STAGEHAND_ABI_MAJOR && SH_HOST_HAS(table, controller_transition_in_progress);
}

#define OLD_FADE_EFFECT(name, kind, factory)                                                    \
    "{\"name\": \"" name "\", \"kind\": \"" kind "\", \"interactive\": false, \"factory\": \"" factory "\", " \
    "\"parameters\": [{\"name\": \"duration\", \"type\": \"double\", \"default\": 0.3, \"min\": 0.05, \"max\": 2}], " \
    "\"description\": \"Fades, as ABI 1.1 bundles did.\", \"license\": \"MIT\"}"

STAGEHAND_BUNDLE(
    "{\"abi\": {\"major\": 1, \"minor\": 1}, \"bundle\": {\"name\": \"OldFade\", \"version\": \"1.1.0\"}, \"effects\": ["
    OLD_FADE_EFFECT("old-fade-present", "present", "old_fade_present_create") ", "
    OLD_FADE_EFFECT("old-fade-dismiss", "dismiss", "old_fade_dismiss_create") "]}",
    old_fade_init, NULL)
