/*
 * cross-dissolve — UIModalTransitionStyleCrossDissolve: presenting, the presented view
 * fades in over the presenter, which stays as it is (so the picture is opaque at every
 * instant: a·presented + (1 − a)·presenter); dismissing, it fades out. Ease-in-out over
 * 0.4 s (Stagehand's system presentation), linear while a finger drives it.
 */
#include <stdlib.h>

#include "modal_styles.h"

typedef struct cross_dissolve {
    sh_effect table;
    double duration;
} cross_dissolve;

static double cross_dissolve_duration(void *self, sh_context *context) {
    (void)context;
    return ((const cross_dissolve *)self)->duration;
}

static void cross_dissolve_start(void *user) {
    const modal_scene *scene = user;
    modal_host->view_set_frame(scene->presented, scene->resting);
    modal_host->view_set_alpha(scene->presented, scene->presenting ? 0.0 : 1.0);
}

static void cross_dissolve_fade(void *user) {
    const modal_scene *scene = user;
    modal_host->view_set_alpha(scene->presented, scene->presenting ? 1.0 : 0.0);
}

static void cross_dissolve_opaque(void *user) {
    const modal_scene *scene = user;
    modal_host->view_set_alpha(scene->presented, 1.0);
}

static void cross_dissolve_completion(void *user, bool finished) {
    (void)finished;
    modal_scene *scene = user;
    /* A dismissed view leaves opaque, should it be presented again. */
    if (!scene->presenting && !modal_host->context_transition_was_cancelled(scene->context)) {
        modal_host->perform_without_animation(cross_dissolve_opaque, scene);
    }
    modal_complete(scene->context);
    free(scene);
}

static void cross_dissolve_animate(void *self, sh_context *context) {
    const cross_dissolve *effect = self;
    const sh_host *host = modal_host;
    modal_scene *scene = calloc(1, sizeof *scene);
    if (scene == NULL || !modal_scene_read(context, scene)) {
        free(scene);
        modal_complete(context);
        return;
    }
    if (scene->presenting) host->view_add_subview(scene->container, scene->presented);
    host->perform_without_animation(cross_dissolve_start, scene);
    sh_animation animation = modal_animation(effect->duration, SH_CURVE_EASE_IN_OUT, scene->interactive);
    host->animate(&animation, cross_dissolve_fade, cross_dissolve_completion, scene);
}

static void cross_dissolve_destroy(void *self) {
    free(self);
}

SH_EFFECT_FACTORY(CROSS_DISSOLVE_EFFECT, modal_host) {
    cross_dissolve *effect = calloc(1, sizeof *effect);
    if (effect == NULL) return NULL;
    effect->duration = duration;
    effect->table.size = sizeof effect->table;
    effect->table.self = effect;
    effect->table.transition_duration = cross_dissolve_duration;
    effect->table.animate_transition = cross_dissolve_animate;
    effect->table.destroy = cross_dissolve_destroy;
    return &effect->table;
}
