/*
 * stagehand.h — the only contract between the Stagehand host and an effect bundle.
 *
 * Swift has no stable ABI on Linux, so nothing Swift crosses this boundary: a bundle
 * built by another compiler version, or written in C, Rust or Zig, loads as long as it
 * speaks this header. The shape follows CLAP and SQLite's loadable extensions:
 *
 *   - A bundle exports ONE symbol, `stagehand_bundle_entry`, a function returning a
 *     pointer to a constant `sh_bundle`. Its first fields are the ABI version and the
 *     struct's size, so a host can refuse what it does not understand before touching
 *     anything else.
 *   - The bundle carries its manifest (JSON, UTF-8) in `sh_bundle.manifest`. The host
 *     reads it without running any effect code.
 *   - The host hands its function table (`sh_host`) to `sh_bundle.init`. A bundle links
 *     against nothing of the host's: it calls the host only through that table.
 *   - Each effect is made by a factory symbol named in the manifest, whose parameter
 *     list is declared there too (the host calls it through libffi). A factory returns
 *     an `sh_effect`, a table of the effect's functions.
 *
 * Versioning: a host accepts a bundle whose `abi_major` equals its own and whose
 * `abi_minor` is not newer than its own. History: 1.0 the first; 1.1 appended
 * `sh_host.controller_transition_in_progress`; 1.2 appended the bundle's log, touch
 * counts, the pinch and the layer properties of 3D and masked effects to `sh_host`, and
 * `init_with_context` (context, refusal message) to `sh_bundle`; 1.3 appended matched views
 * (the pairs a transition offers, flying copies, match identifiers) and plus-lighter
 * compositing to `sh_host`. Every struct carries `size`: fields are only
 * ever appended, and a reader must check `size` before reading a field added later.
 *
 * Enumerations: a C enum's size is the compiler's choice (`int` with gcc and clang
 * here, one byte with -fshort-enums; Rust, Zig and C++ declare their own), so from ABI
 * 1.3 on every new enum-valued parameter, return value or field has a fixed-width
 * integer type, never an enum type: a `typedef uint32_t` with its values as macros, as
 * 1.3's `sh_compositing`, or a `uint32_t` naming the enum in a comment, as
 * `sh_animation.curve`. The enum-typed functions of 1.0-1.2 stay as they are (int-sized on every
 * platform Stagehand builds for). A value a reader does not know is refused with a
 * diagnostic, never assumed.
 *
 * Growth by extensions (a plan, not done): until now the table grows by appending.
 * Should it grow unwieldy, or a group of functions become optional per host, it would
 * split as CLAP's `get_extension` does, within ABI 1.x: `sh_host` gains one last
 * function, `const void *(*get_extension)(const char *id)`, which returns a versioned,
 * sized table for an id such as "stagehand.layer/1" (a struct of function pointers
 * whose first fields are `size` and the id's version) or NULL when the host lacks it.
 * A bundle asks once, in `init`, and keeps the pointer (valid for the process); an old
 * host without `get_extension` (checked with SH_HOST_HAS) is a host with no extensions.
 * The functions already in `sh_host` stay where they are, so every 1.x bundle keeps
 * loading; only new groups go into extensions, and a changed extension is a new id,
 * never an edited struct. `sh_bundle` would gain the same function for what a bundle
 * may offer the host, which then carries on without what a bundle returns NULL for.
 *
 * Threading. A host may run several stages (scenes: a window, its clock, its
 * transitions) at once, each driven by one thread at a time, different stages on
 * different threads. Hence, for a bundle:
 *
 *   - Calls for different stages may arrive concurrently, on different threads: two
 *     effects of the same bundle (or two instances of one effect) can be in
 *     `animate_transition` at the same moment, each for its own stage.
 *   - Calls for one stage never overlap: everything an effect instance receives (its
 *     `sh_effect` functions, its animation blocks and completions, its gestures' actions
 *     and `should_begin`) comes from the one thread driving that stage at the time, one
 *     call after another. An effect instance belongs to one stage.
 *   - Call the host only on the thread it called you on, during that call (or a call
 *     nested in it). A call from any other thread -- a thread of the bundle's own, a
 *     stage's handle used on another stage's thread -- is refused: the host changes
 *     nothing, returns a neutral value (NULL, 0, false, a zero struct) and reports the
 *     call, naming the effect (or the bundle's file). `log` is the one exception: it may
 *     be called from any thread. Said during a call, a line joins that stage's
 *     diagnostics; said on a thread of the bundle's own, it is written to the host's
 *     standard error at once, with the bundle's file name, so it is never lost.
 *   - Globals: keep only what is immutable once `init` returns (the host table pointer,
 *     tables of constants), per-stage state reached through `self`, the `user` pointers
 *     and handles, or state you synchronise yourself. `init` is called once per process,
 *     before any other call. No function here may block or sleep.
 *
 * Which thread makes the bundle's lifecycle calls (what this host does today):
 *
 *   - `init` / `init_with_context`: once per process, before any factory, on the thread
 *     that first opens the file in this process: the first load, or, where bundles are
 *     scanned in a child process (the command line does), the first factory call of one
 *     of its effects (the scanning child initialises it too, in its own process). It is
 *     a call for no stage (its log lines go to standard error, named after the file).
 *     Bundles are initialised one at a time.
 *   - Factories: on the thread that asks for the effect, which is the thread driving the
 *     stage the effect is made for (host calls made by a factory act on that stage).
 *     The host also makes one instance, and destroys it at once, when an effect is
 *     chosen for a role, to learn whether the factory accepts its parameters. One
 *     library calls one factory at a time, but a process may hold several libraries (a
 *     test suite does), so two threads can be in the same factory at once: a factory
 *     allocates and fills its table and touches no unsynchronised global.
 *   - `destroy`: when the host lets the effect go (with the delegate that held it, or
 *     the coordinator), on the thread that releases it, which is the thread driving
 *     the effect's stage, as a call for that stage: it may still call the host (remove
 *     its gestures, release its interaction). Never during another call of the same
 *     effect. Also right after the factory, on its thread, for a table the host refuses
 *     (no `transition_duration` or `animate_transition`).
 *   - `deinit`: never called by this host. Bundles stay loaded for the life of the
 *     process, and nothing runs at exit: effects still alive then are not destroyed
 *     either. Keep it NULL, or make it harmless never to run. A host that unloads a
 *     bundle would call it once, on the unloading thread, after the last `destroy`, with
 *     no other call of the bundle in flight.
 *
 * Handles (`sh_view`, `sh_controller`, ...) are numbers the host hands out, never reused
 * while the process lives, not addresses: a handle kept past the life of what it named
 * (a context from a finished transition) is refused as stale, with a diagnostic, and can
 * never name a newer object. The same living object keeps the same handle, so handles
 * may be compared. A NULL handle is accepted everywhere and acts like a message to nil:
 * nothing happens and a neutral value comes back. Indexes and counts are checked: one out
 * of range is reported and answered with NULL (or, for insertions, the nearest end).
 *
 * Numbers: every double a bundle hands the host (in an argument, a struct, or an answer
 * such as `transition_duration`) must be finite and within +-1e9; a duration or delay
 * must be finite and at most 3600 seconds (a negative one means no time). A number that
 * is not is refused before anything uses it, with one warning per effect and property:
 * a setter keeps the old value, an animation makes its changes at once, a duration reads
 * as 0 (see each function for its outcome, and Documentation/Errors.md for the words).
 *
 * Lifetimes: handles are borrowed. A handle passed to a callback is valid for that
 * callback; a handle obtained from a transition context is valid until that transition
 * ends (the host keeps what it handed out alive until then). Strings returned by the
 * host are valid until the next host call on the same thread.
 */
