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
        let corners = local.corners.map { p -> Point in
            let q = transform3D.project(x: p.x, y: p.y).point
            return Point(x: q.x + center.x, y: q.y + center.y)
        }
        return Rect(boundingBoxOf: corners)
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
    /// included: bounds origin → anchor → transform → position.
    public var toSuperview: Transform3D {
        let ax = bounds.origin.x + anchorPoint.x * bounds.width
        let ay = bounds.origin.y + anchorPoint.y * bounds.height
        return Transform3D(translationX: -ax, y: -ay, z: 0)
            .concatenating(transform3D)
            .concatenating(Transform3D(translationX: center.x, y: center.y, z: 0))
    }
}
