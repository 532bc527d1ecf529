/*
 * cover-vertical — UIModalTransitionStyleCoverVertical, UIKit's default: presenting,
 * the presented view slides up from just below the screen into place over the
 * presenter, which does not move; dismissing, it slides back down. Ease-in-out over
 * 0.4 s (Stagehand's system presentation), linear while a finger drives it.
 */
#include <stdlib.h>

#include "modal_styles.h"

typedef struct cover_vertical {
    sh_effect table;
    double duration;
} cover_vertical;

typedef struct cover_vertical_run {
    modal_scene scene;
    /* The presented view's frame off the bottom of the screen. */
    sh_rect below;
} cover_vertical_run;

static double cover_vertical_duration(void *self, sh_context *context) {
    (void)context;
    return ((const cover_vertical *)self)->duration;
}

static void cover_vertical_place(void *user) {
    const cover_vertical_run *run = user;
    modal_host->view_set_frame(run->scene.presented, run->scene.presenting ? run->below : run->scene.resting);
}

static void cover_vertical_move(void *user) {
    const cover_vertical_run *run = user;
    modal_host->view_set_frame(run->scene.presented, run->scene.presenting ? run->scene.resting : run->below);
}

static void cover_vertical_rest(void *user) {
    const cover_vertical_run *run = user;
    modal_host->view_set_frame(run->scene.presented, run->scene.resting);
}

static void cover_vertical_completion(void *user, bool finished) {
    (void)finished;
    cover_vertical_run *run = user;
    /* A dismissed view leaves in place, so it looks right if presented again; a cancel
     * is put back by the host. */
    if (!run->scene.presenting && !modal_host->context_transition_was_cancelled(run->scene.context)) {
        modal_host->perform_without_animation(cover_vertical_rest, run);
    }
    modal_complete(run->scene.context);
    free(run);
}

static void cover_vertical_animate(void *self, sh_context *context) {
    const cover_vertical *effect = self;
    const sh_host *host = modal_host;
    cover_vertical_run *run = calloc(1, sizeof *run);
    if (run == NULL || !modal_scene_read(context, &run->scene)) {
        free(run);
        modal_complete(context);
        return;
    }
    double height = host->view_bounds(run->scene.container).size.height;
    run->below = modal_rect_offset(run->scene.resting, 0, height);
    if (run->scene.presenting) host->view_add_subview(run->scene.container, run->scene.presented);
    host->perform_without_animation(cover_vertical_place, run);
    sh_animation animation = modal_animation(effect->duration, SH_CURVE_EASE_IN_OUT, run->scene.interactive);
    host->animate(&animation, cover_vertical_move, cover_vertical_completion, run);
}

static void cover_vertical_destroy(void *self) {
    free(self);
}

SH_EFFECT_FACTORY(COVER_VERTICAL_EFFECT, modal_host) {
    cover_vertical *effect = calloc(1, sizeof *effect);
    if (effect == NULL) return NULL;
    effect->duration = duration;
    effect->table.size = sizeof effect->table;
    effect->table.self = effect;
    effect->table.transition_duration = cover_vertical_duration;
    effect->table.animate_transition = cover_vertical_animate;
    effect->table.destroy = cover_vertical_destroy;
    return &effect->table;
}
