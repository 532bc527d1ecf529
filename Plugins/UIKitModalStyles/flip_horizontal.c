/*
 * flip-horizontal — UIModalTransitionStyleFlipHorizontal: the screen turns over about
 * its vertical axis like a card, and its back is the other screen. Presenting, the
 * presenter is the face and the presented view its back, turning from the right (the
 * right edge comes toward the viewer); dismissing, the card turns back from the left.
 * Ease-in-out over 0.75 s, seen with perspective m34 (−1/500).
 *
 * Both faces turn together, back to back: the face by θ, the back by θ + π, and each
 * is single-sided (CALayer.isDoubleSided = false, ABI 1.2), so whichever faces the
 * viewer is the one drawn, the swap happening exactly when the card is edge-on.
 *
 * The turn is half a turn less a hair (FLIP_TURN): the host interpolates a rotation
 * along the shorter arc, as Core Animation does, and a half turn exactly has none, so
 * its direction would depend on rounding. Both faces start and end facing away or
 * flat, so the hair never shows: what is left of it at the end is undone when the
 * transition completes.
 */
#include <math.h>
#include <stdlib.h>

#include "modal_styles.h"

#define FLIP_TURN (M_PI - 1e-3)

typedef struct flip_horizontal {
    sh_effect table;
    double duration;
    double m34;
} flip_horizontal;

typedef struct flip_run {
    modal_scene scene;
    double m34;
    /* The face turns from 0 to `face_end`; the back from `back_start` to 0. */
    sh_view *face;
    sh_view *back;
    double face_end;
    double back_start;
} flip_run;

static double flip_horizontal_duration(void *self, sh_context *context) {
    (void)context;
    return ((const flip_horizontal *)self)->duration;
}

/* CATransform3DRotate(perspective, angle, 0, 1, 0), perspective being the identity with
 * m34: the rotation first, then the projection. */
static sh_transform3d flip_turned(double angle, double m34) {
    sh_transform3d t = modal_identity3d();
    double c = cos(angle), s = sin(angle);
    t.m11 = c;
    t.m13 = -s;
    t.m14 = -s * m34;
    t.m31 = s;
    t.m33 = c;
    t.m34 = c * m34;
    return t;
}

static void flip_start(void *user) {
    const flip_run *run = user;
    const sh_host *host = modal_host;
    host->view_set_frame(run->scene.presented, run->scene.resting);
    if (run->face != NULL) {
        host->view_set_double_sided(run->face, false);
        host->view_set_transform3d(run->face, flip_turned(0, run->m34));
    }
    if (run->back != NULL) {
        host->view_set_double_sided(run->back, false);
        host->view_set_transform3d(run->back, flip_turned(run->back_start, run->m34));
    }
}

static void flip_turn(void *user) {
    const flip_run *run = user;
    if (run->face != NULL) modal_host->view_set_transform3d(run->face, flip_turned(run->face_end, run->m34));
    if (run->back != NULL) modal_host->view_set_transform3d(run->back, flip_turned(0, run->m34));
}

/* Both views flat and double-sided again, as every other transition expects them. */
static void flip_flatten(void *user) {
    const flip_run *run = user;
    sh_view *views[2] = {run->face, run->back};
    for (int i = 0; i < 2; i++) {
        if (views[i] == NULL) continue;
        modal_host->view_set_transform3d(views[i], modal_identity3d());
        modal_host->view_set_double_sided(views[i], true);
    }
}

static void flip_completion(void *user, bool finished) {
    (void)finished;
    flip_run *run = user;
    modal_host->perform_without_animation(flip_flatten, run);
    modal_complete(run->scene.context);
    free(run);
}

static void flip_horizontal_animate(void *self, sh_context *context) {
    const flip_horizontal *effect = self;
    const sh_host *host = modal_host;
    flip_run *run = calloc(1, sizeof *run);
    if (run == NULL || !modal_scene_read(context, &run->scene)) {
        free(run);
        modal_complete(context);
        return;
    }
    run->m34 = effect->m34;
    if (run->scene.presenting) {
        /* From the right: the face turns by −θ (its right edge toward the viewer). */
        run->face = run->scene.presenter;
        run->back = run->scene.presented;
        run->face_end = -FLIP_TURN;
        run->back_start = FLIP_TURN;
        host->view_add_subview(run->scene.container, run->scene.presented);
    } else {
        run->face = run->scene.presented;
        run->back = run->scene.presenter;
        run->face_end = FLIP_TURN;
        run->back_start = -FLIP_TURN;
    }
    host->perform_without_animation(flip_start, run);
    sh_animation animation = modal_animation(effect->duration, SH_CURVE_EASE_IN_OUT, run->scene.interactive);
    host->animate(&animation, flip_turn, flip_completion, run);
}

static void flip_horizontal_destroy(void *self) {
    free(self);
}

SH_EFFECT_FACTORY(FLIP_HORIZONTAL_EFFECT, modal_host) {
    if (!MODAL_HOST_CAN(view_set_double_sided)) {
        modal_host->log("flip-horizontal: needs a host with single-sided layers (ABI 1.2)");
        return NULL;
    }
    flip_horizontal *effect = calloc(1, sizeof *effect);
    if (effect == NULL) return NULL;
    effect->duration = duration;
    effect->m34 = m34;
    effect->table.size = sizeof effect->table;
    effect->table.self = effect;
    effect->table.transition_duration = flip_horizontal_duration;
    effect->table.animate_transition = flip_horizontal_animate;
    effect->table.destroy = flip_horizontal_destroy;
    return &effect->table;
}
