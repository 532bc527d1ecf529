import StagehandABI
import StagehandCore

extension HostTable {
    /// Geometry and look of views; setters inside an `animate` block are animated.
    static func installViews(_ t: inout sh_host) {
        t.view_frame = { handles.view($0, "view_frame")?.frame.abi ?? Rect.zero.abi }
        t.view_set_frame = { v, r in
            guard let view = handles.view(v, "view_set_frame"), HostTable.finite("view_set_frame", "frame", [r.origin.x, r.origin.y, r.size.width, r.size.height]) else { return }
            view.frame = Rect(r)
        }
        t.view_bounds = { handles.view($0, "view_bounds")?.bounds.abi ?? Rect.zero.abi }
        t.view_set_bounds = { v, r in
            guard let view = handles.view(v, "view_set_bounds"), HostTable.finite("view_set_bounds", "bounds", [r.origin.x, r.origin.y, r.size.width, r.size.height]) else { return }
            view.bounds = Rect(r)
        }
        t.view_center = { handles.view($0, "view_center")?.center.abi ?? Point.zero.abi }
        t.view_set_center = { v, p in
            guard let view = handles.view(v, "view_set_center"), HostTable.finite("view_set_center", "center", [p.x, p.y]) else { return }
            view.center = Point(p)
        }
        t.view_transform = { handles.view($0, "view_transform")?.transform.abi ?? Transform2D.identity.abi }
        t.view_set_transform = { v, x in
            guard let view = handles.view(v, "view_set_transform"), HostTable.finite("view_set_transform", "transform", [x.a, x.b, x.c, x.d, x.tx, x.ty]) else { return }
            view.transform = Transform2D(x)
        }
        t.view_transform3d = { handles.view($0, "view_transform3d")?.transform3D.abi ?? Transform3D.identity.abi }
        t.view_set_transform3d = { v, x in
            let m = [x.m11, x.m12, x.m13, x.m14, x.m21, x.m22, x.m23, x.m24, x.m31, x.m32, x.m33, x.m34, x.m41, x.m42, x.m43, x.m44]
            guard let view = handles.view(v, "view_set_transform3d"), HostTable.finite("view_set_transform3d", "transform", m) else { return }
            view.transform3D = Transform3D(x)
        }
        t.view_anchor_point = { handles.view($0, "view_anchor_point")?.anchorPoint.abi ?? sh_point(x: 0.5, y: 0.5) }
        t.view_set_anchor_point = { v, p in
            guard let view = handles.view(v, "view_set_anchor_point"), HostTable.finite("view_set_anchor_point", "anchor point", [p.x, p.y]) else { return }
            view.anchorPoint = Point(p)
        }
        t.view_alpha = { handles.view($0, "view_alpha")?.alpha ?? 0 }
        t.view_set_alpha = { v, a in
            guard let view = handles.view(v, "view_set_alpha"), HostTable.finite("view_set_alpha", "alpha", [a]) else { return }
            view.alpha = a
        }
        t.view_hidden = { handles.view($0, "view_hidden")?.isHidden ?? true }
        t.view_set_hidden = { v, h in handles.view(v, "view_set_hidden")?.isHidden = h }
        t.view_background_color = { (handles.view($0, "view_background_color")?.backgroundColor ?? .clear).abi }
        t.view_set_background_color = { v, c in handles.view(v, "view_set_background_color")?.backgroundColor = Color(c) }
        t.view_corner_radius = { handles.view($0, "view_corner_radius")?.cornerRadius ?? 0 }
        t.view_set_corner_radius = { v, r in
            guard let view = handles.view(v, "view_set_corner_radius"), HostTable.finite("view_set_corner_radius", "corner radius", [r]) else { return }
            view.cornerRadius = r
        }
        t.view_shadow_opacity = { handles.view($0, "view_shadow_opacity")?.shadowOpacity ?? 0 }
        t.view_set_shadow_opacity = { v, o in
            guard let view = handles.view(v, "view_set_shadow_opacity"), HostTable.finite("view_set_shadow_opacity", "shadow opacity", [o]) else { return }
            view.shadowOpacity = o
        }
    }

