/*
 * page-sheet's interactive dismissal: a downward pan on the presented card, driving the
 * dismissal with stagehand_bundle.h's sh_gesture_drive (begin with a fresh interaction,
 * update as the finger moves, finish or cancel on release by the sheet's rule, cancel
 * when the system cancels the pan or the effect is detached mid-drag, release once the
 * transition has ended).
 */
#include <math.h>
#include <stddef.h>

#include "page_sheet.h"

bool page_sheet_release_finishes(const page_sheet *sheet, double progress, double velocity_y) {
    return progress > sheet->threshold || velocity_y >= sheet->flick_velocity;
}

/* How far down the card is: the finger's travel (in the window, since the card moves
 * under it) over the card's height, the distance it travels to leave; 0...1. */
static double page_sheet_progress(const page_sheet *sheet) {
    const sh_host *host = modal_host;
    sh_view *view = host->controller_view(sheet->attached);
    double travel = view != NULL ? host->view_frame(view).size.height : 0;
    if (!(travel > 0)) return 0;
    double progress = host->gesture_translation(sheet->gesture, NULL).y / travel;
    return progress < 0 ? 0 : (progress > 1 ? 1 : progress);
}

/* UIKit's rule for a dismissing pan: still presented, nothing running in the window,
 * and moving mostly downward. */
static bool page_sheet_should_begin(void *user, sh_gesture *gesture) {
    const page_sheet *sheet = user;
    const sh_host *host = modal_host;
    if (sheet->attached == NULL || host->controller_presenting(sheet->attached) == NULL) return false;
    if (MODAL_HOST_CAN(controller_transition_in_progress) &&
        host->controller_transition_in_progress(sheet->attached)) {
        return false;
    }
    sh_point t = host->gesture_translation(gesture, NULL);
    return t.y > fabs(t.x);
}

static void page_sheet_action(void *user, sh_gesture *gesture) {
    page_sheet *sheet = user;
    const sh_host *host = modal_host;
    switch (host->gesture_state(gesture)) {
    case SH_GESTURE_BEGAN:
        sh_gesture_drive_begin(&sheet->drive, host, SH_OPERATION_DISMISS, sheet->attached, page_sheet_progress(sheet));
        break;
    case SH_GESTURE_CHANGED:
        sh_gesture_drive_update(&sheet->drive, host, page_sheet_progress(sheet));
        break;
    case SH_GESTURE_ENDED: {
        double progress = page_sheet_progress(sheet);
        double velocity = host->gesture_velocity(gesture, NULL).y;
        sh_gesture_drive_update(&sheet->drive, host, progress);
        sh_gesture_drive_end(&sheet->drive, host, page_sheet_release_finishes(sheet, progress, velocity));
        break;
    }
    case SH_GESTURE_CANCELLED:
    case SH_GESTURE_FAILED:
        sh_gesture_drive_end(&sheet->drive, host, false);
        break;
    case SH_GESTURE_POSSIBLE:
        break;
    }
}

void page_sheet_attach(void *self, sh_controller *vc) {
    page_sheet *sheet = self;
    const sh_host *host = modal_host;
    if (sheet->gesture != NULL) {
        if (sheet->attached == vc) return;
        page_sheet_detach(sheet, sheet->attached);
    }
    sh_view *view = host->controller_view(vc);
    sh_gesture *gesture = view != NULL ? host->gesture_install(view, SH_GESTURE_PAN, 0) : NULL;
    if (gesture == NULL) {
        host->log("page-sheet: could not install a pan on the presented controller's view");
        return;
    }
    sheet->attached = vc;
    sheet->gesture = gesture;
    host->gesture_set_should_begin(gesture, page_sheet_should_begin, sheet);
    host->gesture_set_action(gesture, page_sheet_action, sheet);
}

void page_sheet_detach(void *self, sh_controller *vc) {
    page_sheet *sheet = self;
    if (sheet->gesture == NULL || sheet->attached != vc) return;
    const sh_host *host = modal_host;
    sh_gesture_drive_end(&sheet->drive, host, false);
    host->gesture_remove(sheet->gesture);
    sheet->gesture = NULL;
    sheet->attached = NULL;
}

sh_interaction *page_sheet_interaction_controller(void *self, sh_operation operation) {
    const page_sheet *sheet = self;
    return sh_gesture_drive_offer(&sheet->drive, operation, SH_OPERATION_DISMISS);
}

void page_sheet_animation_ended(void *self, bool completed) {
    (void)completed;
    page_sheet *sheet = self;
    sh_gesture_drive_let_go(&sheet->drive, modal_host);
}

void page_sheet_release_gesture(page_sheet *sheet) {
    if (sheet->attached != NULL) page_sheet_detach(sheet, sheet->attached);
    sh_gesture_drive_let_go(&sheet->drive, modal_host);
}