#ifndef STAGEHAND_H
#define STAGEHAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define STAGEHAND_ABI_MAJOR 1
#define STAGEHAND_ABI_MINOR 3

/** The name of the one symbol every bundle exports. */
#define STAGEHAND_ENTRY_SYMBOL "stagehand_bundle_entry"

/* ---------------------------------------------------------------- plain values */

typedef struct sh_point { double x, y; } sh_point;
typedef struct sh_size { double width, height; } sh_size;
typedef struct sh_rect { sh_point origin; sh_size size; } sh_rect;
/** CGAffineTransform's layout: x' = a x + c y + tx, y' = b x + d y + ty. */
typedef struct sh_affine { double a, b, c, d, tx, ty; } sh_affine;
/** CATransform3D's layout (row vectors): m34 is the perspective term. */
typedef struct sh_transform3d {
    double m11, m12, m13, m14;
    double m21, m22, m23, m24;
    double m31, m32, m33, m34;
    double m41, m42, m43, m44;
} sh_transform3d;
/** Straight (not premultiplied) RGBA, each in 0...1. */
typedef struct sh_color { double r, g, b, a; } sh_color;

/* ---------------------------------------------------------------- opaque handles */

typedef struct sh_view sh_view;             /* a view in the host's scene */
typedef struct sh_controller sh_controller; /* a view controller (navigation controllers too) */
typedef struct sh_context sh_context;       /* a transition context */
typedef struct sh_interaction sh_interaction; /* a percent-driven interaction controller */
typedef struct sh_gesture sh_gesture;       /* a gesture recognizer */
typedef struct sh_object sh_object;         /* any host object that can be a gesture target */
typedef struct sh_bundle_context sh_bundle_context; /* which bundle is calling (1.2) */

