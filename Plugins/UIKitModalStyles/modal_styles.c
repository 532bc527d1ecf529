/*
 * libUIKitModalStyles.so: UIKit's own modal transition styles as effects, written in C
 * against stagehand.h alone (this file: the manifest, the entry and init).
 */
#include <stddef.h>

#include "modal_styles.h"

const sh_host *modal_host;

/* The manifest the host reads before running any code of ours, made from the rows in
 * modal_styles.h; its ABI is the header's. */
static const char modal_manifest[] =
    SH_BUNDLE_MANIFEST("UIKitModalStyles", "1.0.0", SH_EFFECT_JSON(COVER_VERTICAL_EFFECT),
                       SH_EFFECT_JSON(CROSS_DISSOLVE_EFFECT), SH_EFFECT_JSON(FLIP_HORIZONTAL_EFFECT),
                       SH_EFFECT_JSON(PAGE_SHEET_EFFECT));

static bool modal_init(const sh_host *host, const char *bundle_path) {
    (void)bundle_path;
    /* The last field every style uses decides the oldest table this bundle works with;
     * flip-horizontal checks for single-sided layers itself. */
    if (host == NULL || host->abi_major != STAGEHAND_ABI_MAJOR || !SH_HOST_HAS(host, controller_transition_in_progress)) {
        return false;
    }
    modal_host = host;
    return true;
}

STAGEHAND_BUNDLE(modal_manifest, modal_init, NULL)
