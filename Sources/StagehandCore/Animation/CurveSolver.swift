/// `TimingCurve.progress(at:)` for the engine's inner loop: the same curve, solved for t
/// by Newton's method from a good initial guess instead of from t = x.
///
/// Newton from t = x needs four or five steps (each with a division) for the usual
/// curves, and that was most of a Bézier animation's cost per frame. The guess here comes
/// from a table of t(x) made once per curve: a cubic Hermite piece per 1/64 of x, within
/// about 1e-7 of the root, so one Newton step lands within ~1e-14 and the next step's size
/// (< 1e-6) says so. Where the guess is poor (near a vertical tangent) the steps continue
/// under the same safeguards as `TimingCurve`'s solver, down to bisection. The result
/// agrees with `TimingCurve.progress` to ~1e-12.
///
/// The solver is one pointer to a block holding the curve's coefficients and its table,
/// so an animation carries 8 bytes for it; the engine keeps one block per distinct curve
/// (`Animator`), or, past its cache's limit, the animation owns its own (`isOwned`).
struct CurveSolver {
    let block: UnsafeMutablePointer<Double>

    /// Segments of the t(x) table; the block is `header` doubles, then 4 per segment.
    static let segments = 64
    private static let header = 16

    // Block layout: ax, bx, cx, ay, by, cy (TimingCurve's `coefficients`: x(t) =
    // ((ax·t + bx)·t + cx)·t, likewise y), isLinear, isOwned,
    // then the control points c1x, c1y, c2x, c2y (for `curve`).
    @inline(__always) var ax: Double { block[0] }
    @inline(__always) var bx: Double { block[1] }
    @inline(__always) var cx: Double { block[2] }
    @inline(__always) var ay: Double { block[3] }
    @inline(__always) var by: Double { block[4] }
    @inline(__always) var cy: Double { block[5] }
    @inline(__always) var isLinear: Bool { block[6] != 0 }
    /// Whether the animation that holds it frees it (else the engine's cache does).
    var isOwned: Bool { block[7] != 0 }

    /// A new block for `curve`, with its table made.
    static func make(for curve: TimingCurve, owned: Bool) -> CurveSolver {
        let block = UnsafeMutablePointer<Double>.allocate(capacity: header + 4 * segments)
        block.initialize(repeating: 0, count: header + 4 * segments)
        let c = curve.coefficients
        block[0] = c.ax; block[1] = c.bx; block[2] = c.cx
        block[3] = c.ay; block[4] = c.by; block[5] = c.cy
        block[6] = c.isLinear ? 1 : 0
        block[7] = owned ? 1 : 0
        block[8] = curve.c1x; block[9] = curve.c1y; block[10] = curve.c2x; block[11] = curve.c2y
        let solver = CurveSolver(block: block)
        solver.makeTable()
        return solver
    }

    func free() {
        block.deallocate()
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
    private func parameter(forX x: Double) -> Double {
        // The segment is ⌊64·x⌋ (0 < x < 1 here), taken from the bits of 64·x + 1.5·2⁵²
        // (which holds the nearest integer in its low bits) and stepped down when that
        // rounded up: a checked Double-to-Int conversion (is it finite, does it fit)
        // costs more than the rest of the lookup.
        let scaled = x * Double(Self.segments)
        let shifted = scaled + 6755399441055744.0
        var segment = Int(truncatingIfNeeded: shifted.bitPattern) & 0xff
        if shifted - 6755399441055744.0 > scaled { segment &-= 1 }
        segment = Swift.min(segment, Self.segments - 1)
        let u = scaled - Double(segment)
        let c = block + (Self.header &+ 4 &* segment)
        let t = Swift.min(Swift.max(((c[3] * u + c[2]) * u + c[1]) * u + c[0], 0), 1)
        // From a guess this close, a step under 1e-6 leaves an error of order
        // (x''/2x')·step² ≲ 1e-12: accept it. The first step is taken here (it is
        // nearly always the last); `solve` goes on from the guess otherwise.
        let (ax, bx, cx) = (self.ax, self.bx, self.cx)
        let error = ((ax * t + bx) * t + cx) * t - x
        let derivative = (3 * ax * t + 2 * bx) * t + cx
        if error != 0 && abs(derivative) >= 1e-6 {
            let step = error / derivative
            let next = t - step
            if next >= 0 && next <= 1 && abs(step) < 1e-6 { return next }
        }
        return solve(x, from: t, accepting: 1e-6)
    }

    /// The curve this block was made for (its control points are kept in the header).
    var curve: TimingCurve { TimingCurve(controlPoints: block[8], block[9], block[10], block[11]) }

    /// Newton's method from `t`, stopping on a step smaller than `acceptance`, with
    /// TimingCurve's bisection fallback: off the frame path (the table's making, and the
    /// rare frame whose first step from the table does not land).
    func solve(_ x: Double, from start: Double, accepting acceptance: Double) -> Double {
        curve.parameter(forX: x, startingAt: start, acceptingStep: acceptance)
    }

    /// t(x) sampled at x = k/64 (each by the full solver) with its slope dt/dx = 1/x'(t),
    /// as one cubic Hermite piece per segment. Where x'(t) vanishes (a vertical tangent,
    /// e.g. easeOut's start) the slope is unbounded, and that segment's piece is the
    /// straight line between its ends instead.
    private func makeTable() {
        let n = Self.segments
        let h = 1 / Double(n)
        var ts = [Double](repeating: 0, count: n + 1)
        var slopes = [Double?](repeating: nil, count: n + 1)
        for k in 0...n {
            let x = Double(k) * h
            let t = k == 0 ? 0 : (k == n ? 1 : solve(x, from: x, accepting: 1e-12))
            ts[k] = t
            let derivative = (3 * ax * t + 2 * bx) * t + cx
            slopes[k] = derivative > 1e-3 ? h / derivative : nil
        }
        for k in 0..<n {
            let t0 = ts[k], t1 = ts[k + 1]
            let c = block + Self.header + 4 * k
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
    }
}