/* ---------------------------------------------------------------- enumerations */

typedef enum sh_context_key { SH_KEY_FROM = 0, SH_KEY_TO = 1 } sh_context_key;

typedef enum sh_operation {
    SH_OPERATION_NONE = 0,
    SH_OPERATION_PUSH = 1,
    SH_OPERATION_POP = 2,
    SH_OPERATION_PRESENT = 3,
    SH_OPERATION_DISMISS = 4,
    SH_OPERATION_CONTAINER = 5,
} sh_operation;

typedef enum sh_curve {
    SH_CURVE_EASE_IN_OUT = 0, /* UIKit's default for animate(withDuration:) */
    SH_CURVE_EASE_IN = 1,
    SH_CURVE_EASE_OUT = 2,
    SH_CURVE_LINEAR = 3,
    SH_CURVE_CUSTOM = 4,      /* the control points in sh_animation.c1x ... c2y */
} sh_curve;

/** Bits of sh_animation.flags. */
#define SH_ANIMATION_BEGIN_FROM_CURRENT_STATE (1u << 0)
#define SH_ANIMATION_SPRING (1u << 1)        /* UIKit's duration + damping ratio form */
#define SH_ANIMATION_SPRING_PHYSICAL (1u << 2) /* mass / stiffness / damping form */

typedef enum sh_gesture_kind {
    SH_GESTURE_PAN = 0,
    SH_GESTURE_SCREEN_EDGE_PAN = 1,
    SH_GESTURE_PINCH = 2, /* 1.2: two fingers; read gesture_scale / gesture_scale_velocity */
} sh_gesture_kind;

/** Bits of an edge mask, as UIRectEdge. */
#define SH_EDGE_TOP (1u << 0)
#define SH_EDGE_LEFT (1u << 1)
#define SH_EDGE_BOTTOM (1u << 2)
#define SH_EDGE_RIGHT (1u << 3)

typedef enum sh_gesture_state {
    SH_GESTURE_POSSIBLE = 0,
    SH_GESTURE_BEGAN = 1,
    SH_GESTURE_CHANGED = 2,
    SH_GESTURE_ENDED = 3,
    SH_GESTURE_CANCELLED = 4,
    SH_GESTURE_FAILED = 5,
} sh_gesture_state;

/** What a `bundle_log` line is (1.2). Neither makes `stagehand validate` fail: only what
 *  the host itself detects does. */
typedef enum sh_log_level {
    SH_LOG_INFO = 0,
    SH_LOG_WARNING = 1,
} sh_log_level;

/**
 * A view's mask (1.2): only what lies inside this rounded rectangle, in the view's
 * bounds coordinates, is drawn. A rectangle has `corner_radius` 0; a circle of radius r
 * about c is the square {c.x - r, c.y - r, 2r, 2r} with `corner_radius` r. Animatable
 * (the rectangle and the radius are interpolated), so a circle that grows is a mask
 * whose square and radius grow together.
 */
typedef struct sh_mask {
    sh_rect rect;
    double corner_radius;
} sh_mask;

/* ---------------------------------------------------------------- matched views (1.3) */

/**
 * How a view is put onto what lies behind it (1.3). A fixed-width integer, not a C enum,
 * so its size never depends on the compiler. SH_COMPOSITING_PLUS_LIGHTER is CSS's
 * `mix-blend-mode: plus-lighter`: the view's colour is added to what the siblings before
 * it drew, clamped, so two identical images at opacities p and 1 - p make exactly the
 * image (normal compositing lets what lies behind show through: the alpha dip of a
 * semi-transparent cross-fade). The parent of such a view is drawn as an isolated group:
 * the sum is put over what lies behind it, never added to it. Put both images of a
 * cross-fade in one holder view (a `view_create`d one in the container).
 */
