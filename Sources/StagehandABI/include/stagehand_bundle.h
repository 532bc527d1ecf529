/*
 * stagehand_bundle.h — helpers for bundles written in C: checking the host table's size
 * before using a later field, defining the bundle's one exported symbol, small
 * constructors, and driving a transition from a gesture. Included by stagehand.h
 * (include that); nothing here is part of the binary interface: these are macros and
 * inline functions over its types.
 */
#ifndef STAGEHAND_BUNDLE_H
#define STAGEHAND_BUNDLE_H

#include "stagehand.h"

/**
 * Whether `host`'s table is long enough to hold `field` (fields are only appended): test
 * it before calling a function added after 1.0, and fall back when it is absent (a 1.2
 * bundle on a 1.1 host gets a flip without back-face culling rather than a crash):
 *
 *     if (SH_HOST_HAS(host, view_set_double_sided))
 *         host->view_set_double_sided(back_face, false);
 */
#define SH_HOST_HAS(host, field) \
    (offsetof(sh_host, field) + sizeof(((const sh_host *)0)->field) <= (size_t)(host)->size)

/** `gesture_set_maximum_touches`'s "no limit" (1.2; UIKit's default). */
#define SH_TOUCHES_UNLIMITED UINT32_MAX

/**
 * The mask of a circle of `radius` about `center` (1.2): its bounding square with the
 * radius as corner radius. A circular reveal animates from a small circle to one that
 * covers the view:
 *
 *     if (SH_HOST_HAS(host, view_set_mask)) {
 *         sh_mask from = sh_mask_circle(tap, 1), to = sh_mask_circle(tap, 1000);
 *         host->view_set_mask(view, &from);
 *         // inside an animation block:
 *         host->view_set_mask(view, &to);
 *     }
 */
static inline sh_mask sh_mask_circle(sh_point center, double radius) {
    sh_mask m;
    m.rect.origin.x = center.x - radius;
    m.rect.origin.y = center.y - radius;
    m.rect.size.width = 2 * radius;
    m.rect.size.height = 2 * radius;
    m.corner_radius = radius;
    return m;
}

/**
 * The interaction a gesture drives (a pop or a dismissal that follows the finger): what
 * every such effect does against the host table, kept in one place. The effect holds
 * one `sh_gesture_drive` per gesture it installs (zeroed), and from its gesture action:
 *
 *     case SH_GESTURE_BEGAN:   sh_gesture_drive_begin(&drive, host, SH_OPERATION_POP, nav, progress); break;
 *     case SH_GESTURE_CHANGED: sh_gesture_drive_update(&drive, host, progress); break;
 *     case SH_GESTURE_ENDED:   sh_gesture_drive_end(&drive, host, progress > 0.5); break;
 *     case SH_GESTURE_CANCELLED:
 *     case SH_GESTURE_FAILED:  sh_gesture_drive_end(&drive, host, false); break;
 *
 * and from its effect functions: `interaction_controller` returns
 * `sh_gesture_drive_offer(&drive, operation, SH_OPERATION_POP)`, `animation_ended`
 * calls `sh_gesture_drive_let_go`, and `detach` (a finger may still be down) ends the
 * drive cancelled before removing the gesture.
 *
 * Each begin makes a fresh interaction, as UIKit makes a fresh
 * UIPercentDrivenInteractiveTransition per gesture; when the host refuses to start the
 * operation (another transition runs), the previous interaction is kept, since the
 * host may still be running its transition.
 *
 * These functions are the one copy of that state machine: the Swift SDK's
 * `GestureDrivenTransition` and the host's declarative effects drive through them too.
 */
typedef struct sh_gesture_drive {
    /** The interaction of the last transition started, kept until that transition has
     *  ended (set its completion speed or curve here before `sh_gesture_drive_end`). */
    sh_interaction *interaction;
    /** A finger drives it now: between a begin the host accepted and the end. */
    bool driving;
    /** The progress the drive last moved its transition to (0 after a start). */
    double progress;
} sh_gesture_drive;

