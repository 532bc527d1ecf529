import Foundation

/// Sine and cosine of one angle together, for the engine's per-frame math (a spring's
/// oscillation, a 2D rotation being interpolated).
///
/// The angle is reduced to r in [−π/4, π/4] (Cody–Waite: k·π/2 subtracted in three parts,
/// the first two with 33-bit mantissas so each product is exact for |k| < 2²⁰), then both
/// functions come from their Taylor polynomials to degree 17 and 18, whose truncation
/// error on that interval (< 1e−19) is far below a double's rounding. Results are within
/// 2 ulp of glibc's `sin` and `cos`; beyond |x| = 1e5, and for NaN and infinities, glibc
/// answers. About twice as fast as calling both, and it needs no C shim for `sincos`.
@inline(__always)
func sincos(_ x: Double) -> (sin: Double, cos: Double) {
    guard abs(x) < 1e5 else { return (sin(x), cos(x)) }
    // k = x·2/π rounded to the nearest integer (ties to even): adding and taking away
    // 1.5·2⁵² leaves no fraction bits, and costs two additions where `rounded()` is a
    // call into libm on plain x86-64.
    let shifted = x * 0.6366197723675814 + 6755399441055744.0
    let k = shifted - 6755399441055744.0
    let r = ((x - k * 1.5707963267341256) - k * 6.077100506303966e-11) - k * 2.0222662487959506e-21
    let z = r * r
    // sin r = r + r·z·(−1/3! + z·(1/5! − z·(…)))
    var s = 2.8114572543455206e-15                          // 1/17!
    s = s * z - 7.647163731819816e-13                       // 1/15!
    s = s * z + 1.6059043836821613e-10                      // 1/13!
    s = s * z - 2.505210838544172e-08                       // 1/11!
    s = s * z + 2.7557319223985893e-06                      // 1/9!
    s = s * z - 0.0001984126984126984                       // 1/7!
    s = s * z + 0.008333333333333333                        // 1/5!
    s = s * z - 0.16666666666666666                         // 1/3!
    let sine = r + r * z * s
    // cos r = 1 − z/2 + z²·(1/4! − z·(1/6! − z·(…)))
    var c = -1.5619206968586225e-16                         // 1/18!
    c = c * z + 4.779477332387385e-14                       // 1/16!
    c = c * z - 1.1470745597729725e-11                      // 1/14!
    c = c * z + 2.08767569878681e-09                        // 1/12!
    c = c * z - 2.755731922398589e-07                       // 1/10!
    c = c * z + 2.48015873015873e-05                        // 1/8!
    c = c * z - 0.001388888888888889                        // 1/6!
    c = c * z + 0.041666666666666664                        // 1/4!
    let cosine = 1 - 0.5 * z + z * z * c
    // k mod 4 is in the low bits of `shifted` (1.5·2⁵² + k, |k| < 2⁵¹, has k in the low
    // bits of its mantissa, two's complement alike): no conversion, whose checks (is it
    // finite, does it fit an Int) cost as much as the rest of the reduction.
    switch Int(truncatingIfNeeded: shifted.bitPattern) & 3 {
    case 0: return (sine, cosine)
    case 1: return (cosine, -sine)
    case 2: return (-sine, -cosine)
    default: return (-cosine, sine)
    }
}

/// `Spring.value(at:)` for the engine's inner loop: the same closed form, with the
/// spring's `coefficients` copied once per animation and the damped oscillation's sine
/// and cosine from `sincos`. A plain value, smaller than `Spring`, so a table of spring
/// animations stays compact. Agrees with `Spring.value(at:)` to about 1e−15 (the sine
/// and cosine are within 2 ulp of libm's, and 1/ω is multiplied where Spring divides by
/// ω).
struct SpringSolver {
    /// a = c/2m.
    let decay: Double
    /// The damped frequency √(ω₀² − a²) (under-damped), h = √(a² − ω₀²) (over-damped).
    let frequency: Double
    /// The slowest exponential rate of the over-damped envelope, ω₀²/(a + h).
    let slowRate: Double
    let velocity: Double
    /// 1/frequency (under-damped): a multiplication in the loop where Spring divides
    /// (the results differ by at most an ulp).
    let inverseFrequency: Double
    let regime: Spring.Coefficients.Regime

    init(_ spring: Spring) {
        let c = spring.coefficients
        decay = c.decay
        frequency = c.frequency
        slowRate = c.slowRate
        regime = c.regime
        velocity = spring.initialVelocity
        inverseFrequency = 1 / frequency
    }

    /// The fraction of the distance covered `t` seconds in (see `Spring.value(at:)`).
    @inline(__always)
    func value(at time: Double) -> Double {
        let t = time > 0 ? time : 0
        let c: Double, s: Double
        switch regime {
        case .underDamped:
            let e = exp(-decay * t)
            let (sine, cosine) = sincos(frequency * t)
            c = e * cosine
            s = e * sine * inverseFrequency
        case .critical:
            let e = exp(-decay * t)
            c = e
            s = t * e
        case .overDamped:
            let slow = exp(-slowRate * t), fast = exp(-(decay + frequency) * t)
            c = 0.5 * (slow + fast)
            s = slow * -expm1(-2 * frequency * t) / (2 * frequency)
        }
        return 1 - (c + (decay - velocity) * s)
    }
}
