/*
 * explode — VCTransitionsLibrary's and IBAnimatable's Explode animator: the from-view
 * breaks into square tiles, snapshots of its parts, that fly apart, each moved by a
 * random offset, turned by a random angle, shrunk to nothing and faded out, uncovering
 * the to-view. A pop or a dismissal plays it backwards: the to-view's tiles fly in
 * from their scattered places and assemble over the from-view.
 *
 * Deterministic: the random numbers come from a generator seeded by the `seed`
 * parameter (SplitMix64), so a run, a test and a picture always show the same
 * explosion. Tile i — counted down the first column, then the next (x outer, y inner,
 * as the library makes them) — takes three draws from the generator, in this order: its
 * horizontal offset and its vertical offset, each uniform in [-spread, spread], then
 * its angle, uniform in [-max_angle, max_angle] degrees. A draw is the generator's next
 * 64-bit value v as u = (v >> 11) · 2^-53, in [0, 1), mapped to min + u·(max − min).
 *
 * Each tile ends scaled to 0.001 of its size rather than 0 (which has no rotation left
 * to interpolate: it would shrink without turning), with its angle within half a turn
 * (a transform knows where it points, not how many turns took it there). The libraries
 * draw the angle in radians in [-10, 10]; half a turn either way is as far as a turn
 * can show. Ease in and out over the duration (1 s, the libraries'); linear while a
 * finger drives it (`gesture`: the library's swipes and pinch, explode_gesture.c).
 *
 * Written in C against stagehand.h alone: 200 tiles are 200 snapshots and 400
 * animations a frame, which the host runs in well under a millisecond of engine time
 * (`stagehand bench`, explode_200_frame_ms). Tiles are at least 30 points (at most
 * about 400 of them on a phone's screen) and the duration at most 5 s: every tile is
 * a view each frame draws and each trace records.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "explode.h"
#include "stagehand_effect.h"

/* The effect, declared once (stagehand_effect.h): the manifest entry, the exported
 * factory's prototype and its bounds check all come from these two rows. */
#define EXPLODE_PARAMETERS(NUMBER, VALUE)                                                        \
    NUMBER(double, duration, 1.0, 0.01, 5, SH_DESCRIBED("Seconds the tiles fly for."))            \
    NUMBER(double, tile, 39, 30, 1000, SH_DESCRIBED("A tile's side, in points."))                 \
    NUMBER(double, spread, 100, 0, 2000, SH_DESCRIBED("How far a tile flies each way, in points.")) \
    NUMBER(double, max_angle, 180, 0, 180, SH_DESCRIBED("The most a tile turns, in degrees."))    \
    NUMBER(int64, seed, 1, 0, 9007199254740991, SH_DESCRIBED("Where the tiles' random paths start: the same seed, the same run.")) \
    VALUE(string, gesture, "horizontal", SH_CHOICES("none", "horizontal", "vertical", "pinch")    \
          SH_DESCRIBED("What a finger does to drive a pop or a dismissal."))

#define EXPLODE_EFFECT(EFFECT)                                                                           \
    EFFECT("explode", any, true, explode_create, EXPLODE_PARAMETERS,                                    \
           "The from-view breaks into square tiles of `tile` points (a tenth of a 390-point screen), "    \
           "snapshots of its parts, that fly apart by up to `spread` points each way, turning up to "     \
           "`max_angle` degrees, shrinking and fading over 1 s (ease in and out); a pop or a dismissal "  \
           "assembles the to-view's tiles instead. Seeded (`seed`): every run is the same. gesture: "   \
           "none, horizontal, vertical or pinch (VCTransitionsLibrary's swipes: 200 pt for the whole "   \
           "way; its pinch: 1 − scale; each finishing past half).",                                    \
           SH_FIELD("family", "VCTransitionsLibrary")                                                    \
           SH_FIELD("source", "VCTransitionsLibrary CEExplodeAnimationController, IBAnimatable Explode") \
           SH_FIELD("author", "Stagehand") SH_FIELD("license", "MIT"))

/* What a tile shrinks to: see the top of the file. */
#define EXPLODE_END_SCALE 0.001

static const char explode_manifest[] = SH_BUNDLE_MANIFEST("Explode", "1.0.0", SH_EFFECT_JSON(EXPLODE_EFFECT));

