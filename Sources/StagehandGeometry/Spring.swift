#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped harmonic oscillator that carries a value from 0 to 1: the timing of UIKit's
/// spring animations and of CASpringAnimation.
///
/// The engine scales the unit motion to the real distance, so one `Spring` serves every
/// property of an `animate` block. The motion is `m·x'' + c·x' + k·(x − 1) = 0` with
/// `x(0) = 0` and `x'(0) = initialVelocity`, solved in closed form: evaluating a spring is
/// a few `exp`/`sin` calls, with no integration and no allocation, because it runs for
/// every animated view on every frame.
///
/// Both of UIKit's ways of describing a spring are supported:
/// - the physical one (CASpringAnimation, `UISpringTimingParameters(mass:stiffness:…)`),
///   whose length is `settlingDuration`;
/// - the designer's one (`animate(withDuration:delay:usingSpringWithDamping:…)`), a
///   duration and a damping ratio, mapped to a physical spring as UIKit does.
public struct Spring: Hashable, Sendable {
    /// The moving mass (CASpringAnimation.mass). Non-positive values become 1.
    public let mass: Double
    /// The spring constant k (CASpringAnimation.stiffness). Non-positive values become 100.
    public let stiffness: Double
    /// The damping coefficient c (CASpringAnimation.damping). Negative values become 10.
    public let damping: Double
    /// The starting speed in distances per second: 1 covers the whole distance in one
    /// second (UIKit's `initialSpringVelocity`). The engine divides a real velocity (points
    /// per second) by the distance to get this number.
    public var initialVelocity: Double

    /// The duration asked for in the UIKit form; nil for the physical form.
    let specifiedDuration: Double?

    /// The constants of the closed form, derived once from mass, stiffness and damping.
    /// The engine's per-frame evaluation reads them from here, so the set-up exists once.
    public let coefficients: Coefficients
    private var omega0: Double { coefficients.naturalFrequency }
    private var decay: Double { coefficients.decay }
    private var frequency: Double { coefficients.frequency }
    private var slowRate: Double { coefficients.slowRate }
    private var regime: Coefficients.Regime { coefficients.regime }

    /// |ζ − 1| below this is treated as critical damping, whose closed form is not a limit
    /// of the other two (they divide by a frequency that vanishes there).
    static let criticalTolerance = 1e-9
    /// How close to rest counts as settled, in fractions of the distance (UIKit's 0.001).
    static let settledThreshold = 0.001

