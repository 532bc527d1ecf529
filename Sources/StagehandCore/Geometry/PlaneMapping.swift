/// The map a 4×4 transform makes of the z = 0 plane onto the flattened plane: a 3×3
/// homography. Inverting it tells which point of a tilted layer lies under a point of
/// the screen, which hit testing and `convert(_:from:)` need.
struct PlaneMapping {
    // x' = (a x + b y + c) / (g x + h y + i), y' = (d x + e y + f) / (g x + h y + i)
    var a, b, c, d, e, f, g, h, i: Double

    init(_ m: Transform3D) {
        a = m.m11; b = m.m21; c = m.m41
        d = m.m12; e = m.m22; f = m.m42
        g = m.m14; h = m.m24; i = m.m44
    }

    func inverse(_ p: Point) -> Point {
        // Solve [a-gX, b-hX; d-gY, e-hY] [x y]ᵀ = [iX - c, iY - f]ᵀ.
        let m11 = a - g * p.x, m12 = b - h * p.x
        let m21 = d - g * p.y, m22 = e - h * p.y
        let r1 = i * p.x - c, r2 = i * p.y - f
        let det = m11 * m22 - m12 * m21
        guard det != 0, det.isFinite else { return p }
        return Point(x: (r1 * m22 - m12 * r2) / det, y: (m11 * r2 - r1 * m21) / det)
    }
}
