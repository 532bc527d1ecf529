import Foundation
import StagehandCore

/// Cubic Bézier curves as straight pieces, for outlines that are cut to a clip as
/// polygons (see `ConvexPolygon`): the text a tile of a screen shows.
enum CurveFlattening {
    /// Appends the points after `p0` of the curve `p0 p1 p2 p3` cut into equal steps of
    /// its parameter, as few as keep every piece within `tolerance` of the curve, `p3`
    /// last. A piece of parameter length h strays at most h²/8 × the largest second
    /// derivative, which is at most 6 × the larger second difference of the control
    /// points.
    ///
    /// The number of steps is worked out from lengths taken as square roots of sums of
    /// squares, which differ from `hypot`'s by a rounding at most; only when that could
    /// change the whole number of steps (the root lies within a billionth of a whole
    /// number) is it worked out again with `hypot`, which text's many curves made a
    /// noticeable part of cutting a title to a tile. So the steps are always `hypot`'s.
    static func appendCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double, into out: inout [Point]) {
        let (ux, uy) = (p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
        let (vx, vy) = (p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y)
        let estimate = (0.75 * max(ux * ux + uy * uy, vx * vx + vy * vy).squareRoot() / tolerance).squareRoot()
        let steps: Int
        if tolerance > 0, estimate > 0, estimate < 1e9, abs(estimate - estimate.rounded()) > 1e-9 * max(1, estimate) {
            steps = min(100, max(1, Int(estimate.rounded(.up))))
        } else {
            let bend = max(hypot(ux, uy), hypot(vx, vy))
            steps = tolerance > 0 && bend > 0 ? min(100, max(1, Int(sqrt(0.75 * bend / tolerance).rounded(.up)))) : 1
        }
        for k in 1..<steps {
            let t = Double(k) / Double(steps), s = 1 - t
            let (w0, w1, w2, w3) = (s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t)
            out.append(Point(x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
                             y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y))
        }
        out.append(p3)
    }
}