const sh_host *explode_host;

static bool explode_init(const sh_host *host, const char *bundle_path) {
    (void)bundle_path;
    /* The snapshots of a rectangle are the newest call used: ABI 1.2. */
    if (host == NULL || host->abi_major != STAGEHAND_ABI_MAJOR || !SH_HOST_HAS(host, view_resizable_snapshot)) {
        return false;
    }
    explode_host = host;
    return true;
}

/* One tile: its snapshot and where it goes (or comes from). */
typedef struct explode_tile {
    sh_view *view;
    sh_affine scattered;
    double scattered_alpha;
} explode_tile;

/* One transition: lives from animate_transition to the completion. */
typedef struct explode_run {
    sh_context *context;
    sh_view *from, *to;
    sh_rect from_frame, to_frame;
    bool forward;
    size_t count;
    explode_tile tiles[];
} explode_run;

/* SplitMix64: the whole state is one counter, so a seed names a sequence. */
static uint64_t explode_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static double explode_uniform(uint64_t *state, double min, double max) {
    double u = (double)(explode_next(state) >> 11) * 0x1.0p-53;
    return min + u * (max - min);
}

/* rotate(angle) · scale(s) · translate(dx, dy), as CGAffineTransform composes them for
 * a point: scaled and turned about the tile's centre, then moved. */
static sh_affine explode_scatter(double dx, double dy, double angle, double s) {
    double c = cos(angle), n = sin(angle);
    sh_affine t = {s * c, s * n, -s * n, s * c, dx, dy};
    return t;
}

static const sh_affine explode_identity = {1, 0, 0, 1, 0, 0};

static double explode_transition_duration(void *self, sh_context *context) {
    (void)context;
    return ((const explode *)self)->duration;
}

/* Inside `animate`: every tile to its other end. */
static void explode_animations(void *user) {
    const explode_run *run = user;
    const sh_host *host = explode_host;
    for (size_t i = 0; i < run->count; i++) {
        const explode_tile *tile = &run->tiles[i];
        host->view_set_transform(tile->view, run->forward ? tile->scattered : explode_identity);
        host->view_set_alpha(tile->view, run->forward ? tile->scattered_alpha : 1.0);
    }
}

static void explode_completion(void *user, bool finished) {
    (void)finished;
    explode_run *run = user;
    const sh_host *host = explode_host;
    for (size_t i = 0; i < run->count; i++) host->view_remove_from_superview(run->tiles[i].view);
    /* Both views shown, where they belong; on a cancel the host also restores them. */
    host->view_set_hidden(run->from, false);
    host->view_set_hidden(run->to, false);
    host->view_set_frame(run->from, run->from_frame);
    host->view_set_frame(run->to, run->to_frame);
    bool cancelled = host->context_transition_was_cancelled(run->context);
    host->context_complete_transition(run->context, !cancelled);
    free(run);
}

/* The context's view for `key`, or (for the presenter of a custom presentation, which
 * the context does not give) its controller's. */
static sh_view *explode_view(sh_context *context, sh_context_key key, sh_controller **controller) {
    const sh_host *host = explode_host;
    *controller = host->context_view_controller(context, key);
    sh_view *view = host->context_view(context, key);
    if (view == NULL && *controller != NULL) view = host->controller_view(*controller);
    return view;
}

