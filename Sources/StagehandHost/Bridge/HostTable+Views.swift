import StagehandABI
import StagehandCore

extension HostTable {
    /// Geometry and look of views; setters inside an `animate` block are animated.
    static func installViews(_ t: inout sh_host) {
        t.view_frame = { handles.view($0, "view_frame")?.frame.abi ?? Rect.zero.abi }
        t.view_set_frame = { v, r in
            guard let view = handles.view(v, "view_set_frame"), NumberRule.magnitude.check("view_set_frame", "frame", NumberRule.numbers(r)) else { return }
            view.frame = Rect(r)
        }
        t.view_bounds = { handles.view($0, "view_bounds")?.bounds.abi ?? Rect.zero.abi }
        t.view_set_bounds = { v, r in
            guard let view = handles.view(v, "view_set_bounds"), NumberRule.magnitude.check("view_set_bounds", "bounds", NumberRule.numbers(r)) else { return }
            view.bounds = Rect(r)
        }
        t.view_center = { handles.view($0, "view_center")?.center.abi ?? Point.zero.abi }
        t.view_set_center = { v, p in
            guard let view = handles.view(v, "view_set_center"), NumberRule.magnitude.check("view_set_center", "center", NumberRule.numbers(p)) else { return }
            view.center = Point(p)
        }
        t.view_transform = { handles.view($0, "view_transform")?.transform.abi ?? Transform2D.identity.abi }
        t.view_set_transform = { v, x in
            guard let view = handles.view(v, "view_set_transform"), NumberRule.magnitude.check("view_set_transform", "transform", NumberRule.numbers(x)) else { return }
            view.transform = Transform2D(x)
        }
        t.view_transform3d = { handles.view($0, "view_transform3d")?.transform3D.abi ?? Transform3D.identity.abi }
        t.view_set_transform3d = { v, x in
            guard let view = handles.view(v, "view_set_transform3d"),
                  NumberRule.magnitude.check("view_set_transform3d", "transform", NumberRule.numbers(x)) else { return }
            view.transform3D = Transform3D(x)
        }
        t.view_anchor_point = { handles.view($0, "view_anchor_point")?.anchorPoint.abi ?? sh_point(x: 0.5, y: 0.5) }
        t.view_set_anchor_point = { v, p in
            guard let view = handles.view(v, "view_set_anchor_point"), NumberRule.magnitude.check("view_set_anchor_point", "anchor point", NumberRule.numbers(p)) else { return }
            view.anchorPoint = Point(p)
        }
        t.view_alpha = { handles.view($0, "view_alpha")?.alpha ?? 0 }
        t.view_set_alpha = { v, a in
            guard let view = handles.view(v, "view_set_alpha"), NumberRule.magnitude.check("view_set_alpha", "alpha", [a]) else { return }
            view.alpha = a
        }
        t.view_hidden = { handles.view($0, "view_hidden")?.isHidden ?? true }
        t.view_set_hidden = { v, h in handles.view(v, "view_set_hidden")?.isHidden = h }
        t.view_background_color = { (handles.view($0, "view_background_color")?.backgroundColor ?? .clear).abi }
        t.view_set_background_color = { v, c in
            guard let view = handles.view(v, "view_set_background_color"),
                  NumberRule.magnitude.check("view_set_background_color", "colour", NumberRule.numbers(c)) else { return }
            view.backgroundColor = Color(c)
        }
        t.view_corner_radius = { handles.view($0, "view_corner_radius")?.cornerRadius ?? 0 }
        t.view_set_corner_radius = { v, r in
            guard let view = handles.view(v, "view_set_corner_radius"), NumberRule.magnitude.check("view_set_corner_radius", "corner radius", [r]) else { return }
            view.cornerRadius = r
        }
        t.view_shadow_opacity = { handles.view($0, "view_shadow_opacity")?.shadowOpacity ?? 0 }
        t.view_set_shadow_opacity = { v, o in
            guard let view = handles.view(v, "view_set_shadow_opacity"), NumberRule.magnitude.check("view_set_shadow_opacity", "shadow opacity", [o]) else { return }
            view.shadowOpacity = o
        }
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
            // A refused frame still makes the view (a bundle that does not check for NULL
            // would crash on it), with no size at the origin.
            let frame = NumberRule.magnitude.check("view_create", "frame", NumberRule.numbers(r),
                                                   outcome: "the view is made with a zero frame") ? Rect(r) : .zero
            return OpaquePointer(handles.retainTemporarily(View(frame: frame), .view))
        }
        t.view_convert_point = { f, p, to in
            guard NumberRule.magnitude.check("view_convert_point", "point", NumberRule.numbers(p), outcome: "(0, 0) returned") else {
                return Point.zero.abi
            }
            let from = f == nil ? nil : handles.view(f, "view_convert_point")
            let target = to == nil ? nil : handles.view(to, "view_convert_point")
            let point = Point(p)
            let inWindow = from?.convertToWindow(point) ?? point
            return (target?.convertFromWindow(inWindow) ?? inWindow).abi
        }
    }
}
