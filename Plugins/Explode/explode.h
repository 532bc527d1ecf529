/* explode: the effect's state, shared by its animation (explode.c) and the finger that
 * can drive it (explode_gesture.c). */
#ifndef EXPLODE_H
#define EXPLODE_H

#include <stdint.h>

#include "stagehand.h"

/* The host table `init` was given. */
extern const sh_host *explode_host;

/* VCTransitionsLibrary's interaction controllers, any of which pairs with any of its
 * animators: none; its horizontal swipe (a pan anywhere, |travel x| over 200 pt, taking
 * the place of the navigation controller's edge pan); its vertical swipe (|travel y|
 * over 200 pt, a pop beginning only downward); its pinch (1 − scale). */
typedef enum explode_gesture_kind {
    EXPLODE_GESTURE_NONE,
    EXPLODE_GESTURE_HORIZONTAL,
    EXPLODE_GESTURE_VERTICAL,
    EXPLODE_GESTURE_PINCH,
} explode_gesture_kind;

/* One gesture installed on one controller: a navigation controller's view, to pop, or a
 * presented controller's view, to dismiss it. */
typedef struct explode_driver {
    sh_controller *attached;
    sh_gesture *gesture;
    /* The navigation controller's own pop gesture, turned off while a horizontal swipe
     * takes its place, and whether it was on. */
    sh_gesture *replaced_pop;
    bool replaced_pop_was_enabled;
    /* The transition the gesture drives (stagehand_bundle.h), and where the finger last
     * put it. */
    sh_gesture_drive drive;
    double progress;
} explode_driver;

typedef struct explode {
    sh_effect table;
    double duration, tile, spread, max_angle;
    uint64_t seed;
    explode_gesture_kind gesture;
    explode_driver pop, dismissal;
} explode;

/* The kind named `name`; false (with a line in the log) for another name. */
bool explode_gesture_kind_named(const char *name, explode_gesture_kind *kind);

void explode_attach(void *self, sh_controller *vc);
void explode_detach(void *self, sh_controller *vc);
sh_interaction *explode_interaction_controller(void *self, sh_operation operation);
void explode_animation_ended(void *self, bool completed);
/* Removes the gestures and lets the interactions go (for destroy). */
void explode_release_gestures(explode *effect);

#endif
