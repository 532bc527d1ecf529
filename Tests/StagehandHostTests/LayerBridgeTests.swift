import Foundation
import StagehandTestSupport
import StagehandCore
@testable import StagehandHost
import Testing

/// The ABI 1.2 functions of the host table, called by a real C bundle built here: each
/// setter reaches the scene and its getter reads it back; non-finite values, a zero
/// touch count, a negative mask radius, an empty snapshot rectangle and a stale handle
/// are refused with a diagnostic naming the effect and the call, and change nothing.
@Suite struct LayerBridgeTests {
    /// Writes the printf-formatted line to the host's log.
    static let prelude = """
        #include <math.h>
        #include <string.h>
        static sh_view *kept;
        static void say(const char *format, double a, double b, double c) {
            char line[200];
            snprintf(line, sizeof line, format, a, b, c);
            host->log(line);
        }
        """

    static var bundle: TestBundle {
        var bundle = TestBundle()
        bundle.prelude = prelude
        bundle.animateBody = """
            (void)self;
            sh_view *container = host->context_container_view(context);
            sh_view *to = host->context_view(context, SH_KEY_TO);
            host->view_add_subview(container, to);
            if (kept != NULL) {
                host->view_set_z_position(kept, 1);          /* from the previous transition: stale */
                host->context_complete_transition(context, true);
                return;
            }
            say("has 1.2: %g", SH_HOST_HAS(host, view_set_z_position), 0, 0);

            host->view_set_double_sided(to, false);
            say("double sided: %g", host->view_double_sided(to), 0, 0);
            sh_transform3d t = host->view_sublayer_transform(to);
            t.m34 = -1.0 / 500;
            host->view_set_sublayer_transform(to, t);
            t.m11 = NAN;
            host->view_set_sublayer_transform(to, t);
            say("m34: %g", host->view_sublayer_transform(to).m34, 0, 0);
            host->view_set_clips_to_bounds(to, true);
            say("clips: %g", host->view_clips_to_bounds(to), 0, 0);

            sh_mask m;
            say("mask before: %g", host->view_mask(to, &m), 0, 0);
            sh_mask circle = sh_mask_circle((sh_point){195, 422}, 50);
            host->view_set_mask(to, &circle);
            sh_mask bad = circle; bad.corner_radius = -1;
            host->view_set_mask(to, &bad);
            bad = circle; bad.rect.size.width = INFINITY;
            host->view_set_mask(to, &bad);
            if (host->view_mask(to, &m)) say("mask: %g %g %g", m.rect.origin.x, m.rect.size.width, m.corner_radius);

            host->view_set_shadow_radius(to, 12);
            host->view_set_shadow_radius(to, NAN);
            say("shadow radius: %g", host->view_shadow_radius(to), 0, 0);
            host->view_set_shadow_offset(to, (sh_size){4, 6});
            host->view_set_shadow_offset(to, (sh_size){NAN, 6});
            say("shadow offset: %g %g", host->view_shadow_offset(to).width, host->view_shadow_offset(to).height, 0);
            host->view_set_shadow_color(to, (sh_color){1, 0, 0, 0.5});
            host->view_set_shadow_color(to, (sh_color){1, NAN, 0, 1});
            sh_color c = host->view_shadow_color(to);
            say("shadow colour: %g %g %g", c.r, c.g, c.a);
            host->view_set_z_position(to, 7);
            host->view_set_z_position(to, INFINITY);
            say("z: %g", host->view_z_position(to), 0, 0);

            sh_view *tile = host->view_resizable_snapshot(to, (sh_rect){{0, 100}, {390, 100}});
            sh_rect f = host->view_frame(tile);
            say("tile: %g %g %g", f.origin.y, f.size.width, f.size.height);
            say("tile clips: %g", host->view_clips_to_bounds(tile), 0, 0);
            if (host->view_resizable_snapshot(to, (sh_rect){{0, 0}, {0, 100}}) == NULL) host->log("empty tile: NULL");
            if (host->view_resizable_snapshot(to, (sh_rect){{NAN, 0}, {10, 100}}) == NULL) host->log("NaN tile: NULL");
            kept = tile;

            sh_gesture *pinch = host->gesture_install(to, SH_GESTURE_PINCH, 0);
            say("pinch: %g %g %g", host->gesture_scale(pinch), host->gesture_scale_velocity(pinch), host->gesture_number_of_touches(pinch));
            host->gesture_set_maximum_touches(pinch, 1);
            sh_gesture *pan = host->gesture_install(to, SH_GESTURE_PAN, 0);
            host->gesture_set_minimum_touches(pan, 2);
            host->gesture_set_maximum_touches(pan, 3);
            host->gesture_set_maximum_touches(pan, 0);
            say("pan scale: %g", host->gesture_scale(pan), 0, 0);
            host->context_complete_transition(context, true);
            """
        return bundle
    }

