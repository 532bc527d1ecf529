/* page-sheet: the effect's state, shared by its animation (page_sheet.c) and its
 * dismissing gesture (page_sheet_gesture.c). */
#ifndef PAGE_SHEET_H
#define PAGE_SHEET_H

#include "modal_styles.h"

typedef struct page_sheet {
    sh_effect table;
    double duration;
    /* The card's top edge, in points below the top of the screen. */
    double card_top;
    double corner_radius;
    /* What the presenter shrinks to, and the black over it, while the card is up. */
    double presenter_scale;
    double dimming;
    /* The release rule: finish past `threshold` of the way, or moving down at
     * `flick_velocity` points per second or faster (at 0, any release that is not
     * moving up finishes). */
    double threshold;
    double flick_velocity;

    /* The downward pan on the presented controller's view, while attached. */
    sh_controller *attached;
    sh_gesture *gesture;
    /* The dismissal the pan drives (stagehand_bundle.h). */
    sh_gesture_drive drive;
} page_sheet;

void page_sheet_attach(void *self, sh_controller *vc);
void page_sheet_detach(void *self, sh_controller *vc);
sh_interaction *page_sheet_interaction_controller(void *self, sh_operation operation);
void page_sheet_animation_ended(void *self, bool completed);
/* Removes the gesture and lets the interaction go (for destroy). */
void page_sheet_release_gesture(page_sheet *sheet);

/* Whether a release at `progress` (0...1 of the way down) moving at `velocity_y`
 * (points per second, positive downward) finishes the dismissal. */
bool page_sheet_release_finishes(const page_sheet *sheet, double progress, double velocity_y);

#endif /* PAGE_SHEET_H */
