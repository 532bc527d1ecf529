/* What the UIKit modal styles share: reading both sides of a transition, small
 * geometry helpers. */
#include <stddef.h>

#include "modal_styles.h"

bool modal_scene_read(sh_context *context, modal_scene *scene) {
    const sh_host *host = modal_host;
    sh_operation operation = host->context_operation(context);
    if (operation != SH_OPERATION_PRESENT && operation != SH_OPERATION_DISMISS) return false;
    scene->context = context;
    scene->presenting = operation == SH_OPERATION_PRESENT;
    scene->interactive = host->context_is_interactive(context);
    scene->container = host->context_container_view(context);
    sh_context_key presented_key = scene->presenting ? SH_KEY_TO : SH_KEY_FROM;
    sh_context_key presenter_key = scene->presenting ? SH_KEY_FROM : SH_KEY_TO;
    scene->presented_controller = host->context_view_controller(context, presented_key);
    if (scene->container == NULL || scene->presented_controller == NULL) return false;
    scene->presented = host->context_view(context, presented_key);
    if (scene->presented == NULL) scene->presented = host->controller_view(scene->presented_controller);
    scene->presenter = host->context_view(context, presenter_key);
    if (scene->presenter == NULL) {
        sh_controller *presenter = host->context_view_controller(context, presenter_key);
        if (presenter != NULL) scene->presenter = host->controller_view(presenter);
    }
    if (scene->presented == NULL) return false;
    sh_rect resting = scene->presenting ? host->context_final_frame(context, scene->presented_controller)
                                        : host->context_initial_frame(context, scene->presented_controller);
    if (!(resting.size.width > 0 && resting.size.height > 0)) resting = host->view_bounds(scene->container);
    scene->resting = resting;
    return true;
}

sh_animation modal_animation(double duration, sh_curve curve, bool interactive) {
    sh_animation animation = {0};
    animation.size = sizeof animation;
    animation.duration = duration;
    animation.curve = interactive ? SH_CURVE_LINEAR : curve;
    return animation;
}

sh_rect modal_rect_offset(sh_rect r, double dx, double dy) {
    r.origin.x += dx;
    r.origin.y += dy;
    return r;
}

sh_transform3d modal_identity3d(void) {
    sh_transform3d t = {0};
    t.m11 = t.m22 = t.m33 = t.m44 = 1;
    return t;
}

sh_affine modal_affine_identity(void) {
    return modal_affine_scale(1);
}

sh_affine modal_affine_scale(double s) {
    sh_affine t = {s, 0, 0, s, 0, 0};
    return t;
}

void modal_complete(sh_context *context) {
    modal_host->context_complete_transition(context, !modal_host->context_transition_was_cancelled(context));
}
