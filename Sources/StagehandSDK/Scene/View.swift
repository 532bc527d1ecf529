import StagehandABI

/// A view in the host's scene (UIView), reached through its handle.
///
/// A `View` is a borrowed handle, not the view itself: the host owns every view, and a
/// view handed out by a transition context stays valid until that transition ends. Two
/// `View` values are equal when they name the same host view. The setters need no
/// `var` (they change the host's view, not this value), and inside an `animate` block
/// they become animations, exactly as UIKit's.
public struct View: Hashable, HostHandle {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    /// A new plain view, in no hierarchy yet (for dimming layers and shadows);
    /// `nil` if the host could not make one.
    public init?(frame: Rect) {
        self.init(Host.function(\.view_create)(frame.abi))
    }

    // MARK: Geometry

    public var frame: Rect {
        get { Rect(Host.function(\.view_frame)(handle)) }
        nonmutating set { Host.function(\.view_set_frame)(handle, newValue.abi) }
    }

    public var bounds: Rect {
        get { Rect(Host.function(\.view_bounds)(handle)) }
        nonmutating set { Host.function(\.view_set_bounds)(handle, newValue.abi) }
    }

    public var center: Point {
        get { Point(Host.function(\.view_center)(handle)) }
        nonmutating set { Host.function(\.view_set_center)(handle, newValue.abi) }
    }

    /// The 2D transform, about `anchorPoint`.
    public var transform: Transform2D {
        get { Transform2D(Host.function(\.view_transform)(handle)) }
        nonmutating set { Host.function(\.view_set_transform)(handle, newValue.abi) }
    }

    /// The layer's 3D transform (`layer.transform`), perspective included.
    public var transform3D: Transform3D {
        get { Transform3D(Host.function(\.view_transform3d)(handle)) }
        nonmutating set { Host.function(\.view_set_transform3d)(handle, newValue.abi) }
    }

    /// The point transforms turn about, in unit coordinates of the bounds
    /// (`layer.anchorPoint`; (0.5, 0.5) is the centre).
    public var anchorPoint: Point {
        get { Point(Host.function(\.view_anchor_point)(handle)) }
        nonmutating set { Host.function(\.view_set_anchor_point)(handle, newValue.abi) }
    }

    // MARK: Appearance

    public var alpha: Double {
        get { Host.function(\.view_alpha)(handle) }
        nonmutating set { Host.function(\.view_set_alpha)(handle, newValue) }
    }

    public var isHidden: Bool {
        get { Host.function(\.view_hidden)(handle) }
        nonmutating set { Host.function(\.view_set_hidden)(handle, newValue) }
    }

    public var backgroundColor: Color {
        get { Color(Host.function(\.view_background_color)(handle)) }
        nonmutating set { Host.function(\.view_set_background_color)(handle, newValue.abi) }
    }

    /// `layer.cornerRadius`.
    public var cornerRadius: Double {
        get { Host.function(\.view_corner_radius)(handle) }
        nonmutating set { Host.function(\.view_set_corner_radius)(handle, newValue) }
    }

    /// `layer.shadowOpacity`, 0...1: the renderer draws the shadow behind the view's shape.
    public var shadowOpacity: Double {
        get { Host.function(\.view_shadow_opacity)(handle) }
        nonmutating set { Host.function(\.view_set_shadow_opacity)(handle, newValue) }
    }

    // MARK: Hierarchy

    public var superview: View? {
        View(Host.function(\.view_superview)(handle))
    }

    /// Back to front, as UIKit.
    public var subviews: [View] {
        let count = Host.function(\.view_subview_count)(handle)
        let subviewAt = Host.function(\.view_subview_at)
        return (0..<count).compactMap { View(subviewAt(handle, $0)) }
    }

    public func addSubview(_ view: View) {
        Host.function(\.view_add_subview)(handle, view.handle)
    }

    public func insertSubview(_ view: View, at index: Int) {
        Host.function(\.view_insert_subview_at)(handle, view.handle, max(index, 0))
    }

    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        Host.function(\.view_insert_subview_above)(handle, view.handle, sibling.handle)
    }

    public func insertSubview(_ view: View, belowSubview sibling: View) {
        Host.function(\.view_insert_subview_below)(handle, view.handle, sibling.handle)
    }

    public func removeFromSuperview() {
        Host.function(\.view_remove_from_superview)(handle)
    }

    /// A new view that looks like this one now (snapshotView(afterScreenUpdates:)), in
    /// no hierarchy yet; `nil` if the host could not make one.
    public func snapshotView() -> View? {
        View(Host.function(\.view_snapshot)(handle))
    }

    // MARK: Coordinate spaces

    /// `point`, given in this view's coordinates, in `view`'s (`nil`: the window's).
    public func convert(_ point: Point, to view: View?) -> Point {
        Point(Host.function(\.view_convert_point)(handle, point.abi, view?.handle))
    }

    /// `point`, given in `view`'s coordinates (`nil`: the window's), in this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        Point(Host.function(\.view_convert_point)(view?.handle, point.abi, handle))
    }

    /// The bounding box of `rect`'s corners converted to `view` (`nil`: the window), as
    /// UIKit answers for a rotated or scaled view.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(boundingBoxOf: rect.corners.map { convert($0, to: view) })
    }

    /// The bounding box of `rect`'s corners converted from `view` (`nil`: the window).
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        Rect(boundingBoxOf: rect.corners.map { convert($0, from: view) })
    }
}
