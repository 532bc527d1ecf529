/*
 * explode's interactive pop and dismissal: VCTransitionsLibrary's swipe and pinch
 * interaction controllers, which the library pairs with any of its animators.
 *
 * The progress is the finger's travel along the gesture's axis over 200 points (either
 * way), or 1 − scale for the pinch; a release past half way (strictly) finishes, at or
 * before it cancels, and a gesture the system cancels cancels. The rest of the way
 * plays at the speed 1 − progress (the library's completionSpeed). While driven, the
 * animation is linear (explode.c), so the tiles follow the finger.
 *
 * Each gesture drives its transition with stagehand_bundle.h's sh_gesture_drive (begin
 * with a fresh interaction, update as the finger moves, finish or cancel on release,
 * cancel when the effect is detached mid-gesture, release once the transition has
 * ended).
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "explode.h"

/* The library's constants: the travel for the whole transition, and the release rule. */
#define EXPLODE_SWIPE_DISTANCE 200.0
#define EXPLODE_THRESHOLD 0.5

bool explode_gesture_kind_named(const char *name, explode_gesture_kind *kind) {
    static const char *const names[] = {"none", "horizontal", "vertical", "pinch"};
    for (int i = 0; i < 4; i++) {
        if (name != NULL && strcmp(name, names[i]) == 0) {
            *kind = (explode_gesture_kind)i;
            return true;
        }
    }
    /* Worded as the SDK words a refused choice for the Swift animators of the family. */
    char line[200];
    snprintf(line, sizeof line,
             "explode: parameter gesture is \"%.80s\", not one of \"none\", \"horizontal\", \"vertical\", \"pinch\"; "
             "the factory explode_create returns NULL", name != NULL ? name : "(null)");
    explode_host->log(line);
    return false;
}

static bool explode_is_dismissal(const explode *effect, const explode_driver *driver) {
    return driver == &effect->dismissal;
}

static double explode_progress(const explode *effect, sh_gesture *gesture) {
    const sh_host *host = explode_host;
    double progress;
    switch (effect->gesture) {
    case EXPLODE_GESTURE_PINCH: progress = 1 - host->gesture_scale(gesture); break;
    case EXPLODE_GESTURE_VERTICAL: progress = fabs(host->gesture_translation(gesture, NULL).y) / EXPLODE_SWIPE_DISTANCE; break;
    default: progress = fabs(host->gesture_translation(gesture, NULL).x) / EXPLODE_SWIPE_DISTANCE; break;
    }
    if (!(progress > 0)) return 0;
    return progress > 1 ? 1 : progress;
}

/* The driver a gesture belongs to: found through the effect, which is the user. */
static explode_driver *explode_driver_of(explode *effect, sh_gesture *gesture) {
    if (effect->pop.gesture == gesture) return &effect->pop;
    if (effect->dismissal.gesture == gesture) return &effect->dismissal;
    return NULL;
}

/* The rules every such gesture follows: nothing running there, something to pop (or
 * still presented); and a vertical swipe pops only downward. */
static bool explode_should_begin(void *user, sh_gesture *gesture) {
    explode *effect = user;
    const sh_host *host = explode_host;
    explode_driver *driver = explode_driver_of(effect, gesture);
    if (driver == NULL || driver->attached == NULL) return false;
    if (SH_HOST_HAS(host, controller_transition_in_progress) && host->controller_transition_in_progress(driver->attached)) {
        return false;
    }
    if (explode_is_dismissal(effect, driver)) return host->controller_presenting(driver->attached) != NULL;
    if (host->navigation_count(driver->attached) < 2) return false;
    if (effect->gesture == EXPLODE_GESTURE_VERTICAL) {
        return host->gesture_translation(gesture, NULL).y > 0 || host->gesture_velocity(gesture, NULL).y > 0;
    }
    return true;
}

/* The rest of the way plays at 1 − progress (the library's completionSpeed). */
static void explode_end(explode_driver *driver, bool finishing) {
    const sh_host *host = explode_host;
    if (!driver->drive.driving) return;
    double speed = 1 - driver->progress;
    host->interaction_set_completion_speed(driver->drive.interaction, speed > 0.01 ? speed : 0.01);
    sh_gesture_drive_end(&driver->drive, host, finishing);
}

