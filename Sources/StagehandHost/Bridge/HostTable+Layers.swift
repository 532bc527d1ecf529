import StagehandABI
import StagehandCore

extension HostTable {
    /// The layer properties of ABI 1.2 (double-sided layers, a sublayer transform,
    /// clipping and masks, rectangle snapshots, shadow radius/offset/colour, zPosition),
    /// with the same checks as the older setters: a handle the host does not know, or a
    /// number `NumberRule` refuses, is refused with a diagnostic and changes nothing.
    static func installLayers(_ t: inout sh_host) {
        t.view_double_sided = { handles.view($0, "view_double_sided")?.isDoubleSided ?? true }
        t.view_set_double_sided = { v, on in handles.view(v, "view_set_double_sided")?.isDoubleSided = on }
        t.view_sublayer_transform = { handles.view($0, "view_sublayer_transform")?.sublayerTransform.abi ?? Transform3D.identity.abi }
        t.view_set_sublayer_transform = { v, x in
            guard let view = handles.view(v, "view_set_sublayer_transform"),
                  NumberRule.magnitude.check("view_set_sublayer_transform", "sublayer transform", NumberRule.numbers(x)) else { return }
            view.sublayerTransform = Transform3D(x)
        }
        t.view_clips_to_bounds = { handles.view($0, "view_clips_to_bounds")?.clipsToBounds ?? false }
        t.view_set_clips_to_bounds = { v, on in handles.view(v, "view_set_clips_to_bounds")?.clipsToBounds = on }
        t.view_mask = { v, out in
            guard let view = handles.view(v, "view_mask"), let mask = view.mask else { return false }
            out?.pointee = sh_mask(rect: mask.rect.abi, corner_radius: mask.cornerRadius)
            return true
        }
        t.view_set_mask = { v, m in
            guard let view = handles.view(v, "view_set_mask") else { return }
            guard let m else {
                view.mask = nil
                return
            }
            let mask = m.pointee
            let r = mask.rect
            guard NumberRule.magnitude.check("view_set_mask", "mask", NumberRule.numbers(r) + [mask.corner_radius]) else { return }
            guard mask.corner_radius >= 0 else {
                HostTable.report("view_set_mask", "negative mask corner radius (\(mask.corner_radius)) refused; the view keeps its old mask")
                return
            }
            view.mask = Mask(rect: Rect(r), cornerRadius: mask.corner_radius)
        }
        t.view_resizable_snapshot = { v, r in
            guard let view = handles.view(v, "view_resizable_snapshot"),
                  NumberRule.magnitude.check("view_resizable_snapshot", "rectangle", NumberRule.numbers(r), outcome: "NULL returned") else { return nil }
            guard let snapshot = view.resizableSnapshotView(from: Rect(r)) else {
                HostTable.report("view_resizable_snapshot", "empty rectangle (\(r.size.width) × \(r.size.height)); NULL returned")
                return nil
            }
            return OpaquePointer(handles.retainTemporarily(snapshot, .view))
        }
        t.view_shadow_radius = { handles.view($0, "view_shadow_radius")?.shadowRadius ?? 3 }
        t.view_set_shadow_radius = { v, r in
            guard let view = handles.view(v, "view_set_shadow_radius"), NumberRule.magnitude.check("view_set_shadow_radius", "shadow radius", [r]) else { return }
            view.shadowRadius = r
        }
        t.view_shadow_offset = { handles.view($0, "view_shadow_offset")?.shadowOffset.abi ?? Size(width: 0, height: -3).abi }
        t.view_set_shadow_offset = { v, o in
            guard let view = handles.view(v, "view_set_shadow_offset"), NumberRule.magnitude.check("view_set_shadow_offset", "shadow offset", NumberRule.numbers(o)) else { return }
            view.shadowOffset = Size(o)
        }
        t.view_shadow_color = { (handles.view($0, "view_shadow_color")?.shadowColor ?? .black).abi }
        t.view_set_shadow_color = { v, c in
            guard let view = handles.view(v, "view_set_shadow_color"), NumberRule.magnitude.check("view_set_shadow_color", "shadow colour", NumberRule.numbers(c)) else { return }
            view.shadowColor = Color(c)
        }
        t.view_z_position = { handles.view($0, "view_z_position")?.zPosition ?? 0 }
        t.view_set_z_position = { v, z in
            guard let view = handles.view(v, "view_set_z_position"), NumberRule.magnitude.check("view_set_z_position", "zPosition", [z]) else { return }
            view.zPosition = z
        }
    }

    /// Touch counts and the pinch (ABI 1.2).
    static func installTouches(_ t: inout sh_host) {
        t.gesture_set_minimum_touches = { g, n in
            guard let pan = HostTable.pan(g, "gesture_set_minimum_touches"), HostTable.touchCount("gesture_set_minimum_touches", n) else { return }
            pan.minimumNumberOfTouches = n == UInt32.max ? Int.max : Int(n)
        }
        t.gesture_set_maximum_touches = { g, n in
            guard let pan = HostTable.pan(g, "gesture_set_maximum_touches"), HostTable.touchCount("gesture_set_maximum_touches", n) else { return }
            pan.maximumNumberOfTouches = n == UInt32.max ? Int.max : Int(n)
        }
        t.gesture_number_of_touches = { UInt32(handles.gesture($0, "gesture_number_of_touches")?.numberOfTouches ?? 0) }
        t.gesture_scale = { (handles.gesture($0, "gesture_scale") as? PinchGestureRecognizer)?.scale ?? 1 }
        t.gesture_scale_velocity = { (handles.gesture($0, "gesture_scale_velocity") as? PinchGestureRecognizer)?.velocity ?? 0 }
    }

    /// The pan behind handle `g`; a recognizer of another kind is reported and `nil`.
    static func pan(_ g: OpaquePointer?, _ function: String) -> PanGestureRecognizer? {
        guard let recognizer = handles.gesture(g, function) else { return nil }
        guard let pan = recognizer as? PanGestureRecognizer else {
            report(function, "the recognizer is not a pan; ignored")
            return nil
        }
        return pan
    }

    /// A touch count must be at least 1 (UINT32_MAX: unlimited).
    static func touchCount(_ function: String, _ n: UInt32) -> Bool {
        guard n >= 1 else {
            report(function, "a touch count of 0 refused (at least 1; UINT32_MAX for no limit); the recognizer keeps its old one")
            return false
        }
        return true
    }
}