    @Test func everySetterReachesTheSceneAndBadValuesAreRefused() throws {
        let push = try HostileCallsTests.push(Self.bundle, times: 2)
        let said = push.messages.filter { $0.hasPrefix("libHostile.so (test-effect): ") }.map { String($0.dropFirst("libHostile.so (test-effect): ".count)) }
        for line in ["has 1.2: 1", "double sided: 0", "m34: -0.002", "clips: 1", "mask before: 0", "mask: 145 100 50",
                     "shadow radius: 12", "shadow offset: 4 6", "shadow colour: 1 0 0.5", "z: 7",
                     "tile: 0 390 100", "tile clips: 1", "empty tile: NULL", "NaN tile: NULL", "pinch: 1 0 0", "pan scale: 1"] {
            #expect(said.contains(line), "\(line) not among:\n\(said.joined(separator: "\n"))")
        }
        for refusal in [
            "view_set_sublayer_transform: sublayer transform (",
            "view_set_mask: negative mask corner radius (-1.0) refused",
            "view_set_mask: mask (",
            "view_set_shadow_radius: shadow radius nan refused: a number must be finite and within ±1e9; the view keeps its old value",
            "view_set_shadow_offset: shadow offset (",
            "view_set_shadow_color: shadow colour (",
            "view_set_z_position: zPosition inf refused: a number must be finite and within ±1e9; the view keeps its old value",
            "view_resizable_snapshot: empty rectangle (0.0 × 100.0); NULL returned",
            "view_resizable_snapshot: rectangle (",
            "gesture_set_maximum_touches: the recognizer is not a pan; ignored",
            "gesture_set_maximum_touches: a touch count of 0 refused",
            "view_set_z_position: stale view handle",
        ] {
            HostileCallsTests.expectMessage(push, "libHostile.so (test-effect): \(refusal)")
        }
        #expect(push.events == ["began test-effect", "completed test-effect", "began test-effect", "completed test-effect"])

        // What the bundle set is in the scene.
        let nav = try #require(push.coordinator.topNavigationController)
        let page = nav.viewControllers[1].view
        #expect(!page.isDoubleSided)
        #expect(page.sublayerTransform.m34 == -1.0 / 500 && page.sublayerTransform.m11 == 1)
        #expect(page.clipsToBounds)
        #expect(page.mask == .circle(center: Point(x: 195, y: 422), radius: 50))
        #expect(page.shadowRadius == 12 && page.shadowOffset == Size(width: 4, height: 6))
        #expect(page.shadowColor == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(page.zPosition == 7)
        let pan = try #require(page.gestureRecognizers.compactMap { $0 as? PanGestureRecognizer }.first)
        #expect(pan.minimumNumberOfTouches == 2 && pan.maximumNumberOfTouches == 3)
        #expect(page.gestureRecognizers.contains { $0 is PinchGestureRecognizer })
    }
}