static void explode_animate_transition(void *self, sh_context *context) {
    const explode *effect = self;
    const sh_host *host = explode_host;
    if (host == NULL) return;

    sh_controller *from_controller, *to_controller;
    sh_view *from = explode_view(context, SH_KEY_FROM, &from_controller);
    sh_view *to = explode_view(context, SH_KEY_TO, &to_controller);
    sh_view *container = host->context_container_view(context);
    if (from == NULL || to == NULL || container == NULL) {
        host->context_complete_transition(context, !host->context_transition_was_cancelled(context));
        return;
    }
    sh_operation operation = host->context_operation(context);
    bool forward = operation != SH_OPERATION_POP && operation != SH_OPERATION_DISMISS;
    sh_rect bounds = host->view_bounds(container);
    sh_rect from_frame = host->context_initial_frame(context, from_controller);
    if (from_frame.size.width <= 0) from_frame = host->view_frame(from);
    sh_rect to_frame = host->context_final_frame(context, to_controller);
    if (to_frame.size.width <= 0) to_frame = bounds;

    /* The view that breaks (forwards) or assembles (backwards), and where it is. */
    sh_view *source = forward ? from : to;
    sh_rect frame = forward ? from_frame : to_frame;
    size_t columns = (size_t)ceil(frame.size.width / effect->tile);
    size_t rows = (size_t)ceil(frame.size.height / effect->tile);
    size_t count = columns * rows;
    explode_run *run = malloc(sizeof *run + count * sizeof(explode_tile));
    if (run == NULL) {
        host->context_complete_transition(context, false);
        return;
    }
    run->context = context;
    run->from = from;
    run->to = to;
    run->from_frame = from_frame;
    run->to_frame = to_frame;
    run->forward = forward;
    run->count = 0;

    /* The to-view in place: beneath the from-view forwards, on top backwards (hidden
     * while its tiles assemble). A dismissal's to-view is the presenter's, already in
     * the window under the container. */
    host->view_set_frame(to, to_frame);
    if (operation != SH_OPERATION_DISMISS) {
        if (host->view_superview(from) == container) {
            if (forward) host->view_insert_subview_below(container, to, from);
            else host->view_insert_subview_above(container, to, from);
        } else {
            host->view_add_subview(container, to);
        }
    }

    uint64_t state = effect->seed;
    double angle_limit = effect->max_angle * M_PI / 180.0;
    for (size_t column = 0; column < columns; column++) {
        for (size_t row = 0; row < rows; row++) {
            double x = (double)column * effect->tile, y = (double)row * effect->tile;
            sh_rect part = {{x, y}, {fmin(effect->tile, frame.size.width - x), fmin(effect->tile, frame.size.height - y)}};
            double dx = explode_uniform(&state, -effect->spread, effect->spread);
            double dy = explode_uniform(&state, -effect->spread, effect->spread);
            double angle = explode_uniform(&state, -angle_limit, angle_limit);
            sh_view *snapshot = host->view_resizable_snapshot(source, part);
            if (snapshot == NULL) continue;
            sh_rect placed = {{frame.origin.x + x, frame.origin.y + y}, part.size};
            host->view_set_frame(snapshot, placed);
            explode_tile *tile = &run->tiles[run->count++];
            tile->view = snapshot;
            tile->scattered = explode_scatter(dx, dy, angle, EXPLODE_END_SCALE);
            tile->scattered_alpha = 0.0;
            if (!forward) {
                host->view_set_transform(snapshot, tile->scattered);
                host->view_set_alpha(snapshot, 0.0);
            }
            host->view_add_subview(container, snapshot);
        }
    }
    /* The tiles stand in for the view they show. */
    host->view_set_hidden(source, true);

    sh_animation animation = {0};
    animation.size = sizeof animation;
    animation.duration = effect->duration;
    animation.curve = host->context_is_interactive(context) ? SH_CURVE_LINEAR : SH_CURVE_EASE_IN_OUT;
    host->animate(&animation, explode_animations, explode_completion, run);
}

static void explode_destroy(void *self) {
    explode_release_gestures(self);
    free(self);
}

/* The factory the manifest names, `explode_create(duration, tile, spread, max_angle,
 * seed, gesture)`: the wrapper has checked every argument against its bounds; an
 * unknown gesture is refused here. */
SH_EFFECT_FACTORY(EXPLODE_EFFECT, explode_host) {
    explode_gesture_kind kind;
    if (!explode_gesture_kind_named(gesture, &kind)) return NULL;
    explode *effect = calloc(1, sizeof *effect);
    if (effect == NULL) return NULL;
    effect->gesture = kind;
    effect->duration = duration;
    effect->tile = tile;
    effect->spread = spread;
    effect->max_angle = max_angle;
    effect->seed = (uint64_t)seed;
    effect->table.size = sizeof effect->table;
    effect->table.self = effect;
    effect->table.transition_duration = explode_transition_duration;
    effect->table.animate_transition = explode_animate_transition;
    effect->table.destroy = explode_destroy;
    effect->table.interaction_controller = explode_interaction_controller;
    effect->table.animation_ended = explode_animation_ended;
    effect->table.attach = explode_attach;
    effect->table.detach = explode_detach;
    return &effect->table;
}

STAGEHAND_BUNDLE(explode_manifest, explode_init, NULL)
