/// Everything that decides how one view looks, apart from its subviews: the layer's
/// model (or presentation) values. A value type so a frame of the scene can be copied,
/// compared and restored cheaply — cancelling a transition restores exactly this.
public struct ViewState: Hashable, Sendable {
    public var bounds: Rect
    public var center: Point
    public var transform3D: Transform3D
    public var anchorPoint: Point
    public var alpha: Double
    public var isHidden: Bool
    public var backgroundColor: Color?
    public var cornerRadius: Double
    public var shadowOpacity: Double
    /// CALayer.isDoubleSided: when false, the layer is not drawn while its back faces
    /// the viewer (after every transform above it). Not animatable.
    public var isDoubleSided: Bool
    /// CALayer.sublayerTransform: applied to every subview, about this view's anchor
    /// point, after their own transforms — one perspective shared by several children.
    public var sublayerTransform: Transform3D
    /// UIView.clipsToBounds: subviews are drawn only inside the bounds (rounded by the
    /// corner radius). Not animatable.
    public var clipsToBounds: Bool
    /// Only what lies inside the mask is drawn; `nil`: no mask.
    public var mask: Mask?
    /// The shadow's blur radius, offset and colour (CALayer's defaults: 3, (0, −3),
    /// opaque black). The shadow shows only with a `shadowOpacity` above 0.
    public var shadowRadius: Double
    public var shadowOffset: Size
    public var shadowColor: Color
    /// CALayer.zPosition: siblings are drawn in increasing zPosition, then in subview
    /// order; under a perspective it also moves the layer along z.
    public var zPosition: Double
    /// How the view is put onto what lies behind it (see `Compositing`). Not animatable.
    public var compositing: Compositing

    public init(frame: Rect) {
        bounds = Rect(origin: .zero, size: frame.size)
        center = Point(x: frame.midX, y: frame.midY)
        transform3D = .identity
        anchorPoint = Point(x: 0.5, y: 0.5)
        alpha = 1
        isHidden = false
        backgroundColor = nil
        cornerRadius = 0
        shadowOpacity = 0
        isDoubleSided = true
        sublayerTransform = .identity
        clipsToBounds = false
        mask = nil
        shadowRadius = 3
        shadowOffset = Size(width: 0, height: -3)
        shadowColor = .black
        zPosition = 0
        compositing = .normal
    }

    /// The frame as UIKit reports it: with an identity transform, the rectangle in the
    /// superview that the bounds occupy; otherwise the bounding box of the transformed
    /// bounds (what Core Animation returns; UIKit calls it undefined).
    public var frame: Rect {
        let local = Rect(x: -anchorPoint.x * bounds.width, y: -anchorPoint.y * bounds.height,
                         width: bounds.width, height: bounds.height)
        if transform3D.isIdentity {
            return local.offsetBy(dx: center.x, dy: center.y)
        }
        // `local.corners` moved, and their box, made without arrays (a trace asks every
        // transformed view for its frame, every frame).
        func moved(_ x: Double, _ y: Double) -> Point {
            let q = transform3D.project(x: x, y: y).point
            return Point(x: q.x + center.x, y: q.y + center.y)
        }
        return Rect(boundingBoxOf: moved(local.minX, local.minY), moved(local.maxX, local.minY),
                    moved(local.maxX, local.maxY), moved(local.minX, local.maxY))
    }

    /// Setting the frame sets the bounds' size and the center (the position of the
    /// anchor point), leaving the transform alone — Core Animation's rule.
    mutating func setFrame(_ frame: Rect) {
        let f = frame.standardized
        bounds.size = f.size
        center = Point(x: f.minX + anchorPoint.x * f.width, y: f.minY + anchorPoint.y * f.height)
    }

    /// The 2D affine part of `transform3D` (UIView.transform).
    public var transform: Transform2D { transform3D.affine }

    /// The transform from this view's bounds space to its superview's space, 3D
    /// included: bounds origin → anchor → transform → position (x, y and zPosition).
    /// The superview's `sublayerTransform` is not in it (see `View.toSuperview`).
    public var toSuperview: Transform3D {
        let ax = bounds.origin.x + anchorPoint.x * bounds.width
        let ay = bounds.origin.y + anchorPoint.y * bounds.height
        return Transform3D(translationX: -ax, y: -ay, z: 0)
            .concatenating(transform3D)
            .concatenating(Transform3D(translationX: center.x, y: center.y, z: zPosition))
    }

    /// The `sublayerTransform` as it acts on the subviews' positions in this view's
    /// bounds space: about the anchor point, as Core Animation applies it; `nil` when it
    /// is the identity (the common case costs nothing).
    public var sublayerTransformInBounds: Transform3D? {
        guard !sublayerTransform.isIdentity else { return nil }
        let ax = bounds.origin.x + anchorPoint.x * bounds.width
        let ay = bounds.origin.y + anchorPoint.y * bounds.height
        return Transform3D(translationX: -ax, y: -ay, z: 0)
            .concatenating(sublayerTransform)
            .concatenating(Transform3D(translationX: ax, y: ay, z: 0))
    }
}
