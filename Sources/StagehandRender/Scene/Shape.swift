import Foundation
import StagehandCore

/// An outline to fill, in one of the two forms a view's layer takes on screen.
enum Shape: Sendable, Equatable {
    /// Screen points, in order: the exact projection of a view under a 3D transform with
    /// perspective (which no affine transform can express), or any other outline.
    case polygon([Point])
    /// A rectangle in a view's own coordinates with rounded corners, placed on screen by
    /// an affine transform: how a view that is only moved, scaled, rotated or skewed is
    /// drawn, so its corner radius bends with it.
    case roundedRect(Rect, radius: Double, placement: Transform2D)
}

extension Shape {
    /// The outline as a polygon in screen points, round corners flattened so that no
    /// point of the outline is further than `tolerance` from the polygon: what is cut to
    /// a clip (see `ConvexPolygon`) instead of being clipped by cairo.
    func outline(tolerance: Double) -> [Point] {
        switch self {
        case .polygon(let points):
            return points
        case .roundedRect(let rect, let radius, let t):
            let r = max(0, min(radius, rect.width / 2, rect.height / 2))
            // The placement stretches a length by at most its largest singular value.
            let sum = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d, det = t.a * t.d - t.b * t.c
            let stretch = sqrt(max(0, (sum + sqrt(max(0, sum * sum - 4 * det * det))) / 2))
            let segments = RoundedOutline.segments(radius: r * stretch, tolerance: tolerance)
            return RoundedOutline.points(rect, radius: r, segments: segments).map { $0.applying(t) }
        }
    }
}

extension Shape {
    /// Whether the shape holds every point of the convex outline `clip` (its edges
    /// included): a fill that covers a whole tile. Only rounded rectangles say yes (a
    /// polygon is not asked: false is always safe).
    func covers(_ clip: ConvexPolygon) -> Bool {
        guard case .roundedRect(let rect, let radius, let t) = self, !clip.isEmpty,
              abs(t.a * t.d - t.b * t.c) > 1e-12 else { return false }
        let inverse = t.inverted()
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        let slack = 1e-9 * max(1, rect.width, rect.height)
        for p in clip.points {
            let q = p.applying(inverse)
            // How far outside the rectangle shrunk by r the point is, each way.
            let dx = max(rect.minX + r - q.x, 0, q.x - (rect.maxX - r))
            let dy = max(rect.minY + r - q.y, 0, q.y - (rect.maxY - r))
            if r == 0 {
                if dx > slack || dy > slack { return false }
            } else if (dx * dx + dy * dy).squareRoot() > r + slack {
                return false
            }
        }
        return true
    }
}

extension Shape {
    /// A box on screen around the outline of a rounded rectangle (its rectangle's corners
    /// placed: the rounded outline lies within them), which tells, before the outline is
    /// made, that it misses a clip (`ConvexPolygon.excludesBox`); nil for a polygon, whose
    /// box `ConvexPolygon.clip` finds itself.
    var placedBox: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard case .roundedRect(let rect, _, let t) = self else { return nil }
        let (x1, y1, x2, y2) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        let (ax, bx, cx, dx) = (t.a * x1 + t.c * y1 + t.tx, t.a * x2 + t.c * y1 + t.tx,
                                t.a * x2 + t.c * y2 + t.tx, t.a * x1 + t.c * y2 + t.tx)
        let (ay, by, cy, dy) = (t.b * x1 + t.d * y1 + t.ty, t.b * x2 + t.d * y1 + t.ty,
                                t.b * x2 + t.d * y2 + t.ty, t.b * x1 + t.d * y2 + t.ty)
        return (min(ax, bx, cx, dx), min(ay, by, cy, dy), max(ax, bx, cx, dx), max(ay, by, cy, dy))
    }
}
