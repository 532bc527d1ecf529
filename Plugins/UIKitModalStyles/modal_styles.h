/*
 * UIKit's own modal transition styles, re-created as effects: what the four share.
 *
 * Each style is one effect that plays both ways: presenting, the presented controller's
 * view arrives; dismissing, it leaves. A custom presentation hands out no view for the
 * presenter (UIKit keeps it in the window under the modal), but UIKit's flip and sheet
 * styles move it all the same, so these effects reach it through its controller and
 * give it back as they found it when the transition ends (the host restores it on a
 * cancel).
 */
#ifndef MODAL_STYLES_H
#define MODAL_STYLES_H

#include <stdbool.h>

#include "stagehand.h"

/* The host's table, saved by init: valid for the life of the process. */
extern const sh_host *modal_host;

/* Whether the host's table has `field` and fills it (a table may be long enough to
 * hold a field its host leaves NULL). */
#define MODAL_HOST_CAN(field) (SH_HOST_HAS(modal_host, field) && modal_host->field != NULL)

/* Both sides of a presentation or a dismissal. */
typedef struct modal_scene {
    sh_context *context;
    sh_view *container;
    sh_controller *presented_controller;
    /* The presented controller's view: arriving when presenting, leaving otherwise. */
    sh_view *presented;
    /* The presenter's view, reached through its controller; may be NULL. */
    sh_view *presenter;
    bool presenting;
    bool interactive;
    /* Where the presented view rests while shown: the context's frame for it, or the
     * container's bounds. */
    sh_rect resting;
} modal_scene;

/* Reads the context; false (and nothing to animate) for an operation that is neither a
 * presentation nor a dismissal, or a context without a presented view. */
bool modal_scene_read(sh_context *context, modal_scene *scene);

/* A zeroed animation of `duration` on `curve` (linear when `interactive`, so the views
 * follow a finger). */
sh_animation modal_animation(double duration, sh_curve curve, bool interactive);

sh_rect modal_rect_offset(sh_rect r, double dx, double dy);
sh_transform3d modal_identity3d(void);
sh_affine modal_affine_identity(void);
sh_affine modal_affine_scale(double s);

/* Completes the transition, reporting a cancel as not completed. */
void modal_complete(sh_context *context);

/* The factories the manifest names. */
sh_effect *cover_vertical_create(double duration);
sh_effect *cross_dissolve_create(double duration);
sh_effect *flip_horizontal_create(double duration, double m34);
sh_effect *page_sheet_create(double duration, double card_top, double corner_radius, double presenter_scale,
                             double dimming, double threshold, double flick_velocity);

#endif /* MODAL_STYLES_H */