/** Starts `operation` (SH_OPERATION_POP on a navigation controller, or
 *  SH_OPERATION_DISMISS on a presented one) where it is, at 0: what a gesture that must
 *  not move the transition until the finger moves again begins with (the slide-pop
 *  recipe updates on `changed` only). False, and nothing changed, when the host refuses
 *  or the operation is neither. */
static inline bool sh_gesture_drive_start(sh_gesture_drive *drive, const sh_host *host, sh_operation operation,
                                          sh_controller *vc) {
    if (operation != SH_OPERATION_POP && operation != SH_OPERATION_DISMISS) return false;
    sh_interaction *candidate = host->interaction_create();
    if (candidate == NULL) return false;
    sh_interaction *previous = drive->interaction;
    /* Offered from the moment the operation starts: the host asks for it then. */
    drive->interaction = candidate;
    drive->driving = true;
    bool started = operation == SH_OPERATION_POP ? host->interaction_begin_pop(candidate, vc)
                                                 : host->interaction_begin_dismiss(candidate, vc);
    if (!started) {
        drive->interaction = previous;
        drive->driving = false;
        host->interaction_release(candidate);
        return false;
    }
    /* The host keeps a released interaction alive while its transition runs. */
    if (previous != NULL) host->interaction_release(previous);
    drive->progress = 0;
    return true;
}

/** Starts `operation` as `sh_gesture_drive_start` does, then moves it at once to
 *  `progress` (0...1): the finger's movement the recognizer needed before it began. */
static inline bool sh_gesture_drive_begin(sh_gesture_drive *drive, const sh_host *host, sh_operation operation,
                                          sh_controller *vc, double progress) {
    if (!sh_gesture_drive_start(drive, host, operation, vc)) return false;
    drive->progress = progress;
    host->interaction_update(drive->interaction, progress);
    return true;
}

/** Moves the transition to `progress` while a finger drives it. */
static inline void sh_gesture_drive_update(sh_gesture_drive *drive, const sh_host *host, double progress) {
    if (!drive->driving) return;
    drive->progress = progress;
    host->interaction_update(drive->interaction, progress);
}

/** The finger is gone: finishes the transition or cancels it (a system cancel, a
 *  detach mid-drag). Nothing when no finger drives it. */
static inline void sh_gesture_drive_end(sh_gesture_drive *drive, const sh_host *host, bool finish) {
    if (!drive->driving) return;
    drive->driving = false;
    if (finish) {
        host->interaction_finish(drive->interaction);
    } else {
        host->interaction_cancel(drive->interaction);
    }
}

/** What `interaction_controller` answers for `operation`: the interaction while a
 *  finger drives `driven` (the drive's operation), NULL otherwise (the transition then
 *  plays by itself, as a button's pop does). */
static inline sh_interaction *sh_gesture_drive_offer(const sh_gesture_drive *drive, sh_operation operation,
                                                     sh_operation driven) {
    return operation == driven && drive->driving ? drive->interaction : NULL;
}

/** Releases the interaction once its transition has ended (`animation_ended`, and the
 *  effect's destroy after ending the drive); kept while a finger drives it. */
static inline void sh_gesture_drive_let_go(sh_gesture_drive *drive, const sh_host *host) {
    if (!drive->driving && drive->interaction != NULL) {
        host->interaction_release(drive->interaction);
        drive->interaction = NULL;
    }
}

/**
 * Matched views (1.3): the number of pairs the transition offers, 0 on an older host
 * (play a whole-screen fallback then), and pair `index` with its `size` set for you:
 *
 *     size_t n = sh_matched_pair_count(host, ctx);
 *     for (size_t i = 0; i < n; i++) {
 *         sh_matched_pair pair;
 *         if (!sh_matched_pair_get(host, ctx, i, &pair)) continue;
 *         sh_view *copy = host->context_flying_copy(ctx, pair.source.view);
 *         ... fly `copy` from pair.source.frame to pair.destination.frame ...
 *     }
 */