typedef uint32_t sh_compositing;
#define SH_COMPOSITING_NORMAL 0u
#define SH_COMPOSITING_PLUS_LIGHTER 1u

/** One side of a matched pair (see sh_matched_pair). */
typedef struct sh_matched_side {
    sh_view *view;          /* the real view, valid until the transition ends */
    sh_rect frame;          /* in the container's coordinates, its screen settled */
    double corner_radius;
    double opacity;         /* its alpha times its ancestors' up to its screen's root */
    bool opaque;            /* opacity 1 and an opaque background colour */
} sh_matched_side;

/**
 * Two views, one in the outgoing and one in the incoming screen, carrying the same match
 * identifier when the transition started (Documentation/MatchedViews.md states how views
 * are paired). Frames are in the container's coordinates as each screen stands settled:
 * the outgoing at its initial frame, the incoming at its final frame. Set `size` to
 * `sizeof(sh_matched_pair)` before asking: the host fills what both know.
 */
typedef struct sh_matched_pair {
    uint32_t size;
    const char *identifier; /* UTF-8; valid until the next host call on this thread */
    sh_matched_side source;      /* the `from` side */
    sh_matched_side destination; /* the `to` side */
} sh_matched_pair;

/* ---------------------------------------------------------------- animation description */

/**
 * One `UIView.animate(...)` call. Zero-initialise, set `size = sizeof(sh_animation)`, then
 * the fields that matter. The spring fields are read only with the matching flag.
 */
typedef struct sh_animation {
    uint32_t size;
    uint32_t flags;
    double duration;        /* seconds; for SH_ANIMATION_SPRING_PHYSICAL, ignored (settling time is used) */
    double delay;           /* seconds */
    uint32_t curve;         /* sh_curve */
    double c1x, c1y, c2x, c2y;
    double damping_ratio;   /* SH_ANIMATION_SPRING: 0 < ratio; 1 = no overshoot */
    double initial_velocity;/* springs: in units of the whole distance per second, as UIKit */
    double mass, stiffness, damping; /* SH_ANIMATION_SPRING_PHYSICAL */
} sh_animation;

typedef void (*sh_animations_fn)(void *user);
typedef void (*sh_completion_fn)(void *user, bool finished);

/* ---------------------------------------------------------------- the host table */

/**
 * Everything a bundle may ask of the host. Passed to `sh_bundle.init`; valid until the
 * bundle is unloaded (the host never unloads a bundle during a run). Check `size`
 * before using a field added in a later minor version.
 */
