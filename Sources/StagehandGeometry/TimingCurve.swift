/// A cubic Bézier timing function from (0, 0) to (1, 1), as CAMediaTimingFunction.
///
/// UIKit's curve options (`.curveEaseInOut`, …) and custom functions are all this one
/// shape: the x axis is the fraction of the duration elapsed, the y axis the fraction of
/// the change applied. Evaluating it means inverting x(t), which has no convenient closed
/// form, so `progress(at:)` solves for t numerically. It runs for every animated view on
/// every frame, so the polynomial coefficients are computed once, here, and the solver
/// uses neither arrays nor existentials.
///
/// The runtime evaluates it; an effect mostly hands it to the host as data (four numbers
/// through the ABI), and may evaluate or invert it (`time(reaching:)`) to place
/// something at the moment an animation on the curve gets somewhere.
public struct TimingCurve: Hashable, Sendable {
    /// The first control point. `c1x` is clamped to 0...1 so that x(t) stays monotonic
    /// (otherwise the curve is not a function of time); y may leave 0...1 to overshoot.
    public let c1x, c1y: Double
    /// The second control point, with the same clamping as the first.
    public let c2x, c2y: Double

    /// The polynomial form of the curve, expanded once. The engine's per-frame solver
    /// reads it from here, so the expansion exists once.
    public let coefficients: Coefficients
    private var ax: Double { coefficients.ax }
    private var bx: Double { coefficients.bx }
    private var cx: Double { coefficients.cx }
    private var ay: Double { coefficients.ay }
    private var by: Double { coefficients.by }
    private var cy: Double { coefficients.cy }
    private var isLinear: Bool { coefficients.isLinear }

    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        let c1x = Swift.min(Swift.max(c1x, 0), 1)
        let c2x = Swift.min(Swift.max(c2x, 0), 1)
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
        coefficients = Coefficients(c1x, c1y, c2x, c2y)
    }

    /// The same curve from two points (UICubicTimingParameters(controlPoint1:controlPoint2:)),
    /// with the same clamping of x.
    public init(controlPoint1: Point, controlPoint2: Point) {
        self.init(controlPoints: controlPoint1.x, controlPoint1.y, controlPoint2.x, controlPoint2.y)
    }

    /// The first control point, (`c1x`, `c1y`).
    public var controlPoint1: Point { Point(x: c1x, y: c1y) }
    /// The second control point, (`c2x`, `c2y`).
    public var controlPoint2: Point { Point(x: c2x, y: c2y) }

    /// kCAMediaTimingFunctionLinear.
    public static let linear = TimingCurve(controlPoints: 0, 0, 1, 1)
    /// kCAMediaTimingFunctionEaseIn (UIViewAnimationOptionCurveEaseIn).
    public static let easeIn = TimingCurve(controlPoints: 0.42, 0, 1, 1)
    /// kCAMediaTimingFunctionEaseOut (UIViewAnimationOptionCurveEaseOut).
    public static let easeOut = TimingCurve(controlPoints: 0, 0, 0.58, 1)
    /// kCAMediaTimingFunctionEaseInEaseOut: UIView animations' default curve.
    public static let easeInOut = TimingCurve(controlPoints: 0.42, 0, 0.58, 1)
    /// kCAMediaTimingFunctionDefault: what a bare Core Animation animation uses.
    public static let `default` = TimingCurve(controlPoints: 0.25, 0.1, 0.25, 1)

    /// The fraction of the change applied when the fraction `x` of the time has elapsed.
    ///
    /// `x` is clamped to 0...1, and both ends are exact (0 → 0, 1 → 1) so an animation
    /// lands precisely on its values. Inside, the result is within 1e-6 of the curve.
    public func progress(at x: Double) -> Double {
        guard x > 0 else { return 0 }   // also catches NaN
        guard x < 1 else { return 1 }
        if isLinear { return x }
        let t = parameter(forX: x)
        return ((ay * t + by) * t + cy) * t
    }

    /// dy/dx at `x`: the speed of the progress per unit of elapsed fraction.
    ///
    /// Used to carry velocity across when a running animation switches curves (for
    /// instance when an interactive transition finishes with a new curve). Where x'(t)
    /// vanishes the limit is taken: y''/x'' when y' vanishes too (easeOut's start, slope
    /// c2y/c2x), ±infinity when only x' vanishes (a vertical tangent).
    public func slope(at x: Double) -> Double {
        if isLinear { return 1 }
        let t: Double
        if !(x > 0) { t = 0 } else if x >= 1 { t = 1 } else { t = parameter(forX: x) }
        let dx = (3 * ax * t + 2 * bx) * t + cx
        let dy = (3 * ay * t + 2 * by) * t + cy
        let tiny = 1e-12
        if abs(dx) > tiny { return dy / dx }
        if abs(dy) > tiny { return dy > 0 ? .infinity : -.infinity }
        let ddx = 6 * ax * t + 2 * bx, ddy = 6 * ay * t + 2 * by
        if abs(ddx) > tiny { return ddy / ddx }
        if abs(ddy) > tiny { return ddy > 0 ? .infinity : -.infinity }
        return ax != 0 ? ay / ax : 1
    }

    /// The fraction of the time at which the curve reaches the fraction `progress` of the
    /// change: the inverse of `progress(at:)`, for putting a step (a keyframe, a face
    /// turning its back) at the moment an animation on this curve gets there.
    ///
    /// `progress` at or below 0 gives 0, at or above 1 gives 1. y(t) rises monotonically
    /// for every curve whose control points' y lie in 0...1 (all of UIKit's), and the
    /// answer is then exact to rounding; on a curve that overshoots it is one of the
    /// moments the curve passes `progress`. One-off work, not per frame: it bisects.
    public func time(reaching progress: Double) -> Double {
        guard progress > 0 else { return 0 }   // also catches NaN
        guard progress < 1 else { return 1 }
        if isLinear { return progress }
        // Bisection on t keeps y(lo) < progress ≤ y(hi); it never divides by y'(t), which
        // vanishes at the ends of the eased curves. 64 halvings reach adjacent doubles.
        var lo = 0.0, hi = 1.0
        for _ in 0..<64 {
            let mid = 0.5 * (lo + hi)
            guard mid > lo, mid < hi else { break }
            if ((ay * mid + by) * mid + cy) * mid < progress { lo = mid } else { hi = mid }
        }
        return ((ax * hi + bx) * hi + cx) * hi
    }

    /// Solves x(t) = x for t in 0...1 (x strictly inside 0...1).
    ///
    /// Newton's method from t = x converges in three or four steps for every curve UIKit
    /// ships, and stops on the size of its step, which bounds the error in t (and so in
    /// y) directly. Where x(t) is nearly flat (a vertical tangent of the curve) a tiny
    /// error in x is a large one in t, so Newton is abandoned there, or when a step leaves
    /// 0...1, for bisection on t down to 1e-12: x(t) is monotonic because the control x values
    /// are clamped, so bisection always brackets the answer. (Where x'(t) and x''(t)
    /// both vanish, as at the middle of (1, 0, 0, 1), t is only defined to the cube root
    /// of the rounding of x, about 3e-6: no double-precision solver does better there.)
    private func parameter(forX x: Double) -> Double {
        // Quadratic convergence: after a step under 1e-9, t is exact to rounding.
        parameter(forX: x, startingAt: x, acceptingStep: 1e-9)
    }

    /// Solves x(t) = x for t in 0...1 by Newton's method from `start`, accepting the
    /// first step shorter than `acceptance`, with the bisection fallback described at
    /// `parameter(forX:)`. Public so that a solver with a better first guess (the
    /// engine's per-curve table) finishes with this very code.
    public func parameter(forX x: Double, startingAt start: Double, acceptingStep acceptance: Double) -> Double {
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
