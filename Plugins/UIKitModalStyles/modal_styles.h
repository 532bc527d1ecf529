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
#include "stagehand_effect.h"

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

/* The four styles, each declared once (stagehand_effect.h): the manifest entry in
 * modal_styles.c and each factory's exported prototype and bounds check come from
 * these rows. */
#define MODAL_FIELDS \
    SH_FIELD("family", "UIKit modal styles") SH_FIELD("source", "UIKit") SH_FIELD("author", "Stagehand") SH_FIELD("license", "MIT")

#define COVER_VERTICAL_PARAMETERS(NUMBER, VALUE) \
    NUMBER(double, duration, 0.4, 0.01, 10, SH_DESCRIBED("Seconds the slide takes."))

#define COVER_VERTICAL_EFFECT(EFFECT)                                                              \
    EFFECT("cover-vertical", modal, false, cover_vertical_create, COVER_VERTICAL_PARAMETERS,       \
           "UIKit's cover vertical: the presented view slides up from below the screen over the " \
           "presenter, and back down to dismiss, ease-in-out.",                                    \
           MODAL_FIELDS)

#define CROSS_DISSOLVE_PARAMETERS(NUMBER, VALUE) \
    NUMBER(double, duration, 0.4, 0.01, 10, SH_DESCRIBED("Seconds the dissolve takes."))

#define CROSS_DISSOLVE_EFFECT(EFFECT)                                                              \
    EFFECT("cross-dissolve", modal, false, cross_dissolve_create, CROSS_DISSOLVE_PARAMETERS,       \
           "UIKit's cross dissolve: the presented view fades in over the presenter, which stays " \
           "opaque, and fades out to dismiss.",                                                    \
           MODAL_FIELDS)

#define FLIP_HORIZONTAL_PARAMETERS(NUMBER, VALUE)                          \
    NUMBER(double, duration, 0.75, 0.01, 10, SH_DESCRIBED("Seconds the turn takes.")) \
    NUMBER(double, m34, -0.002, -0.01, 0,                                   \
           SH_DESCRIBED("The perspective: -1 over the eye's distance in points."))

#define FLIP_HORIZONTAL_EFFECT(EFFECT)                                                                \
    EFFECT("flip-horizontal", modal, false, flip_horizontal_create, FLIP_HORIZONTAL_PARAMETERS,       \
           "UIKit's flip horizontal: the screen turns over about its vertical axis like a card whose " \
           "back is the presented view (from the right; back from the left to dismiss), perspective " \
           "m34 = -1/500.",                                                                           \
           MODAL_FIELDS)

#define PAGE_SHEET_PARAMETERS(NUMBER, VALUE)                                                        \
    NUMBER(double, duration, 0.5, 0.01, 10, SH_DESCRIBED("Seconds the card takes to rise."))        \
    NUMBER(double, cardTop, 57, 0, 1000, SH_DESCRIBED("Points between the screen's top and the card's.")) \
    NUMBER(double, cornerRadius, 10, 0, 100, SH_DESCRIBED("The card's top corners, in points."))    \
    NUMBER(double, presenterScale, 0.92, 0.1, 1, SH_DESCRIBED("What the presenter shrinks to."))    \
    NUMBER(double, dimming, 0.3, 0, 1, SH_DESCRIBED("The black over the presenter, 0 to 1."))       \
    NUMBER(double, threshold, 0.5, 0, 1, SH_DESCRIBED("How far a pan must go to dismiss, 0 to 1.")) \
    NUMBER(double, flickVelocity, 1000, 0, 100000,                                                  \
           SH_DESCRIBED("Points per second downward that dismiss whatever the distance."))

#define PAGE_SHEET_EFFECT(EFFECT)                                                                    \
    EFFECT("page-sheet", modal, true, page_sheet_create, PAGE_SHEET_PARAMETERS,                      \
           "UIKit's page sheet: a card with rounded top corners rises to 57 points below the top "  \
           "while the presenter shrinks to 92 % and dims; a downward pan dismisses it past half the " \
           "way or when flicked faster than 1000 points per second.",                                \
           MODAL_FIELDS)

#endif /* MODAL_STYLES_H */
