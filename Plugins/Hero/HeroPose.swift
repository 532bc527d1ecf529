import StagehandSDK

/// How one view looks at one end of a Hero transition: moved by `translation` (in full
/// points, the scale does not shrink it), scaled by `scale` about its centre, at `alpha`,
/// darkened by a black overlay of opacity `dim` (Hero's `overlay(color: .black,
/// opacity: 0.1)`), and casting a shadow of opacity `shadow`.
struct HeroPose: Equatable {
    var translation = Point(x: 0, y: 0)
    var scale = 1.0
    var alpha = 1.0
    var dim = 0.0
    var shadow = 0.0

    /// A view at rest: where UIKit leaves it.
    static let identity = HeroPose()

    /// Scale, then translate: a point p of the view (from its centre) goes to s·p + t.
    var transform: Transform2D {
        Transform2D(a: scale, b: 0, c: 0, d: scale, tx: translation.x, ty: translation.y)
    }

    func translated(_ offset: Point, scale: Double = 1) -> HeroPose {
        var pose = self
        pose.translation = offset
        pose.scale = scale
        return pose
    }
}
