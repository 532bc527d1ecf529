/*
 * libUIKitModalStyles.so: UIKit's own modal transition styles as effects, written in C
 * against stagehand.h alone (this file: the manifest, the entry and init).
 */
#include <stddef.h>

#include "modal_styles.h"

#define MODAL_STRING(x) #x
#define MODAL_XSTRING(x) MODAL_STRING(x)

const sh_host *modal_host;

static const char modal_manifest[] =
    "{\n"
    "  \"abi\": {\"major\": " MODAL_XSTRING(STAGEHAND_ABI_MAJOR) ", \"minor\": " MODAL_XSTRING(STAGEHAND_ABI_MINOR) "},\n"
    "  \"bundle\": {\"name\": \"UIKitModalStyles\", \"version\": \"1.0.0\"},\n"
    "  \"effects\": [\n"
    "    {\"name\": \"cover-vertical\", \"kind\": \"modal\", \"interactive\": false, \"factory\": \"cover_vertical_create\",\n"
    "     \"parameters\": [{\"name\": \"duration\", \"type\": \"double\", \"default\": 0.4, \"min\": 0.01, \"max\": 10}],\n"
    "     \"description\": \"UIKit's cover vertical: the presented view slides up from below the screen over the presenter, and back down to dismiss, ease-in-out.\",\n"
    "     \"author\": \"Stagehand\", \"license\": \"MIT\",\n"
    "     \"family\": \"UIKit modal styles\", \"source\": \"UIKit\"},\n"
    "    {\"name\": \"cross-dissolve\", \"kind\": \"modal\", \"interactive\": false, \"factory\": \"cross_dissolve_create\",\n"
    "     \"parameters\": [{\"name\": \"duration\", \"type\": \"double\", \"default\": 0.4, \"min\": 0.01, \"max\": 10}],\n"
    "     \"description\": \"UIKit's cross dissolve: the presented view fades in over the presenter, which stays opaque, and fades out to dismiss.\",\n"
    "     \"author\": \"Stagehand\", \"license\": \"MIT\",\n"
    "     \"family\": \"UIKit modal styles\", \"source\": \"UIKit\"},\n"
    "    {\"name\": \"page-sheet\", \"kind\": \"modal\", \"interactive\": true, \"factory\": \"page_sheet_create\",\n"
    "     \"parameters\": [{\"name\": \"duration\", \"type\": \"double\", \"default\": 0.5, \"min\": 0.01, \"max\": 10},\n"
    "                    {\"name\": \"cardTop\", \"type\": \"double\", \"default\": 57, \"min\": 0, \"max\": 1000},\n"
    "                    {\"name\": \"cornerRadius\", \"type\": \"double\", \"default\": 10, \"min\": 0, \"max\": 100},\n"
    "                    {\"name\": \"presenterScale\", \"type\": \"double\", \"default\": 0.92, \"min\": 0.1, \"max\": 1},\n"
    "                    {\"name\": \"dimming\", \"type\": \"double\", \"default\": 0.3, \"min\": 0, \"max\": 1},\n"
    "                    {\"name\": \"threshold\", \"type\": \"double\", \"default\": 0.5, \"min\": 0, \"max\": 1},\n"
    "                    {\"name\": \"flickVelocity\", \"type\": \"double\", \"default\": 1000, \"min\": 0, \"max\": 100000}],\n"
    "     \"description\": \"UIKit's page sheet: a card with rounded top corners rises to 57 points below the top while the presenter shrinks to 92 % and dims; a downward pan dismisses it past half the way or when flicked faster than 1000 points per second.\",\n"
    "     \"author\": \"Stagehand\", \"license\": \"MIT\",\n"
    "     \"family\": \"UIKit modal styles\", \"source\": \"UIKit\"}\n"
    "  ]\n"
    "}\n";

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