static inline size_t sh_matched_pair_count(const sh_host *host, sh_context *ctx) {
    return SH_HOST_HAS(host, context_matched_pair_count) ? host->context_matched_pair_count(ctx) : 0;
}

static inline bool sh_matched_pair_get(const sh_host *host, sh_context *ctx, size_t index, sh_matched_pair *out) {
    if (!SH_HOST_HAS(host, context_matched_pair)) return false;
    out->size = (uint32_t)sizeof(sh_matched_pair);
    return host->context_matched_pair(ctx, index, out);
}

/**
 * A cross-fade without the alpha dip (1.3): puts `old_image` and then `new_image` into
 * `holder` (a view of their own, e.g. `view_create`d in the container, so that they
 * add up among themselves and not onto what lies behind; made transparent here) with plus-lighter
 * compositing. Animate `old_image`'s alpha to 0 and `new_image`'s to 1 with the same
 * timing: at every moment they make exactly one image. On an older host they are only
 * added (a normal cross-fade).
 */
static inline void sh_cross_fade_pair(const sh_host *host, sh_view *holder, sh_view *old_image, sh_view *new_image) {
    sh_color clear = {0, 0, 0, 0};
    host->view_set_background_color(holder, clear); /* a made view is drawn as a card otherwise */
    host->view_add_subview(holder, old_image);
    host->view_add_subview(holder, new_image);
    if (SH_HOST_HAS(host, view_set_compositing)) {
        host->view_set_compositing(old_image, SH_COMPOSITING_PLUS_LIGHTER);
        host->view_set_compositing(new_image, SH_COMPOSITING_PLUS_LIGHTER);
    }
}

/**
 * Defines the bundle's one exported symbol in one line: a static `sh_bundle` with this
 * header's ABI version, the manifest (a string constant) and the init/deinit functions,
 * and `stagehand_bundle_entry` returning it.
 *
 *     STAGEHAND_BUNDLE(my_manifest, my_init, NULL)
 *
 * The entry is marked visible, so a bundle built with `-fvisibility=hidden` (which
 * keeps its other symbols private) still exports it. Its factories are called by name
 * too: mark each `__attribute__((visibility("default")))` in such a build.
 */
#define STAGEHAND_BUNDLE(manifest_string, init_fn, deinit_fn)                  \
    STAGEHAND_BUNDLE_DEFINE_(manifest_string, init_fn, deinit_fn, NULL)

/**
 * The same with a 1.2 `init_with_context` (the bundle's context for `bundle_log`, and
 * an error message when it refuses):
 *
 *     static bool my_init(const sh_host *host, sh_bundle_context *bundle,
 *                         const char *path, const char **error_message);
 *     STAGEHAND_BUNDLE_WITH_CONTEXT(my_manifest, my_init, NULL)
 */
#define STAGEHAND_BUNDLE_WITH_CONTEXT(manifest_string, init_fn, deinit_fn)     \
    STAGEHAND_BUNDLE_DEFINE_(manifest_string, NULL, deinit_fn, init_fn)

#define STAGEHAND_BUNDLE_DEFINE_(manifest_string, init_fn, deinit_fn, init_with_context_fn) \
    static const sh_bundle stagehand_bundle_descriptor_ = {                      \
        STAGEHAND_ABI_MAJOR, STAGEHAND_ABI_MINOR, (uint32_t)sizeof(sh_bundle),   \
        (manifest_string), (init_fn), (deinit_fn), (init_with_context_fn)};      \
    __attribute__((visibility("default"))) const sh_bundle *stagehand_bundle_entry(void); \
    __attribute__((visibility("default"))) const sh_bundle *stagehand_bundle_entry(void) \
    { return &stagehand_bundle_descriptor_; }

#endif /* STAGEHAND_BUNDLE_H */