typedef struct sh_host {
    uint32_t abi_major;
    uint32_t abi_minor;
    uint32_t size;

    /** A diagnostic line, written by the host to its log with the effect's (or, from a
     *  thread of the bundle's own, the bundle file's) name. Callable from any thread. */
    void (*log)(const char *message);

    /* -- views: geometry and state. Setters inside an `animate` block are animated. */
    sh_rect (*view_frame)(sh_view *v);
    void (*view_set_frame)(sh_view *v, sh_rect frame);
    sh_rect (*view_bounds)(sh_view *v);
    void (*view_set_bounds)(sh_view *v, sh_rect bounds);
    sh_point (*view_center)(sh_view *v);
    void (*view_set_center)(sh_view *v, sh_point center);
    sh_affine (*view_transform)(sh_view *v);
    void (*view_set_transform)(sh_view *v, sh_affine t);
    sh_transform3d (*view_transform3d)(sh_view *v);
    void (*view_set_transform3d)(sh_view *v, sh_transform3d t);
    sh_point (*view_anchor_point)(sh_view *v);
    void (*view_set_anchor_point)(sh_view *v, sh_point anchor);
    double (*view_alpha)(sh_view *v);
    void (*view_set_alpha)(sh_view *v, double alpha);
    bool (*view_hidden)(sh_view *v);
    void (*view_set_hidden)(sh_view *v, bool hidden);
    sh_color (*view_background_color)(sh_view *v);
    void (*view_set_background_color)(sh_view *v, sh_color c);
    double (*view_corner_radius)(sh_view *v);
    void (*view_set_corner_radius)(sh_view *v, double radius);
    /** Shadow opacity 0...1 (drawn by the renderer behind the view's shape). */
    double (*view_shadow_opacity)(sh_view *v);
    void (*view_set_shadow_opacity)(sh_view *v, double opacity);

    /* -- views: hierarchy */
    sh_view *(*view_superview)(sh_view *v);
    size_t (*view_subview_count)(sh_view *v);
    sh_view *(*view_subview_at)(sh_view *v, size_t index);
    void (*view_add_subview)(sh_view *parent, sh_view *child);
    void (*view_insert_subview_at)(sh_view *parent, sh_view *child, size_t index);
    void (*view_insert_subview_above)(sh_view *parent, sh_view *child, sh_view *sibling);
    void (*view_insert_subview_below)(sh_view *parent, sh_view *child, sh_view *sibling);
    void (*view_remove_from_superview)(sh_view *v);
    /** A new view copying `v`'s look (snapshotView(afterScreenUpdates:)). Not in any hierarchy. */
    sh_view *(*view_snapshot)(sh_view *v);
    /** A new plain view (dimming layers, shadows). Not in any hierarchy. */
    sh_view *(*view_create)(sh_rect frame);
    /** Converts a point between two views' coordinate spaces (NULL: the window). */
    sh_point (*view_convert_point)(sh_view *from, sh_point p, sh_view *to);

    /* -- animation. Property changes made by `animations` become animations.
     * `animations` (and each keyframe's and `perform_without_animation`'s block) is
     * called before the call returns, never later. `completion` (may be NULL) is called
     * exactly once, on a later frame, never inside the call; `finished` is false when
     * the animations were interrupted. */
    void (*animate)(const sh_animation *a, sh_animations_fn animations, sh_completion_fn completion, void *user);
    /** Keyframes: inside `animations`, call `add_keyframe` for each relative slice. */
    void (*animate_keyframes)(double duration, double delay, sh_animations_fn animations, sh_completion_fn completion, void *user);
    void (*add_keyframe)(double relative_start, double relative_duration, sh_animations_fn animations, void *user);
    /** Runs `changes` with animations disabled (UIView.performWithoutAnimation). */
    void (*perform_without_animation)(sh_animations_fn changes, void *user);

    /* -- the transition context */
    sh_view *(*context_container_view)(sh_context *ctx);
    sh_controller *(*context_view_controller)(sh_context *ctx, sh_context_key key);
    /** NULL where UIKit returns nil (e.g. the presenter's view in a custom presentation). */
    sh_view *(*context_view)(sh_context *ctx, sh_context_key key);
    sh_rect (*context_initial_frame)(sh_context *ctx, sh_controller *vc);
    sh_rect (*context_final_frame)(sh_context *ctx, sh_controller *vc);
    bool (*context_is_animated)(sh_context *ctx);
    bool (*context_is_interactive)(sh_context *ctx);
    bool (*context_transition_was_cancelled)(sh_context *ctx);
    sh_operation (*context_operation)(sh_context *ctx);
    void (*context_complete_transition)(sh_context *ctx, bool did_complete);

    /* -- controllers */
    sh_view *(*controller_view)(sh_controller *vc);
    /** UTF-8; valid until the next host call. */
    const char *(*controller_title)(sh_controller *vc);
    sh_controller *(*controller_navigation_controller)(sh_controller *vc);
    sh_controller *(*controller_presented)(sh_controller *vc);
    sh_controller *(*controller_presenting)(sh_controller *vc);
    bool (*controller_is_navigation_controller)(sh_controller *vc);
    size_t (*navigation_count)(sh_controller *nav);
    sh_controller *(*navigation_at)(sh_controller *nav, size_t index);
    bool (*navigation_is_transitioning)(sh_controller *nav);
    bool (*navigation_bar_hidden)(sh_controller *nav);
    void (*navigation_set_bar_hidden)(sh_controller *nav, bool hidden, bool animated);
    /** Pops the top; returns false where UIKit would do nothing (root, busy). */
    bool (*navigation_pop)(sh_controller *nav, bool animated);
    /** Dismisses what `vc` presented (or `vc` itself if it was presented). */
    void (*controller_dismiss)(sh_controller *vc, bool animated);
    /** UIKit's opt-out: a controller whose key is set says no to full-screen pops. */
    bool (*controller_flag)(sh_controller *vc, const char *key);

    /* -- percent-driven interaction (UIPercentDrivenInteractiveTransition).
     * The bundle owns what `interaction_create` returns and frees it with
     * `interaction_release`; the host keeps a released interaction alive while a
     * transition it drives is still running. A completion curve is one of the named
     * curves (a custom curve reads as ease-in-out). */
    sh_interaction *(*interaction_create)(void);
    void (*interaction_release)(sh_interaction *i);
    void (*interaction_update)(sh_interaction *i, double percent);
    void (*interaction_pause)(sh_interaction *i);
    void (*interaction_finish)(sh_interaction *i);
    void (*interaction_cancel)(sh_interaction *i);
    double (*interaction_percent)(sh_interaction *i);
    void (*interaction_set_completion_speed)(sh_interaction *i, double speed);
    void (*interaction_set_completion_curve)(sh_interaction *i, sh_curve curve);
    void (*interaction_set_wants_interactive_start)(sh_interaction *i, bool wants);
    /**
     * Starts `vc`'s navigation pop (or the dismissal of `vc`, for a presented
     * controller) driven by `i`. Returns false (and starts nothing) where UIKit would
     * refuse: the root, a transition already running.
     */
    bool (*interaction_begin_pop)(sh_interaction *i, sh_controller *nav);
    bool (*interaction_begin_dismiss)(sh_interaction *i, sh_controller *presented);

    /* -- gestures */
    sh_gesture *(*gesture_install)(sh_view *v, sh_gesture_kind kind, uint32_t edges);
    void (*gesture_remove)(sh_gesture *g);
    sh_gesture_state (*gesture_state)(sh_gesture *g);
    sh_point (*gesture_translation)(sh_gesture *g, sh_view *in_view);
    sh_point (*gesture_velocity)(sh_gesture *g, sh_view *in_view);
    sh_point (*gesture_location)(sh_gesture *g, sh_view *in_view);
    void (*gesture_set_enabled)(sh_gesture *g, bool enabled);
    bool (*gesture_enabled)(sh_gesture *g);
    void (*gesture_require_to_fail)(sh_gesture *g, sh_gesture *other);
    /** Called for every state change after `began` (began, changed, ended, cancelled). */
    void (*gesture_set_action)(sh_gesture *g, void (*action)(void *user, sh_gesture *g), void *user);
    /** The delegate's gestureRecognizerShouldBegin. NULL clears it. */
    void (*gesture_set_should_begin)(sh_gesture *g, bool (*should_begin)(void *user, sh_gesture *g), void *user);
    /** A controller's own edge-pan pop gesture. */
    sh_gesture *(*navigation_interactive_pop_gesture)(sh_controller *nav);
    /** The gesture's delegate object (for the pop gesture: the controller's interaction handler). */
    sh_object *(*gesture_delegate)(sh_gesture *g);
    /** Target–action by name, as NSSelectorFromString: false if `target` has no such action. */
    bool (*gesture_add_target_action)(sh_gesture *g, sh_object *target, const char *action);

    /* -- added in ABI 1.1 (check with SH_HOST_HAS before use) */

    /**
     * Whether a transition runs (or waits in the queue) in `vc`'s scene: UIKit's
     * `transitionCoordinator != nil`, widened to the whole window, so a gesture can
     * refuse to begin while a presentation, a push or a pop is under way.
     */
    bool (*controller_transition_in_progress)(sh_controller *vc);

    /* -- added in ABI 1.2 (check with SH_HOST_HAS before use) */

    /**
     * A line from the bundle `bundle` (the context `init_with_context` received), written
     * with the bundle's name and, during a call for an effect, the effect's. Informational:
     * a log line never makes an effect fail validation. Callable from any thread.
     */
    void (*bundle_log)(sh_bundle_context *bundle, sh_log_level level, const char *message);

    /** UIPanGestureRecognizer's minimum/maximumNumberOfTouches (1 and SH_TOUCHES_UNLIMITED
     *  by default). A pan limited to one touch follows the first finger alone. */
    void (*gesture_set_minimum_touches)(sh_gesture *g, uint32_t count);
    void (*gesture_set_maximum_touches)(sh_gesture *g, uint32_t count);
    /** numberOfTouches: the fingers the recognizer is tracking now. */
    uint32_t (*gesture_number_of_touches)(sh_gesture *g);
    /** A pinch's scale (1 at `began`: the fingers' distance over their first distance)
     *  and its velocity in scale per second. 1 and 0 for other kinds. */
    double (*gesture_scale)(sh_gesture *g);
    double (*gesture_scale_velocity)(sh_gesture *g);

    /** CALayer.isDoubleSided (default true): a layer turned away from the viewer (its
     *  back facing the eye after every transform above it) is not drawn when false. */
    bool (*view_double_sided)(sh_view *v);
    void (*view_set_double_sided)(sh_view *v, bool double_sided);
    /** CALayer.sublayerTransform: applied to every subview about the view's anchor point
     *  (its centre by default), after their own transforms (one perspective for several
     *  children, e.g. m34 = -1/500 on the container of a cube's faces). Animatable. */
    sh_transform3d (*view_sublayer_transform)(sh_view *v);
    void (*view_set_sublayer_transform)(sh_view *v, sh_transform3d t);
    /** UIView.clipsToBounds: subviews are drawn only inside the (rounded) bounds. */
    bool (*view_clips_to_bounds)(sh_view *v);
    void (*view_set_clips_to_bounds)(sh_view *v, bool clips);
    /** The view's mask (see sh_mask): false when it has none. */
    bool (*view_mask)(sh_view *v, sh_mask *out);
    /** Sets the mask (animatable from a previous mask; a first mask is set at once);
     *  NULL removes it at once. A non-finite number or a negative radius is refused. */
    void (*view_set_mask)(sh_view *v, const sh_mask *mask);
    /**
     * resizableSnapshotView(from:afterScreenUpdates:withCapInsets:) without cap insets: a
     * new view showing the part `rect` (in `v`'s bounds coordinates) of `v`'s look, its
     * frame {0, 0, rect.size}. Not in any hierarchy. NULL for an empty or non-finite rect.
     */
    sh_view *(*view_resizable_snapshot)(sh_view *v, sh_rect rect);
    /** Shadow radius (blur, 3), offset ({0, -3}) and colour (black): CALayer's defaults. Animatable. */
    double (*view_shadow_radius)(sh_view *v);
    void (*view_set_shadow_radius)(sh_view *v, double radius);
    sh_size (*view_shadow_offset)(sh_view *v);
    void (*view_set_shadow_offset)(sh_view *v, sh_size offset);
    sh_color (*view_shadow_color)(sh_view *v);
    void (*view_set_shadow_color)(sh_view *v, sh_color color);
    /** CALayer.zPosition: siblings are drawn in increasing zPosition, then in subview
     *  order; it also moves the layer along z under a perspective. Animatable. */
    double (*view_z_position)(sh_view *v);
    void (*view_set_z_position)(sh_view *v, double z);

    /* -- added in ABI 1.3 (check with SH_HOST_HAS before use): matched views */

    /** How many pairs of matched views the transition offers (0: none; the effect then
     *  plays a whole-screen fallback). */
    size_t (*context_matched_pair_count)(sh_context *ctx);
    /** Pair `index` (0 ..< count, in the order of their incoming views) into `*out`
     *  (whose `size` the caller set). False, `*out` untouched, for an index out of range. */
    bool (*context_matched_pair)(sh_context *ctx, size_t index, sh_matched_pair *out);
    /**
     * A flying copy of `v` (Hero's default snapshot): what `v` shows now, without the
     * views of other pairs inside it (they fly on their own), its transform and alpha
     * reset, its frame `v`'s frame in the container with its screen settled. In no
     * hierarchy: add it to the container. NULL for a NULL or unknown view.
     */
    sh_view *(*context_flying_copy)(sh_context *ctx, sh_view *v);
    /**
     * Moves the real `v`, a view of one of the transition's pairs, into the container at
     * its settled frame with an identity transform, to fly itself (content that changes
     * keeps changing). Whatever the effect does to a matched view, it is back in its
     * place, as it was, when the transition ends either way. False, nothing done, for a
     * view of no pair.
     */
    bool (*context_take_view)(sh_context *ctx, sh_view *v);
    /** `v`'s frame in the container's coordinates as its screen stands settled (any view
     *  of either screen; another view: where it is now). */
    sh_rect (*context_settled_frame)(sh_context *ctx, sh_view *v);
    /** The view's match identifier (UTF-8, valid until the next host call on this
     *  thread), or NULL when it has none. */
    const char *(*view_match_id)(sh_view *v);
    /** Sets the identifier (copied); NULL or "" removes it. Pairs are made when a
     *  transition starts: set identifiers before. */
    void (*view_set_match_id)(sh_view *v, const char *identifier);
    /** SH_COMPOSITING_NORMAL or SH_COMPOSITING_PLUS_LIGHTER; another value is refused. */
    sh_compositing (*view_compositing)(sh_view *v);
    void (*view_set_compositing)(sh_view *v, sh_compositing mode);
} sh_host;

