import StagehandSDK

/// The timing of Material's fade-through, expressed with UIKit's block animations.
///
/// Material drives a whole transition with one eased progress p (its standard curve,
/// "fast out, slow in", over 300 ms) and fades on that progress, not on time: the
/// outgoing view's alpha is 1 − p / 0.35 while p < 0.35, the incoming view's
/// (p − 0.35) / 0.65 after it. A block animation has a start, a duration and a curve
/// in time, so each half is given the piece of the master curve it covers: the curve
/// is cut where it reaches 0.35 (de Casteljau's construction, which gives two cubic
/// Béziers), and each piece, rescaled to a unit square, is itself a timing curve. The
/// outgoing fade then plays on the first piece for the time the master curve takes to
/// reach 0.35, the incoming fade on the second for the rest, and both land exactly
/// where Material's formula puts them at every instant.
struct FadeThroughTiming {
    /// When the fade-out ends and the fade-in begins, as a fraction of the duration.
    let switchTime: Double
    /// The curve of the fade-out, over 0...switchTime.
    let fadeOutCurve: TimingCurve
    /// The curve of the fade-in, over switchTime...1.
    let fadeInCurve: TimingCurve

    /// Material's progress at which the outgoing view is gone and the incoming starts.
    static let threshold = 0.35

    /// Cuts `curve` where its progress reaches `threshold` (strictly inside 0...1).
    init(curve: TimingCurve, threshold: Double = FadeThroughTiming.threshold) {
        let p0 = Point(x: 0, y: 0), p1 = curve.controlPoint1, p2 = curve.controlPoint2, p3 = Point(x: 1, y: 1)
        // The Bézier parameter s where y(s) = threshold; y rises monotonically for curves
        // whose control points' y lie in 0...1, so bisection brackets it.
        func y(_ s: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1.y + 3 * u * s * s * p2.y + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<64 {
            let mid = 0.5 * (lo + hi)
            if y(mid) < threshold { lo = mid } else { hi = mid }
        }
        let s = 0.5 * (lo + hi)
        func lerp(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s) }
        let a = lerp(p0, p1), b = lerp(p1, p2), c = lerp(p2, p3)
        let d = lerp(a, b), e = lerp(b, c)
        let cut = lerp(d, e)
        // Before the cut: p0, a, d, cut. After it: cut, e, c, p3. Each rescaled to 0...1.
        func scaled(_ p: Point, from start: Point, to end: Point) -> Point {
            Point(x: (p.x - start.x) / (end.x - start.x), y: (p.y - start.y) / (end.y - start.y))
        }
        switchTime = cut.x
        fadeOutCurve = TimingCurve(controlPoint1: scaled(a, from: p0, to: cut), controlPoint2: scaled(d, from: p0, to: cut))
        fadeInCurve = TimingCurve(controlPoint1: scaled(e, from: cut, to: p3), controlPoint2: scaled(c, from: cut, to: p3))
    }
}
