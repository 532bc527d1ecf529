/*
 * stagehand_bundle.h — helpers for bundles written in C: checking the host table's size
 * before using a later field, defining the bundle's one exported symbol, and small
 * constructors. Included by stagehand.h (include that); nothing here is part of the
 * binary interface: these are macros and inline functions over its types.
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