/* ---------------------------------------------------------------- the effect table */

/*
 * Factories. A factory is an exported C function named by `factory` in the manifest (see
 * Documentation/Manifest.md). It takes the manifest's declared parameters, in order, with
 * these C types, and returns `sh_effect *` (NULL on failure; the host reports it):
 *
 *     double -> double      float -> float      int32 -> int32_t     int64 -> int64_t
 *     uint32 -> uint32_t    bool -> bool        string -> const char * (UTF-8)
 *
 * A `string` argument is valid only during the call: copy what you keep. Which thread
 * calls a factory, and when: see the lifecycle calls at the top. The host calls
 * a factory only after `init` succeeded, and only when the catalog's declaration of the
 * effect (if it has one) agrees with the manifest's on the factory, the kind, and the
 * parameter names and types.
 */

/**
 * An effect, made by a factory. The host calls these on the thread driving the effect's
 * stage (see Threading at the top; one stage per effect instance); `self` is the
 * effect's own state. An effect lives until `destroy` (the host calls it when the
 * effect is no longer used; an effect may be asked for many transitions before that).
 */
typedef struct sh_effect {
    uint32_t size;
    void *self;

    /** UIViewControllerAnimatedTransitioning.transitionDuration(using:) */
    double (*transition_duration)(void *self, sh_context *ctx);
    /** animateTransition(using:); must lead to `context_complete_transition`. */
    void (*animate_transition)(void *self, sh_context *ctx);
    /** Optional: animationEnded(_:). */
    void (*animation_ended)(void *self, bool completed);

    /**
     * Optional: the interaction controller for a transition about to start, or NULL for
     * a non-interactive one. UIKit asks only when an animation controller exists.
     */
    sh_interaction *(*interaction_controller)(void *self, sh_operation operation);

    /**
     * Optional, for effects that drive a transition from a gesture: called when the
     * effect is chosen for a controller (a navigation controller for interactive pops, a
     * presented controller for interactive dismissals) and when it stops being used.
     */
    void (*attach)(void *self, sh_controller *vc);
    void (*detach)(void *self, sh_controller *vc);

    /** Frees `self`. Its thread: see the lifecycle calls at the top. */
    void (*destroy)(void *self);
} sh_effect;

