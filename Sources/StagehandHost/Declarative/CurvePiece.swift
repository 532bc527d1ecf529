import StagehandGeometry

/// The part of a cubic timing curve between two fractions of its progress, as a timing
/// curve of its own: when it starts and ends (fractions of the whole duration) and its
/// shape rescaled to the unit square. A track that plays on that part of the phase
/// (Material's fade-through: the outgoing view gone when the phase's curve reaches
/// 35 %) is then an ordinary animation with a delay, a duration and a Bézier, and lands
/// where the phase's curve is at every instant.
struct CurvePiece: Equatable {
    /// Fractions of the whole duration.
    var start: Double
    var end: Double
    var curve: TimingCurve

    /// The piece of `whole` while its progress goes from `from` to `to` (0 ≤ from < to ≤ 1).
    /// The progress must rise monotonically, as it does for every curve whose control
    /// points' y lie in 0...1.
    init(of whole: TimingCurve, from: Double, to: Double) {
        let points = [Point(x: 0, y: 0), whole.controlPoint1, whole.controlPoint2, Point(x: 1, y: 1)]
        let low = from <= 0 ? 0 : Self.parameter(of: points, reaching: from)
        let high = to >= 1 ? 1 : Self.parameter(of: points, reaching: to)
        // The segment between the two parameters: the tail after `low`, then the head of
        // that tail up to where `high` falls in it.
        var piece = Self.split(points, at: low).after
        if high < 1 { piece = Self.split(piece, at: (high - low) / (1 - low)).before }
        let first = piece[0], last = piece[3]
        func unit(_ p: Point) -> Point {
            Point(x: (p.x - first.x) / (last.x - first.x), y: (p.y - first.y) / (last.y - first.y))
        }
        start = first.x
        end = last.x
        curve = TimingCurve(controlPoint1: unit(piece[1]), controlPoint2: unit(piece[2]))
    }

    /// The Bézier parameter where the curve's y reaches `progress`, by bisection (y rises
    /// with the parameter; its derivative vanishes at the ends of eased curves, so no
    /// Newton step).
    private static func parameter(of points: [Point], reaching progress: Double) -> Double {
        var below = 0.0, above = 1.0
        for _ in 0..<64 {
            let middle = (below + above) / 2
            let u = 1 - middle
            let y = u * u * u * points[0].y + 3 * u * u * middle * points[1].y + 3 * u * middle * middle * points[2].y
                + middle * middle * middle * points[3].y
            if y < progress { below = middle } else { above = middle }
        }
        return (below + above) / 2
    }

    /// de Casteljau's construction: the curve's two halves at parameter `t`.
    private static func split(_ p: [Point], at t: Double) -> (before: [Point], after: [Point]) {
        func mix(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let p01 = mix(p[0], p[1]), p12 = mix(p[1], p[2]), p23 = mix(p[2], p[3])
        let p012 = mix(p01, p12), p123 = mix(p12, p23)
        let middle = mix(p012, p123)
        return ([p[0], p01, p012, middle], [middle, p123, p23, p[3]])
    }
}
