import Foundation
import StagehandCore
import StagehandTrace

/// A view's bounds projected on the screen: its four corners clockwise from the top left,
/// as the trace records them (3D transforms and perspective included).
struct Quad: Sendable {
    var topLeft, topRight, bottomRight, bottomLeft: Point

    /// The corners as the record holds them (in place: no arrays made); nil unless
    /// they are four points of two finite numbers.
    init?(_ corners: CornerList) {
        guard let c = corners.fourPoints,
              c.0.isFinite && c.1.isFinite && c.2.isFinite && c.3.isFinite && c.4.isFinite && c.5.isFinite
                && c.6.isFinite && c.7.isFinite else { return nil }
        (topLeft, topRight, bottomRight, bottomLeft) = (Point(x: c.0, y: c.1), Point(x: c.2, y: c.3),
                                                        Point(x: c.4, y: c.5), Point(x: c.6, y: c.7))
    }

    var points: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// Twice the signed area (shoelace): zero for a face seen edge-on, which draws nothing.
    var doubleArea: Double {
        func cross(_ a: Point, _ b: Point) -> Double { a.x * b.y - b.x * a.y }
        return cross(topLeft, topRight) + cross(topRight, bottomRight) + cross(bottomRight, bottomLeft) + cross(bottomLeft, topLeft)
    }

    /// Whether the four corners form a parallelogram, i.e. the view's transform is affine
    /// on screen (no perspective): then it is drawn as a transformed rounded rectangle.
    var isParallelogram: Bool {
        let dx = topLeft.x + bottomRight.x - topRight.x - bottomLeft.x
        let dy = topLeft.y + bottomRight.y - topRight.y - bottomLeft.y
        let scale = max(1, hypot(topRight.x - topLeft.x, topRight.y - topLeft.y),
                        hypot(bottomLeft.x - topLeft.x, bottomLeft.y - topLeft.y))
        return hypot(dx, dy) <= 1e-4 * scale
    }

    /// The affine transform that carries a `size` rectangle at the origin onto three of
    /// the corners (top left, top right, bottom left): exact for an affine view, and for a
    /// 3D face the best a label can do without perspective text.
    func placement(for size: Size) -> Transform2D? {
        guard size.width > 0, size.height > 0 else { return nil }
        let t = Transform2D(a: (topRight.x - topLeft.x) / size.width, b: (topRight.y - topLeft.y) / size.width,
                            c: (bottomLeft.x - topLeft.x) / size.height, d: (bottomLeft.y - topLeft.y) / size.height,
                            tx: topLeft.x, ty: topLeft.y)
        // A singular transform has no inverse: cairo would refuse it (and stop drawing).
        guard abs(t.a * t.d - t.b * t.c) > 1e-9 else { return nil }
        return t
    }

    /// The view's own size, which the trace does not record: the length of the top and
    /// left edges divided by the scale of the view's own transform along them (its
    /// ancestors are almost always untransformed). When the transform squashes an axis
    /// to almost nothing the division says nothing, and the frame's size is used.
    func localSize(transform: NumberList, frame: NumberList) -> Size {
        let fallback = Size(width: frame.count == 4 ? abs(frame[2]) : 0, height: frame.count == 4 ? abs(frame[3]) : 0)
        guard transform.count == 6 else { return fallback }
        let sx = hypot(transform[0], transform[1]), sy = hypot(transform[2], transform[3])
        let top = hypot(topRight.x - topLeft.x, topRight.y - topLeft.y)
        let left = hypot(bottomLeft.x - topLeft.x, bottomLeft.y - topLeft.y)
        return Size(width: sx > 0.05 ? top / sx : fallback.width, height: sy > 0.05 ? left / sy : fallback.height)
    }

    /// The map from a `size` rectangle at the origin onto the four corners: the projective
    /// one (a homography, exact for a flat face seen in perspective), which is the affine
    /// `placement` when the corners form a parallelogram. Nil when it degenerates.
    func projection(for size: Size) -> ((Point) -> Point)? {
        guard size.width > 0, size.height > 0 else { return nil }
        let (p0, p1, p2, p3) = (topLeft, topRight, bottomRight, bottomLeft)
        let dx1 = p1.x - p2.x, dx2 = p3.x - p2.x, dx3 = p0.x - p1.x + p2.x - p3.x
        let dy1 = p1.y - p2.y, dy2 = p3.y - p2.y, dy3 = p0.y - p1.y + p2.y - p3.y
        let det = dx1 * dy2 - dx2 * dy1
        guard abs(det) > 1e-12 else { return nil }
        let g = (dx3 * dy2 - dx2 * dy3) / det, h = (dx1 * dy3 - dx3 * dy1) / det
        let a = p1.x - p0.x + g * p1.x, b = p3.x - p0.x + h * p3.x
        let d = p1.y - p0.y + g * p1.y, e = p3.y - p0.y + h * p3.y
        let (w, ht) = (size.width, size.height)
        return { p in
            let u = p.x / w, v = p.y / ht
            let q = g * u + h * v + 1
            guard abs(q) > 1e-12 else { return p0 }
            return Point(x: (a * u + b * v + p0.x) / q, y: (d * u + e * v + p0.y) / q)
        }
    }
}