/* ---------------------------------------------------------------- the bundle entry */

typedef struct sh_bundle {
    uint32_t abi_major;   /* STAGEHAND_ABI_MAJOR the bundle was built against */
    uint32_t abi_minor;
    uint32_t size;        /* sizeof(sh_bundle) as the bundle knows it */

    /** The manifest, UTF-8 JSON; static storage. See Documentation/Manifest.md. */
    const char *manifest;

    /**
     * Called once per process, before any factory, with the host's table and the bundle's
     * path (a host that loads the same file again reuses the first outcome).
     * Return false to refuse (the host reports it and skips the bundle).
     */
    bool (*init)(const sh_host *host, const char *bundle_path);
    /** For a host that unloads bundles: never called by this one (see the lifecycle
     *  calls at the top). May be NULL. */
    void (*deinit)(void);

    /* -- added in ABI 1.2; the host reads it only from a bundle whose `size` covers it */

    /**
     * Replaces `init` when not NULL (then `init` may be NULL): the same call, plus
     * `bundle`, this bundle's context for `sh_host.bundle_log` (valid for the life of the
     * process), and `error_message`: on refusal, set `*error_message` to a UTF-8 line
     * saying why (static storage, or storage that lives until `deinit`; the host copies
     * it when the call returns) and the host reports it with the bundle's name.
     */
    bool (*init_with_context)(const sh_host *host, sh_bundle_context *bundle,
                              const char *bundle_path, const char **error_message);
} sh_bundle;

/** The entry symbol's type: `const sh_bundle *stagehand_bundle_entry(void);` */
typedef const sh_bundle *(*sh_bundle_entry_fn)(void);

/* SH_HOST_HAS, STAGEHAND_BUNDLE and the other helpers of C bundles (macros and inline
 * functions over the types above) are in a header of their own. */
#include "stagehand_bundle.h"

#ifdef __cplusplus
}
#endif

#endif /* STAGEHAND_H */
