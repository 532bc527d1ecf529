/*
 * page-sheet — UIModalPresentationPageSheet on an iPhone (iOS 13 and later): the
 * presented view rises as a card whose top edge stops `card_top` points below the top
 * of the screen (57: a 47-point status bar plus 10), its top corners rounded
 * (`corner_radius`, 10); behind it the presenter shrinks to `presenter_scale` (0.92)
 * about its centre, its corners rounding too, and a black layer over it fades to
 * `dimming` (0.3). Dismissing reverses all of it, the card sliding off the bottom.
 * A critically damped spring (damping ratio 1) over 0.5 s; linear while a finger drives it.
 *
 * Interactive dismissal, as UIKit's sheet: a downward pan on the card drags it (progress
 * = translation.y / the card's height, the distance it travels to leave); on release
 * the dismissal finishes if the card got past `threshold` (0.5) of the way or the finger
 * was moving down at `flick_velocity` (1000 points per second) or faster, and is
 * cancelled otherwise (see page_sheet_gesture.c).
 *
 * The rounded top corners are a mask (ABI 1.2) that reaches `corner_radius` below the
 * card's bottom edge, so only the top corners are rounded; the dimming layer is a plain
 * view at the back of the presentation's container, over the presenter.
 */
#include <stdlib.h>

#include "page_sheet.h"

typedef struct page_sheet_run {
    modal_scene scene;
    const page_sheet *sheet;
    sh_view *dimming;
    /* The card where it rests, and just below the screen. */
    sh_rect card;
    sh_rect below;
} page_sheet_run;

static double page_sheet_duration(void *self, sh_context *context) {
    (void)context;
    return ((const page_sheet *)self)->duration;
}

static void page_sheet_set_mask(const page_sheet_run *run) {
    if (!MODAL_HOST_CAN(view_set_mask)) {
        modal_host->view_set_corner_radius(run->scene.presented, run->sheet->corner_radius);
        return;
    }
    double r = run->sheet->corner_radius;
    sh_mask mask = {{{0, 0}, {run->card.size.width, run->card.size.height + r}}, r};
    modal_host->view_set_mask(run->scene.presented, &mask);
}

/* Where each view starts. */
static void page_sheet_start(void *user) {
    const page_sheet_run *run = user;
    const sh_host *host = modal_host;
    if (!run->scene.presenting) return;
    host->view_set_frame(run->scene.presented, run->below);
    page_sheet_set_mask(run);
    host->view_set_background_color(run->dimming, (sh_color){0, 0, 0, 1});
    host->view_set_alpha(run->dimming, 0);
}

/* Where each view ends. */
static void page_sheet_move(void *user) {
    const page_sheet_run *run = user;
    const sh_host *host = modal_host;
    bool up = run->scene.presenting;
    host->view_set_frame(run->scene.presented, up ? run->card : run->below);
    if (run->dimming != NULL) host->view_set_alpha(run->dimming, up ? run->sheet->dimming : 0);
    if (run->scene.presenter != NULL) {
        host->view_set_transform(run->scene.presenter, modal_affine_scale(up ? run->sheet->presenter_scale : 1));
        host->view_set_corner_radius(run->scene.presenter, up ? run->sheet->corner_radius : 0);
    }
}

/* A dismissed card leaves as an ordinary full-screen view, should it be presented again
 * some other way. */
static void page_sheet_unmask(void *user) {
    const page_sheet_run *run = user;
    const sh_host *host = modal_host;
    host->view_set_frame(run->scene.presented, run->scene.resting);
    if (MODAL_HOST_CAN(view_set_mask)) host->view_set_mask(run->scene.presented, NULL);
    host->view_set_corner_radius(run->scene.presented, 0);
}

static void page_sheet_completion(void *user, bool finished) {
    (void)finished;
    page_sheet_run *run = user;
    const sh_host *host = modal_host;
    bool cancelled = host->context_transition_was_cancelled(run->scene.context);
    if (run->scene.presenting && cancelled) {
        if (run->dimming != NULL) host->view_remove_from_superview(run->dimming);
        host->view_remove_from_superview(run->scene.presented);
    } else if (!run->scene.presenting && !cancelled) {
        if (run->dimming != NULL) host->view_remove_from_superview(run->dimming);
        host->perform_without_animation(page_sheet_unmask, run);
    }
    modal_complete(run->scene.context);
    free(run);
}

/* The dimming layer a presentation left at the back of the container. */
static sh_view *page_sheet_find_dimming(const modal_scene *scene) {
    const sh_host *host = modal_host;
    size_t count = host->view_subview_count(scene->container);
    for (size_t i = 0; i < count; i++) {
        sh_view *view = host->view_subview_at(scene->container, i);
        if (view != NULL && view != scene->presented) return view;
    }
    return NULL;
}

static void page_sheet_animate(void *self, sh_context *context) {
    const page_sheet *sheet = self;
    const sh_host *host = modal_host;
    page_sheet_run *run = calloc(1, sizeof *run);
    if (run == NULL || !modal_scene_read(context, &run->scene)) {
        free(run);
        modal_complete(context);
        return;
    }
    run->sheet = sheet;
    sh_rect bounds = host->view_bounds(run->scene.container);
    run->card = run->scene.resting;
    run->card.origin.y += sheet->card_top;
    run->card.size.height -= sheet->card_top;
    if (run->card.size.height < 1) run->card.size.height = 1;
    run->below = run->card;
    run->below.origin.y = bounds.origin.y + bounds.size.height;
    if (run->scene.presenting) {
        run->dimming = host->view_create(bounds);
        if (run->dimming != NULL) host->view_add_subview(run->scene.container, run->dimming);
        host->view_add_subview(run->scene.container, run->scene.presented);
    } else {
        run->dimming = page_sheet_find_dimming(&run->scene);
    }
    host->perform_without_animation(page_sheet_start, run);
    sh_animation animation = modal_animation(sheet->duration, SH_CURVE_LINEAR, true);
    if (!run->scene.interactive) {
        animation.flags = SH_ANIMATION_SPRING;
        animation.damping_ratio = 1;
    }
    host->animate(&animation, page_sheet_move, page_sheet_completion, run);
}

static void page_sheet_destroy(void *self) {
    page_sheet_release_gesture(self);
    free(self);
}

SH_EFFECT_FACTORY(PAGE_SHEET_EFFECT, modal_host) {
    page_sheet *sheet = calloc(1, sizeof *sheet);
    if (sheet == NULL) return NULL;
    sheet->duration = duration;
    sheet->card_top = cardTop;
    sheet->corner_radius = cornerRadius;
    sheet->presenter_scale = presenterScale;
    sheet->dimming = dimming;
    sheet->threshold = threshold;
    sheet->flick_velocity = flickVelocity;
    sheet->table.size = sizeof sheet->table;
    sheet->table.self = sheet;
    sheet->table.transition_duration = page_sheet_duration;
    sheet->table.animate_transition = page_sheet_animate;
    sheet->table.animation_ended = page_sheet_animation_ended;
    sheet->table.interaction_controller = page_sheet_interaction_controller;
    sheet->table.attach = page_sheet_attach;
    sheet->table.detach = page_sheet_detach;
    sheet->table.destroy = page_sheet_destroy;
    return &sheet->table;
}
