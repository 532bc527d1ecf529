import StagehandSDK

/// Hero's timing of a match: its curve, its duration rule and its arc, written from the
/// rules Documentation/MatchedViews.md's effect section cites.
enum MagicMoveTiming {
    /// Hero's default curve (Material's standard curve, CAMediaTimingFunction(0.4, 0, 0.2, 1)).
    static let curve = TimingCurve(controlPoints: 0.4, 0, 0.2, 1)
    /// The whole-screen fade when no view is matched: UIKit's navigation duration.
    static let fallbackDuration = 0.35
    /// Hero's auto duration caps the distance here ("0.2 @ 0 to 0.375 @ 500").
    static let maximumDistance = 500.0

    /// Hero's duration for a view moving from `from` to `to`: 0.208 s plus a 3000th of
    /// a second per point the centre and the size travel together (each a Euclidean
    /// distance), the distance capped at 500.
    static func duration(from: Rect, to: Rect) -> Double {
        let moved = length(to.midX - from.midX, to.midY - from.midY)
        let resized = length(to.width - from.width, to.height - from.height)
        return 0.208 + min(max(moved + resized, 0), maximumDistance) / 3000
    }

    static func length(_ x: Double, _ y: Double) -> Double {
        (x * x + y * y).squareRoot()
    }

    /// The control point of Hero's arc from `from` to `to` with `intensity` (0: the
    /// straight line's midpoint), or `nil` when the move is too straight to arc (Hero
    /// arcs only when both |Δx| and |Δy| are at least 1 point).
    static func arcControl(from: Point, to: Point, intensity: Double) -> Point? {
        guard intensity != 0, abs(to.x - from.x) >= 1, abs(to.y - from.y) >= 1 else { return nil }
        let corner = from.y > to.y ? Point(x: to.x, y: from.y) : Point(x: from.x, y: to.y)
        let middle = Point(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2)
        return Point(x: middle.x + (corner.x - middle.x) * intensity, y: middle.y + (corner.y - middle.y) * intensity)
    }

    /// The quadratic Bézier from `from` through `control` to `to` at parameter `s`.
    static func point(from: Point, control: Point, to: Point, at s: Double) -> Point {
        let a = (1 - s) * (1 - s), b = 2 * (1 - s) * s, c = s * s
        return Point(x: a * from.x + b * control.x + c * to.x, y: a * from.y + b * control.y + c * to.y)
    }
}