    /// The physical form: CASpringAnimation / UISpringTimingParameters(mass:stiffness:…).
    /// Invalid values are replaced by CASpringAnimation's defaults (mass 1, stiffness 100,
    /// damping 10) rather than trapping, since springs may come from effect bundles.
    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.init(checkedMass: mass > 0 && mass.isFinite ? mass : 1,
                  stiffness: stiffness > 0 && stiffness.isFinite ? stiffness : 100,
                  damping: damping >= 0 && damping.isFinite ? damping : 10,
                  initialVelocity: initialVelocity.isFinite ? initialVelocity : 0,
                  duration: nil)
    }

    /// UIKit's form, `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`:
    /// mass 1, and the stiffness chosen so the spring is "done" after `duration`.
    ///
    /// "Done" is UIKit's criterion (the one Framer documents using to match it): with
    /// u = ω₀·D, ζ the damping ratio and s = √(1 − ζ²),
    /// - ζ < 1: the amplitude of the sine term of 1 − x, (ζ/s)·e^(−ζu), equals 0.001;
    /// - ζ = 1: the remaining distance 1 − x(D) = (1 + u)·e^(−u) equals 0.001.
    /// This gives ω₀·D = 9.2334 for ζ = 1 (D = 0.5 s: ω₀ = 18.467, k = 341.0, c = 36.93)
    /// and ω₀·D = 8.9943 for ζ = 0.8 (D = 1 s: k = 80.90, c = 14.39), UIKit's values.
    /// Note that it is not "|1 − x| stays below 0.001 after D" (that would give ω₀·D =
    /// 8.47 for ζ = 0.8): a lightly damped spring is cut while it still swings (ζ = 0.05
    /// is 1.8 % off at D), a ζ = 0.8 one has settled a little before D.
    ///
    /// Taken literally the rule jumps at ζ = 1 (ζ/s grows without bound as ζ → 1⁻), and
    /// it says nothing of ζ > 1. Stagehand bounds the sine term by ζ·min(u, 1/s) and keeps
    /// the cosine term while s·u < 1, solving e^(−ζu)·(max(0, 1 − s·u) + ζ·min(u, 1/s)) =
    /// 0.001 below 1, and 1 − x(D) = 0.001 for the over-damped motion above 1. That is
    /// UIKit's rule wherever s·u ≥ 1 (every ζ ≤ 0.994), continuous at ζ = 1, and strictly
    /// decreasing in u, so bisection solves it for any ζ ≥ 0. The initial velocity does
    /// not change the stiffness: the curve is chosen by duration and damping alone.
    public init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        let zeta = dampingRatio.isNaN ? 1 : Swift.min(Swift.max(dampingRatio, 0), 1e6)
        let d = duration.isNaN ? 1e-6 : Swift.min(Swift.max(duration, 1e-6), 1e6)
        let omega = Spring.naturalFrequencyTimesDuration(dampingRatio: zeta) / d
        self.init(checkedMass: 1, stiffness: omega * omega, damping: 2 * zeta * omega,
                  initialVelocity: initialVelocity.isFinite ? initialVelocity : 0,
                  duration: duration.isNaN ? 0 : Swift.max(duration, 0))
    }

    private init(checkedMass m: Double, stiffness k: Double, damping c: Double,
                 initialVelocity v: Double, duration: Double?) {
        mass = m; stiffness = k; damping = c; initialVelocity = v; specifiedDuration = duration
        coefficients = Coefficients(mass: m, stiffness: k, damping: c)
    }

    /// ζ = c / (2·√(k·m)): below 1 the spring overshoots, at 1 it arrives fastest without
    /// overshooting, above 1 it creeps.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// ω₀ = √(k/m), radians per second.
    public var naturalFrequency: Double { omega0 }

    /// The length of the animation: the duration asked for in UIKit's form (UIKit cuts
    /// the spring there), `settlingDuration` in the physical form (as one sets
    /// `CASpringAnimation.duration = settlingDuration`).
    public var duration: Double { specifiedDuration ?? settlingDuration }

    /// e^(−at)·cos(ωt) and e^(−at)·sin(ωt)/ω, or their critical (e^(−at), t·e^(−at)) and
    /// over-damped (cosh, sinh/h) counterparts. Every motion of the spring is
    /// C + (a − v)·S away from 1 and moves at v·C + (ω₀² − a·v)·S, so the three regimes
    /// share one formula. The over-damped pair is written with the slow and fast
    /// exponentials separately so large ζ·ω₀·t neither overflows cosh nor cancels.
    private func basis(_ t: Double) -> (c: Double, s: Double) {
        switch regime {
        case .underDamped:
            let e = exp(-decay * t)
            return (e * cos(frequency * t), e * sin(frequency * t) / frequency)
        case .critical:
            let e = exp(-decay * t)
            return (e, t * e)
        case .overDamped:
            let slow = exp(-slowRate * t), fast = exp(-(decay + frequency) * t)
            return (0.5 * (slow + fast), slow * -expm1(-2 * frequency * t) / (2 * frequency))
        }
    }

    /// The fraction of the distance covered at `t` seconds: 0 at t = 0 (and before), 1 at
    /// rest, above 1 while an under-damped spring overshoots.
    public func value(at t: Double) -> Double {
        let b = basis(t > 0 ? t : 0)
        return 1 - (b.c + (decay - initialVelocity) * b.s)
    }

    /// The speed at `t`, in distances per second (`initialVelocity` at t = 0).
    public func velocity(at t: Double) -> Double {
        let b = basis(t > 0 ? t : 0)
        return initialVelocity * b.c + (omega0 * omega0 - decay * initialVelocity) * b.s
    }

    /// The time after which the spring stays at rest: |1 − x| ≤ 0.001 and the motion
    /// |x'|/ω₀ ≤ 0.001 (the speed expressed as the displacement it would swing through)
    /// from then on. The counterpart of CASpringAnimation.settlingDuration; infinite for
    /// an undamped spring. Exact, not sampled: the last excursion above the threshold is
    /// found from the closed form and the crossing is bisected. Costs a few dozen
    /// evaluations: call it once per animation, not per frame.
    public var settlingDuration: Double {
        let eps = Spring.settledThreshold, v = initialVelocity
        let displacement = lastExcursion(p: 1, q: decay - v, above: eps)
        let motion = lastExcursion(p: v / omega0, q: (omega0 * omega0 - decay * v) / omega0, above: eps)
        return Swift.max(displacement, motion)
    }

    private func component(_ p: Double, _ q: Double, _ t: Double) -> Double {
        let b = basis(t)
        return p * b.c + q * b.s
    }

    /// The last time |p·C(t) + q·S(t)| ≥ eps (0 if never).
    private func lastExcursion(p: Double, q: Double, above eps: Double) -> Double {
        if regime == .underDamped {
            // A damped sinusoid e^(−at)·R·cos(ωt − φ): its peaks sit at ωt − φ = kπ − ψ
            // with ψ = atan(a/ω), and are worth R·(ω/ω₀)·e^(−at), so the last peak above
            // eps is known; from it |f| falls monotonically to the next zero.
            let w = frequency, qs = q / w
            let r = (p * p + qs * qs).squareRoot()
            guard r > 0 else { return 0 }
            guard decay > 0 else { return r < eps ? 0 : .infinity }   // undamped: never settles
            let phi = atan2(qs, p), psi = atan2(decay, w)
            let lastPeakTime = log(r * w / (omega0 * eps)) / decay
            var peak = (phi - psi + (((w * lastPeakTime - phi + psi) / .pi).rounded(.down)) * .pi) / w
            var start = Swift.max(peak, 0)
            for _ in 0..<3 where start > 0 && abs(component(p, q, start)) < eps {
                peak -= .pi / w   // rounding put us on a peak just below eps: step back one
                start = Swift.max(peak, 0)
            }
            guard abs(component(p, q, start)) >= eps else { return 0 }
            let m = ((w * start - phi - .pi / 2) / .pi).rounded(.down) + 1
            return crossing(p, q, from: start, to: (phi + .pi / 2 + m * .pi) / w, eps)
        }
        // Critical or over-damped: f has at most one zero and one extremum, the zero first
        // (f must come back to 0), and |f| falls monotonically after the extremum.
        let zero = positiveRoot(p, q)
        let extremum = positiveRoot(q - decay * p, p * frequency * frequency - decay * q)
        let start = extremum ?? 0
        if abs(component(p, q, start)) >= eps {
            var step = 1 / slowRate, end = start + step
            for _ in 0..<200 where abs(component(p, q, end)) >= eps { step *= 2; end = start + step }
            return crossing(p, q, from: start, to: end, eps)
        }
        let end = zero ?? start
        return end > 0 && abs(p) >= eps ? crossing(p, q, from: 0, to: end, eps) : 0
    }

    /// The t > 0 where P·C(t) + Q·S(t) = 0 (critical or over-damped), if any:
    /// tanh(ht)/h = −P/Q, which is t = −P/Q when critically damped.
    private func positiveRoot(_ pc: Double, _ qs: Double) -> Double? {
        guard qs != 0 else { return nil }
        let r = -pc / qs
        guard r > 0 else { return nil }
        if regime == .critical { return r }
        let x = r * frequency
        return x < 1 ? atanh(x) / frequency : nil
    }

    /// Bisects [lo, hi] where |f(lo)| ≥ eps > |f(hi)| and |f| is monotonic.
    private func crossing(_ p: Double, _ q: Double, from lo: Double, to hi: Double, _ eps: Double) -> Double {
        var lo = lo, hi = hi
        for _ in 0..<100 where hi - lo > 1e-13 * Swift.max(hi, 1e-3) {
            let mid = 0.5 * (lo + hi)
            if abs(component(p, q, mid)) >= eps { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// ω₀·D for UIKit's duration form: the root u of the criterion described at
    /// `init(duration:dampingRatio:initialVelocity:)`, which depends on ζ alone.
    static func naturalFrequencyTimesDuration(dampingRatio zeta: Double) -> Double {
        let eps = settledThreshold
        var lo = 0.0, hi = 1.0
        for _ in 0..<80 where uikitRemainder(zeta, hi) >= eps { lo = hi; hi *= 2 }
        for _ in 0..<200 where hi - lo > 1e-14 * hi {
            let mid = 0.5 * (lo + hi)
            if uikitRemainder(zeta, mid) >= eps { lo = mid } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }

    /// The quantity UIKit's duration form drives to 0.001 at u = ω₀·D (ω₀ = 1, v = 0).
    static func uikitRemainder(_ zeta: Double, _ u: Double) -> Double {
        if zeta < 1 {
            let s = ((1 - zeta) * (1 + zeta)).squareRoot()
            return exp(-zeta * u) * (Swift.max(0, 1 - s * u) + zeta * Swift.min(u, 1 / s))
        }
        if zeta - 1 <= criticalTolerance { return (1 + u) * exp(-u) }
        let h = ((zeta - 1) * (zeta + 1)).squareRoot()
        let slow = exp(-u / (zeta + h)), fast = exp(-(zeta + h) * u)
        return 0.5 * (slow + fast) + zeta * slow * -expm1(-2 * h * u) / (2 * h)
    }
}
