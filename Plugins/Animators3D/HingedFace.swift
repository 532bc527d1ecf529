import StagehandSDK

/// A view turning about one of its vertical edges, seen with one eye in front of the
/// container's centre (as a container's sublayer perspective would place it).
///
/// The view's anchor point goes on the hinge — (0, 0.5) for its left edge, (1, 0.5)
/// for its right — and its position on the container's centre C; its transform is
/// `rotate(θ about y) · translate(hinge − C) · perspective(m34)`, the order in which
/// the host takes a transform apart to interpolate it, so the angle alone moves while
/// the hinge stays put. A point (x, y) of the view, measured from the hinge, appears at
/// C + (x·cos θ + hinge.x − C.x, y + hinge.y − C.y) / w, w = 1 − m34·x·sin θ: positive
/// angles take the far side away from the viewer, negative ones bring it toward them.
struct HingedFace {
    let view: View
    /// 0 for the left edge, 1 for the right.
    let edge: Double
    let frame: Rect
    let centre: Point
    let m34: Double

    /// Moves the anchor to the hinge without moving the view (at angle 0).
    func prepare(angle: Double = 0) {
        View.performWithoutAnimation {
            view.transform3D = .identity
            view.anchorPoint = Point(x: edge, y: 0.5)
            view.center = centre
            view.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
            view.transform3D = turned(by: angle)
        }
    }

    /// The transform for the angle θ.
    func turned(by angle: Double) -> Transform3D {
        let hinge = Point(x: frame.minX + edge * frame.width, y: frame.midY)
        var t = Transform3D.identity
        t.m34 = m34
        return t.translatedBy(x: hinge.x - centre.x, y: hinge.y - centre.y, z: 0).rotated(by: angle, x: 0, y: 1, z: 0)
    }
}
