/// `TimingCurve.progress(at:)` for the engine's inner loop: the same curve, solved for t
/// by Newton's method from a good initial guess instead of from t = x.
///
/// Newton from t = x needs four or five steps (each with a division) for the usual
/// curves, and that was most of a Bézier animation's cost per frame. The guess here comes
/// from a table of t(x) made once per curve (see `CurveTable`): a cubic Hermite piece per
/// 1/64 of x, within about 1e-7 of the root, so one Newton step lands within ~1e-14 and
/// the next step's size (< 1e-6) says so. Where the guess is poor (near a vertical
/// tangent) the steps continue under the same safeguards as `TimingCurve`'s solver, down
/// to bisection. The result agrees with `TimingCurve.progress` to ~1e-12.
///
/// A value type without references: the table is owned by the engine's cache.
struct CurveSolver {
    // x(t) = ((ax·t + bx)·t + cx)·t, likewise y(t): the Bernstein form expanded, exactly
    // as TimingCurve expands it.
    let ax, bx, cx: Double
    let ay, by, cy: Double
    let isLinear: Bool
    /// 4 Hermite coefficients of t(x) per segment, `CurveTable.segments` segments; nil
    /// when the engine's cache is full (then Newton starts from t = x).
    let table: UnsafePointer<Double>?

    init(_ curve: TimingCurve, table: UnsafePointer<Double>?) {
        let cx = 3 * curve.c1x
        let bx = 3 * (curve.c2x - curve.c1x) - cx
        self.cx = cx; self.bx = bx; ax = 1 - cx - bx
        let cy = 3 * curve.c1y
        let by = 3 * (curve.c2y - curve.c1y) - cy
        self.cy = cy; self.by = by; ay = 1 - cy - by
        isLinear = curve.c1x == curve.c1y && curve.c2x == curve.c2y
        self.table = table
    }

    /// The fraction of the change applied when the fraction `x` of the time has elapsed
    /// (0 → 0 and 1 → 1 exactly; x clamped to 0...1).
    @inline(__always)
    func progress(at x: Double) -> Double {
        guard x > 0 else { return 0 }   // also catches NaN
        guard x < 1 else { return 1 }
        if isLinear { return x }
        let t = parameter(forX: x)
        return ((ay * t + by) * t + cy) * t
    }

    @inline(__always)
    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

    @inline(__always)
    private func parameter(forX x: Double) -> Double {
        guard let table else { return solve(x, from: x, accepting: 1e-9) }
        let scaled = x * Double(CurveTable.segments)
        let segment = Swift.min(Int(scaled), CurveTable.segments - 1)
        let u = scaled - Double(segment)
        let c = table + 4 * segment
        let t = Swift.min(Swift.max(((c[3] * u + c[2]) * u + c[1]) * u + c[0], 0), 1)
        // From a guess this close, a step under 1e-6 leaves an error of order
        // (x''/2x')·step² ≲ 1e-12: accept it. The first step is taken here (it is
        // nearly always the last); `solve` goes on from the guess otherwise.
        let error = ((ax * t + bx) * t + cx) * t - x
        let derivative = (3 * ax * t + 2 * bx) * t + cx
        if error != 0 && abs(derivative) >= 1e-6 {
            let step = error / derivative
            let next = t - step
            if next >= 0 && next <= 1 && abs(step) < 1e-6 { return next }
        }
        return solve(x, from: t, accepting: 1e-6)
    }

    /// Newton's method from `t`, stopping on a step smaller than `acceptance`; abandoned
    /// for bisection where x(t) is nearly flat or a step leaves 0...1 (x(t) is monotonic
    /// because TimingCurve clamps the control x values, so bisection always brackets).
    func solve(_ x: Double, from start: Double, accepting acceptance: Double) -> Double {
        var t = start
        for _ in 0..<8 {
            let error = ((ax * t + bx) * t + cx) * t - x
            if error == 0 { return t }
            let derivative = (3 * ax * t + 2 * bx) * t + cx
            if abs(derivative) < 1e-6 { break }
            let step = error / derivative
            let next = t - step
            if !(next >= 0 && next <= 1) { break }
            if abs(step) < acceptance { return next }
            t = next
        }
        var lo = 0.0, hi = 1.0
        while hi - lo > 1e-12 {
            let mid = 0.5 * (lo + hi)
            if ((ax * mid + bx) * mid + cx) * mid < x { lo = mid } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }
}

/// The table behind a `CurveSolver`: t(x) sampled at x = k/64 (each by the full solver)
/// with its slope dt/dx = 1/x'(t), as one cubic Hermite piece per segment. Where x'(t)
/// vanishes (a vertical tangent, e.g. easeOut's start) the slope is unbounded, and that
/// segment's piece is the straight line between its ends instead.
enum CurveTable {
    static let segments = 64

    /// A new table for `curve` (4 × `segments` doubles), owned by the caller.
    static func make(for curve: TimingCurve) -> UnsafeMutablePointer<Double> {
        let solver = CurveSolver(curve, table: nil)
        let n = segments
        let h = 1 / Double(n)
        var ts = [Double](repeating: 0, count: n + 1)
        var slopes = [Double?](repeating: nil, count: n + 1)
        for k in 0...n {
            let x = Double(k) * h
            let t = k == 0 ? 0 : (k == n ? 1 : solver.solve(x, from: x, accepting: 1e-12))
            ts[k] = t
            let derivative = (3 * solver.ax * t + 2 * solver.bx) * t + solver.cx
            slopes[k] = derivative > 1e-3 ? h / derivative : nil
        }
        let table = UnsafeMutablePointer<Double>.allocate(capacity: 4 * n)
        for k in 0..<n {
            let t0 = ts[k], t1 = ts[k + 1]
            let c = table + 4 * k
            if let m0 = slopes[k], let m1 = slopes[k + 1] {
                c[0] = t0
                c[1] = m0
                c[2] = 3 * (t1 - t0) - 2 * m0 - m1
                c[3] = 2 * (t0 - t1) + m0 + m1
            } else {
                c[0] = t0
                c[1] = t1 - t0
                c[2] = 0
                c[3] = 0
            }
        }
        return table
    }
}
