/// The layer properties that 3D, clipped and masked transitions need beyond UIView's
/// own (ABI 1.2): CALayer's, under their UIKit names and with its defaults.
extension View {
    /// CALayer.isDoubleSided (default `true`): when `false` the view is not drawn while
    /// its back faces the viewer — the two faces of a flip are two views, each drawn
    /// only while it faces front. Not animatable.
    public var isDoubleSided: Bool {
        get { model.isDoubleSided }
        set { modelValues.isDoubleSided = newValue }
    }

    /// CALayer.sublayerTransform: applied to every subview about this view's anchor
    /// point, after their own transforms, so several children share one perspective (a
    /// cube's faces). Animatable, interpolated as `transform3D` is.
    public var sublayerTransform: Transform3D {
        get { model.sublayerTransform }
        set { change(.sublayerTransform, to: .transform(newValue)) }
    }

    /// UIView.clipsToBounds (default `false`): subviews are drawn only inside the bounds,
    /// rounded by the corner radius. Not animatable.
    public var clipsToBounds: Bool {
        get { model.clipsToBounds }
        set { modelValues.clipsToBounds = newValue }
    }

    /// Only what lies inside the mask (a rounded rectangle in bounds coordinates) is
    /// drawn. Changing one mask into another animates its rectangle and radius inside
    /// an animation block; adding a mask where there was none, or removing it, happens
    /// at once, as adding or removing a mask layer does (removing it stops its
    /// animations).
    public var mask: Mask? {
        get { model.mask }
        set {
            guard let newValue, model.mask != nil else {
                if newValue == nil, let engine = animationEngine {
                    engine.removeAnimation(of: self, property: .maskRect, finished: false)
                    engine.removeAnimation(of: self, property: .maskCornerRadius, finished: false)
                }
                modelValues.mask = newValue
                return
            }
            change(.maskRect, to: .rect(newValue.rect))
            change(.maskCornerRadius, to: .scalar(newValue.cornerRadius))
        }
    }

    /// CALayer.shadowRadius: the shadow's blur, in points (default 3). Animatable.
    public var shadowRadius: Double {
        get { model.shadowRadius }
        set { change(.shadowRadius, to: .scalar(newValue)) }
    }

    /// CALayer.shadowOffset (default (0, −3): a shadow cast upwards, as Core Animation's
    /// default). Animatable.
    public var shadowOffset: Size {
        get { model.shadowOffset }
        set { change(.shadowOffset, to: .point(Point(x: newValue.width, y: newValue.height))) }
    }

    /// CALayer.shadowColor (default opaque black). Animatable.
    public var shadowColor: Color {
        get { model.shadowColor }
        set { change(.shadowColor, to: .color(newValue)) }
    }

    /// CALayer.zPosition (default 0): siblings are drawn in increasing zPosition, then
    /// in subview order; under a perspective it also moves the view along z. Animatable.
    public var zPosition: Double {
        get { model.zPosition }
        set { change(.zPosition, to: .scalar(newValue)) }
    }

    /// Whether the view shows its back to the viewer now: its bounds' corners, projected
    /// to the window, run counter-clockwise (or a corner lies behind the eye). A view
    /// with `isDoubleSided == false` is not drawn then.
    public var isFacingAway: Bool {
        let c = cornersInWindow()
        guard c.count == 4 else { return false }
        // Twice the signed area; y grows downwards, so clockwise on screen is positive.
        var area = 0.0
        for i in 0..<4 {
            let a = c[i], b = c[(i + 1) % 4]
            area += a.x * b.y - b.x * a.y
        }
        return area < 0
    }

    /// resizableSnapshotView(from:afterScreenUpdates:withCapInsets:) without cap insets:
    /// a new view showing the part `rect` (in this view's bounds coordinates) of its
    /// look now, its frame {0, 0, rect.size}; in no hierarchy. `nil` for an empty or
    /// non-finite rect.
    ///
    /// It is a view that clips to its bounds holding a snapshot of the view, placed so
    /// that `rect`'s origin is at its top left: whatever a snapshot carries (subviews,
    /// content) is in a tile too, exactly where it was. The snapshot holds only the
    /// subviews that can draw inside `rect` (see `copyForSnapshot(parent:keeping:excluding:)` in View),
    /// so a screen cut into many tiles costs about one snapshot, not one per tile.
    ///
    /// The tile itself draws nothing (its `sourceKind` is `.container`): the copy inside
    /// it is the picture. Drawn as the screen it was cut from, each tile would paint a
    /// card of its own colour with its own title under the copy, which shows at the
    /// tile's antialiased edges and doubles the painting of an effect made of hundreds
    /// of tiles.
    public func resizableSnapshotView(from rect: Rect) -> View? {
        let r = rect.standardized
        guard [r.origin.x, r.origin.y, r.width, r.height].allSatisfy(\.isFinite), !r.isEmpty else { return nil }
        let tile = View(frame: Rect(origin: .zero, size: r.size), kind: .snapshot, label: nil)
        tile.name = "snapshot of \(displayName) (\(Self.short(r.origin.x)), \(Self.short(r.origin.y)), \(Self.short(r.width)) × \(Self.short(r.height)))"
        tile.sourceKind = .container
        tile.modelValues.clipsToBounds = true
        let whole = snapshotView(keeping: r)
        // Place the copy so that `r.origin` of its bounds sits at the tile's (0, 0).
        let b = whole.model.bounds, a = whole.model.anchorPoint
        whole.modelValues.center = Point(x: b.origin.x + a.x * b.width - r.origin.x,
                                   y: b.origin.y + a.y * b.height - r.origin.y)
        tile.insertSubview(whole, at: 0)
        return tile
    }

    private static func short(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }
}