    /// Whether every number of a new `property` value is finite: NaN or infinity would
    /// poison the scene and its trace (JSON has no NaN), so such a value is refused and
    /// the view keeps its old one (`outcome` says otherwise for a call that is no setter). The warning is said once per effect and property on a
    /// stage (an effect that computes NaN usually does so on every frame of its
    /// animation), and, being a warning, makes `stagehand validate` fail the effect.
    static func finite(_ function: String, _ property: String, _ values: [Double],
                       outcome: String = "refused, value kept") -> Bool {
        guard values.allSatisfy(\.isFinite) else {
            let caller = BridgeCall.current?.source ?? CallingBundle.name ?? "bundle"
            if ReportedOnce.first(caller + "\u{0}" + property) {
                let value = values.count == 1 ? "\(values[0])" : "(\(values.map { "\($0)" }.joined(separator: ", ")))"
                report(function, "\(property) \(value) is not finite: \(outcome) (said once per effect and property)")
            }
            return false
        }
        return true
    }

    /// Whether `child` may be put into `parent`: not into itself nor into one of its own
    /// descendants, which would make a cycle (UIKit raises).
    static func acyclic(_ function: String, _ parent: View, _ child: View) -> Bool {
        guard child !== parent, !parent.isDescendant(of: child) else {
            report(function, child === parent ? "a view cannot be its own subview; refused" : "a view cannot be put into one of its own descendants; refused")
            return false
        }
        return true
    }

    /// The view hierarchy, snapshots and new views.
    static func installHierarchy(_ t: inout sh_host) {
        t.view_superview = { handles.opaque(handles.view($0, "view_superview")?.superview, .view) }
        t.view_subview_count = { handles.view($0, "view_subview_count")?.subviews.count ?? 0 }
        t.view_subview_at = { v, i in
            guard let view = handles.view(v, "view_subview_at") else { return nil }
            // size_t arrives as Int: (size_t)-1 is -1 here.
            guard i >= 0, i < view.subviews.count else {
                HostTable.report("view_subview_at", "index \(UInt(bitPattern: i)) out of range (the view has \(view.subviews.count) subviews); NULL returned")
                return nil
            }
            return handles.opaque(view.subviews[i], .view)
        }
        t.view_add_subview = { p, c in
            guard let parent = handles.view(p, "view_add_subview"), let child = handles.view(c, "view_add_subview"),
                  HostTable.acyclic("view_add_subview", parent, child) else { return }
            parent.addSubview(child)
        }
        t.view_insert_subview_at = { p, c, i in
            guard let parent = handles.view(p, "view_insert_subview_at"), let child = handles.view(c, "view_insert_subview_at"),
                  HostTable.acyclic("view_insert_subview_at", parent, child) else { return }
            // size_t arrives as Int: (size_t)-1 is -1 here, a huge index, not a small one.
            let count = parent.subviews.count - (child.superview === parent ? 1 : 0)
            guard i >= 0, i <= count else {
                HostTable.report("view_insert_subview_at", "index \(UInt(bitPattern: i)) out of range (0...\(count)); the view is put on top")
                parent.insertSubview(child, at: count)
                return
            }
            parent.insertSubview(child, at: i)
        }
        t.view_insert_subview_above = { p, c, s in
            guard let parent = handles.view(p, "view_insert_subview_above"), let child = handles.view(c, "view_insert_subview_above"),
                  let sibling = handles.view(s, "view_insert_subview_above"), HostTable.acyclic("view_insert_subview_above", parent, child) else { return }
            parent.insertSubview(child, aboveSubview: sibling)
        }
        t.view_insert_subview_below = { p, c, s in
            guard let parent = handles.view(p, "view_insert_subview_below"), let child = handles.view(c, "view_insert_subview_below"),
                  let sibling = handles.view(s, "view_insert_subview_below"), HostTable.acyclic("view_insert_subview_below", parent, child) else { return }
            parent.insertSubview(child, belowSubview: sibling)
        }
        t.view_remove_from_superview = { handles.view($0, "view_remove_from_superview")?.removeFromSuperview() }
        t.view_snapshot = { v in
            guard let view = handles.view(v, "view_snapshot") else { return nil }
            return OpaquePointer(handles.retainTemporarily(view.snapshotView(), .view))
        }
        t.view_create = { r in
            guard HostTable.onStageThread("view_create") else { return nil }
            return OpaquePointer(handles.retainTemporarily(View(frame: Rect(r)), .view))
        }
        t.view_convert_point = { f, p, to in
            let from = f == nil ? nil : handles.view(f, "view_convert_point")
            let target = to == nil ? nil : handles.view(to, "view_convert_point")
            let point = Point(p)
            let inWindow = from?.convertToWindow(point) ?? point
            return (target?.convertFromWindow(inWindow) ?? inWindow).abi
        }
    }
}
