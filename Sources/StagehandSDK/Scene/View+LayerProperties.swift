import StagehandABI

/// The layer properties of ABI 1.2, under UIKit's names: what 3D, clipped and masked
/// transitions need (a flip's two faces, a cube's shared perspective, tiles and halves
/// of a screen, a circular reveal, a card's soft shadow).
///
/// On a host older than 1.2 (its table ends before these functions) each getter answers
/// UIKit's default and each setter does nothing, so an effect still runs, only without
/// the property; `View.supportsLayerProperties` tells which.
extension View {
    /// Whether the host can set the properties below (ABI 1.2 or later).
    public static var supportsLayerProperties: Bool {
        Host.optionalFunction(\.view_set_z_position) != nil
    }

    /// `layer.isDoubleSided` (default `true`): when `false` the view is not drawn while
    /// its back faces the viewer — the two faces of a flip are two views, each drawn only
    /// while it faces front. Not animatable.
    public var isDoubleSided: Bool {
        get { Host.optionalFunction(\.view_double_sided).map { $0(handle) } ?? true }
        nonmutating set { Host.optionalFunction(\.view_set_double_sided)?(handle, newValue) }
    }

    /// `layer.sublayerTransform`: applied to every subview about this view's anchor point,
    /// after their own transforms — one perspective for several children (a cube's
    /// faces). Animatable.
    public var sublayerTransform: Transform3D {
        get { Host.optionalFunction(\.view_sublayer_transform).map { Transform3D($0(handle)) } ?? .identity }
        nonmutating set { Host.optionalFunction(\.view_set_sublayer_transform)?(handle, newValue.abi) }
    }

    /// `clipsToBounds` (default `false`): subviews are drawn only inside the bounds,
    /// rounded by the corner radius. Not animatable.
    public var clipsToBounds: Bool {
        get { Host.optionalFunction(\.view_clips_to_bounds).map { $0(handle) } ?? false }
        nonmutating set { Host.optionalFunction(\.view_set_clips_to_bounds)?(handle, newValue) }
    }

    /// The view's mask: only what lies inside this rounded rectangle (bounds
    /// coordinates) is drawn; `nil`: none. Changing one mask into another inside an
    /// animation block animates it (a circle that grows: `Mask.circle` of a larger
    /// radius); adding or removing a mask happens at once.
    public var mask: Mask? {
        get {
            guard let read = Host.optionalFunction(\.view_mask) else { return nil }
            var out = sh_mask()
            return read(handle, &out) ? Mask(out) : nil
        }
        nonmutating set {
            guard let write = Host.optionalFunction(\.view_set_mask) else { return }
            if let newValue {
                var abi = newValue.abi
                write(handle, &abi)
            } else {
                write(handle, nil)
            }
        }
    }

    /// `layer.shadowRadius`: the shadow's blur in points (default 3). Animatable.
    public var shadowRadius: Double {
        get { Host.optionalFunction(\.view_shadow_radius).map { $0(handle) } ?? 3 }
        nonmutating set { Host.optionalFunction(\.view_set_shadow_radius)?(handle, newValue) }
    }

    /// `layer.shadowOffset` (default (0, −3)). Animatable.
    public var shadowOffset: Size {
        get { Host.optionalFunction(\.view_shadow_offset).map { Size($0(handle)) } ?? Size(width: 0, height: -3) }
        nonmutating set { Host.optionalFunction(\.view_set_shadow_offset)?(handle, newValue.abi) }
    }

    /// `layer.shadowColor` (default opaque black). Animatable.
    public var shadowColor: Color {
        get { Host.optionalFunction(\.view_shadow_color).map { Color($0(handle)) } ?? .black }
        nonmutating set { Host.optionalFunction(\.view_set_shadow_color)?(handle, newValue.abi) }
    }

    /// `layer.zPosition` (default 0): siblings are drawn in increasing zPosition, then in
    /// subview order; under a perspective it also moves the view along z. Animatable.
    public var zPosition: Double {
        get { Host.optionalFunction(\.view_z_position).map { $0(handle) } ?? 0 }
        nonmutating set { Host.optionalFunction(\.view_set_z_position)?(handle, newValue) }
    }

    /// resizableSnapshotView(from:afterScreenUpdates:withCapInsets:) without cap
    /// insets: a new view showing the part `rect` (in this view's bounds coordinates) of
    /// its look now, its frame {0, 0, rect.size}, in no hierarchy yet — the tiles of an
    /// explosion, the halves of a fold. `nil` for an empty rect, or on a host older than
    /// ABI 1.2.
    public func resizableSnapshotView(from rect: Rect) -> View? {
        guard let snapshot = Host.optionalFunction(\.view_resizable_snapshot) else { return nil }
        return View(snapshot(handle, rect.abi))
    }
}