static void explode_action(void *user, sh_gesture *gesture) {
    explode *effect = user;
    const sh_host *host = explode_host;
    explode_driver *driver = explode_driver_of(effect, gesture);
    if (driver == NULL) return;
    switch (host->gesture_state(gesture)) {
    case SH_GESTURE_BEGAN:
        /* Read before the transition starts and moves things. */
        driver->progress = explode_progress(effect, gesture);
        sh_gesture_drive_begin(&driver->drive, host, explode_is_dismissal(effect, driver) ? SH_OPERATION_DISMISS : SH_OPERATION_POP,
                               driver->attached, driver->progress);
        break;
    case SH_GESTURE_CHANGED:
        if (!driver->drive.driving) break;
        driver->progress = explode_progress(effect, gesture);
        sh_gesture_drive_update(&driver->drive, host, driver->progress);
        break;
    case SH_GESTURE_ENDED:
        /* Decided where the finger let go; the rest plays from where it last moved. */
        if (!driver->drive.driving) break;
        driver->progress = explode_progress(effect, gesture);
        explode_end(driver, driver->progress > EXPLODE_THRESHOLD);
        break;
    case SH_GESTURE_CANCELLED:
    case SH_GESTURE_FAILED:
        explode_end(driver, false);
        break;
    case SH_GESTURE_POSSIBLE:
        break;
    }
}

static void explode_detach_driver(explode_driver *driver) {
    const sh_host *host = explode_host;
    if (driver->gesture == NULL) return;
    sh_gesture_drive_end(&driver->drive, host, false);
    host->gesture_remove(driver->gesture);
    if (driver->replaced_pop != NULL) host->gesture_set_enabled(driver->replaced_pop, driver->replaced_pop_was_enabled);
    driver->gesture = NULL;
    driver->replaced_pop = NULL;
    driver->attached = NULL;
}

/* A presented controller gets the dismissing gesture; a navigation controller that is
 * not presented, the popping one. */
void explode_attach(void *self, sh_controller *vc) {
    explode *effect = self;
    const sh_host *host = explode_host;
    if (effect->gesture == EXPLODE_GESTURE_NONE || vc == NULL) return;
    bool dismissal = host->controller_presenting(vc) != NULL;
    if (!dismissal && !host->controller_is_navigation_controller(vc)) return;
    explode_driver *driver = dismissal ? &effect->dismissal : &effect->pop;
    if (driver->attached == vc) return;
    explode_detach_driver(driver);
    bool pinch = effect->gesture == EXPLODE_GESTURE_PINCH;
    sh_view *view = host->controller_view(vc);
    sh_gesture *gesture = NULL;
    if (view != NULL && (!pinch || SH_HOST_HAS(host, gesture_scale))) {
        gesture = host->gesture_install(view, pinch ? SH_GESTURE_PINCH : SH_GESTURE_PAN, 0);
    }
    if (gesture == NULL) {
        host->log(pinch ? "explode: could not install a pinch (the host may be older than ABI 1.2)"
                        : "explode: could not install a pan on the controller's view");
        return;
    }
    driver->attached = vc;
    driver->gesture = gesture;
    host->gesture_set_should_begin(gesture, explode_should_begin, effect);
    host->gesture_set_action(gesture, explode_action, effect);
    if (!dismissal && effect->gesture == EXPLODE_GESTURE_HORIZONTAL) {
        /* The swipe takes the same finger the edge pan would: it takes its place. */
        sh_gesture *system_pop = host->navigation_interactive_pop_gesture(vc);
        if (system_pop != NULL) {
            driver->replaced_pop = system_pop;
            driver->replaced_pop_was_enabled = host->gesture_enabled(system_pop);
            host->gesture_set_enabled(system_pop, false);
        }
    }
}

void explode_detach(void *self, sh_controller *vc) {
    explode *effect = self;
    if (effect->pop.attached == vc) explode_detach_driver(&effect->pop);
    if (effect->dismissal.attached == vc) explode_detach_driver(&effect->dismissal);
}

sh_interaction *explode_interaction_controller(void *self, sh_operation operation) {
    const explode *effect = self;
    sh_interaction *pop = sh_gesture_drive_offer(&effect->pop.drive, operation, SH_OPERATION_POP);
    return pop != NULL ? pop : sh_gesture_drive_offer(&effect->dismissal.drive, operation, SH_OPERATION_DISMISS);
}

void explode_animation_ended(void *self, bool completed) {
    (void)completed;
    explode *effect = self;
    sh_gesture_drive_let_go(&effect->pop.drive, explode_host);
    sh_gesture_drive_let_go(&effect->dismissal.drive, explode_host);
}

void explode_release_gestures(explode *effect) {
    explode_detach_driver(&effect->pop);
    explode_detach_driver(&effect->dismissal);
    sh_gesture_drive_let_go(&effect->pop.drive, explode_host);
    sh_gesture_drive_let_go(&effect->dismissal.drive, explode_host);
}
