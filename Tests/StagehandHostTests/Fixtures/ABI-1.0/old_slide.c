/* A bundle written against ABI 1.0 (the header beside this file): a push that slides the
 * new view in from the right and a pop that slides the old one out. */
#include <stdlib.h>
#include "stagehand.h"

static const sh_host *host;

typedef struct old_slide { sh_effect table; double duration; } old_slide;

typedef struct slide_run { sh_context *context; sh_view *moving; sh_rect end; } slide_run;

static double old_slide_duration(void *self, sh_context *context) {
    (void)context;
    return ((old_slide *)self)->duration;
}

static void old_slide_move(void *user) {
    slide_run *run = user;
    host->view_set_frame(run->moving, run->end);
}

static void old_slide_done(void *user, bool finished) {
    (void)finished;
    slide_run *run = user;
    host->context_complete_transition(run->context, !host->context_transition_was_cancelled(run->context));
    free(run);
}

static void old_slide_animate(void *self, sh_context *context) {
    sh_view *container = host->context_container_view(context);
    sh_view *from = host->context_view(context, SH_KEY_FROM);
    sh_view *to = host->context_view(context, SH_KEY_TO);
    sh_controller *to_vc = host->context_view_controller(context, SH_KEY_TO);
    sh_rect final = host->context_final_frame(context, to_vc);
    slide_run *run = calloc(1, sizeof *run);
    run->context = context;
    if (host->context_operation(context) == SH_OPERATION_PUSH) {
        sh_rect start = final;
        start.origin.x += final.size.width;
        host->view_set_frame(to, start);
        host->view_add_subview(container, to);
        run->moving = to;
        run->end = final;
    } else {
        host->view_set_frame(to, final);
        host->view_insert_subview_below(container, to, from);
        run->moving = from;
        run->end = host->view_frame(from);
        run->end.origin.x += run->end.size.width;
    }
    sh_animation animation = {0};
    animation.size = sizeof animation;
    animation.duration = ((old_slide *)self)->duration;
    animation.curve = SH_CURVE_LINEAR;
    host->animate(&animation, old_slide_move, old_slide_done, run);
}

static void old_slide_destroy(void *self) { free(self); }

static sh_effect *old_slide_make(double duration) {
    old_slide *effect = calloc(1, sizeof *effect);
    if (effect == NULL) return NULL;
    effect->duration = duration;
    effect->table.size = sizeof(sh_effect);
    effect->table.self = effect;
    effect->table.transition_duration = old_slide_duration;
    effect->table.animate_transition = old_slide_animate;
    effect->table.destroy = old_slide_destroy;
    return &effect->table;
}

sh_effect *old_slide_push_create(double duration) { return old_slide_make(duration); }
sh_effect *old_slide_pop_create(double duration) { return old_slide_make(duration); }

static bool old_slide_init(const sh_host *table, const char *path) {
    (void)path;
    host = table;
    return table != NULL && table->abi_major == STAGEHAND_ABI_MAJOR && table->size >= sizeof(sh_host);
}

#define OLD_SLIDE_EFFECT(name, kind, factory)                                                   \
    "{\"name\": \"" name "\", \"kind\": \"" kind "\", \"interactive\": false, \"factory\": \"" factory "\", " \
    "\"parameters\": [{\"name\": \"duration\", \"type\": \"double\", \"default\": 0.4, \"min\": 0.05, \"max\": 2}], " \
    "\"description\": \"Slides, as ABI 1.0 bundles did.\", \"license\": \"MIT\"}"

STAGEHAND_BUNDLE(
    "{\"abi\": {\"major\": 1, \"minor\": 0}, \"bundle\": {\"name\": \"OldSlide\", \"version\": \"1.0.0\"}, \"effects\": ["
    OLD_SLIDE_EFFECT("old-slide-push", "push", "old_slide_push_create") ", "
    OLD_SLIDE_EFFECT("old-slide-pop", "pop", "old_slide_pop_create") "]}",
    old_slide_init, NULL)
