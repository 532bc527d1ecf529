extension Spring {
    /// The constants of a spring's closed-form motion, derived once from its mass,
    /// stiffness and damping: what `Spring` evaluates with, and what a fast evaluator
    /// (the engine's per-frame loop) copies into its own compact tables instead of
    /// deriving them a second time.
    ///
    /// With a = c/2m and ω₀ = √(k/m), the motion away from rest is
    /// e^(−at)·(cos ωt, sin ωt / ω) under-damped, e^(−at)·(1, t) critically damped, and
    /// (cosh ht, sinh ht / h)·e^(−at) over-damped; see `Spring.value(at:)`.
    public struct Coefficients: Hashable, Sendable {
        /// Which of the three closed forms applies.
        public enum Regime: Int8, Hashable, Sendable {
            /// ζ < 1: the spring overshoots and oscillates.
            case underDamped = -1
            /// |ζ − 1| within `Spring.criticalTolerance`: its own closed form, not a
            /// limit of the other two (they divide by a frequency that vanishes there).
            case critical = 0
            /// ζ > 1: the spring creeps to rest.
            case overDamped = 1
        }

        /// ω₀ = √(k/m), radians per second.
        public let naturalFrequency: Double
        /// a = c/2m = ζω₀, the envelope's rate.
        public let decay: Double
        /// The damped frequency √(ω₀² − a²) when under-damped, h = √(a² − ω₀²) when
        /// over-damped, 0 when critical.
        public let frequency: Double
        /// The slowest exponential rate of the envelope: a − h when over-damped, computed
        /// without cancellation as ω₀²/(a + h); a otherwise.
        public let slowRate: Double
        public let regime: Regime

        /// The coefficients of `m·x'' + c·x' + k·x = 0` (mass and stiffness positive,
        /// damping not negative: `Spring`'s initialisers check them).
        init(mass m: Double, stiffness k: Double, damping c: Double) {
            let w0 = (k / m).squareRoot(), a = c / (2 * m)
            naturalFrequency = w0
            decay = a
            let zeta = a / w0
            if abs(zeta - 1) <= Spring.criticalTolerance {
                regime = .critical; frequency = 0; slowRate = a
            } else if zeta < 1 {
                regime = .underDamped; frequency = ((w0 - a) * (w0 + a)).squareRoot(); slowRate = a
            } else {
                let h = ((a - w0) * (a + w0)).squareRoot()
                regime = .overDamped; frequency = h; slowRate = w0 * w0 / (a + h)
            }
        }
    }
}
