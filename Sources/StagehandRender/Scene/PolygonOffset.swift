import Foundation
import StagehandCore

/// Grows a convex polygon by a distance, for the soft edges of a shadow under a 3D face
/// (an affine view grows its rounded rectangle instead): each edge moves out along its
/// normal and neighbouring edges meet again.
enum PolygonOffset {
    /// `points` grown by `distance`; nil when the polygon is degenerate or not convex (a
    /// face twisted through itself gets no shadow rather than a wrong one).
    static func grow(_ points: [Point], by distance: Double) -> [Point]? {
        let n = points.count
        guard n >= 3 else { return nil }
        var area = 0.0
        for i in 0..<n {
            let a = points[i], b = points[(i + 1) % n]
            area += a.x * b.y - b.x * a.y
        }
        guard abs(area) > 1e-6 else { return nil }
        // Clockwise on screen (y down) has a positive shoelace sum; outward normals follow.
        let orientation: Double = area > 0 ? 1 : -1
        var sign = 0.0
        for i in 0..<n {
            let a = points[i], b = points[(i + 1) % n], c = points[(i + 2) % n]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if abs(cross) < 1e-9 { continue }
            if sign == 0 { sign = cross > 0 ? 1 : -1 } else if (cross > 0 ? 1 : -1) != sign { return nil }
        }
        // Each edge as a point and a direction, moved out by `distance`.
        var lines: [(Point, Point)] = []
        for i in 0..<n {
            let a = points[i], b = points[(i + 1) % n]
            let length = hypot(b.x - a.x, b.y - a.y)
            guard length > 1e-9 else { return nil }
            let dir = Point(x: (b.x - a.x) / length, y: (b.y - a.y) / length)
            let normal = Point(x: dir.y * orientation, y: -dir.x * orientation)
            lines.append((Point(x: a.x + normal.x * distance, y: a.y + normal.y * distance), dir))
        }
        var out: [Point] = []
        for i in 0..<n {
            let (p, r) = lines[(i + n - 1) % n], (q, s) = lines[i]
            let denominator = r.x * s.y - r.y * s.x
            guard abs(denominator) > 1e-9 else {
                out.append(q)
                continue
            }
            let t = ((q.x - p.x) * s.y - (q.y - p.y) * s.x) / denominator
            out.append(Point(x: p.x + r.x * t, y: p.y + r.y * t))
        }
        return out
    }
}
