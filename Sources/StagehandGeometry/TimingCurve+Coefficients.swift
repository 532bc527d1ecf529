extension TimingCurve {
    /// A timing curve as polynomials: x(t) = ((ax·t + bx)·t + cx)·t and likewise y(t),
    /// the Bernstein form of the cubic from (0, 0) to (1, 1) expanded once. What
    /// `TimingCurve` evaluates with, and what a fast evaluator (the engine's per-frame
    /// solver) copies instead of expanding the control points a second time.
    public struct Coefficients: Hashable, Sendable {
        public let ax, bx, cx: Double
        public let ay, by, cy: Double
        /// The diagonal (y(t) == x(t) for every t): progress equals the input, no solving.
        public let isLinear: Bool

        /// The expansion of the control points (x already clamped to 0...1).
        init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
            cx = 3 * c1x
            bx = 3 * (c2x - c1x) - cx
            ax = 1 - cx - bx
            cy = 3 * c1y
            by = 3 * (c2y - c1y) - cy
            ay = 1 - cy - by
            isLinear = c1x == c1y && c2x == c2y
        }
    }
}
