import Testing
import StagehandCore

/// An independent solution: classical Runge–Kutta on m·x'' + c·x' + k·(x − 1) = 0,
/// sampled at `times` (ascending). Returns (x, x') at each.
private func integrate(mass m: Double, stiffness k: Double, damping c: Double,
                       velocity v0: Double, times: [Double], step h: Double = 1e-5) -> [(x: Double, v: Double)] {
    func accel(_ x: Double, _ v: Double) -> Double { (-c * v - k * (x - 1)) / m }
    var x = 0.0, v = v0, t = 0.0
    var out: [(x: Double, v: Double)] = []
    for target in times {
        while t < target - 1e-12 {
            let dt = Swift.min(h, target - t)
            let k1x = v, k1v = accel(x, v)
            let k2x = v + 0.5 * dt * k1v, k2v = accel(x + 0.5 * dt * k1x, v + 0.5 * dt * k1v)
            let k3x = v + 0.5 * dt * k2v, k3v = accel(x + 0.5 * dt * k2x, v + 0.5 * dt * k2v)
            let k4x = v + dt * k3v, k4v = accel(x + dt * k3x, v + dt * k3v)
            x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += dt
        }
        out.append((x, v))
    }
    return out
}

@Suite("Spring")
struct SpringTests {
    // ω₀ = 10 with ζ = 0.3, 1 and 2, each at rest, pushed forward and pushed backward.
    static let cases: [(m: Double, k: Double, c: Double, v: Double)] = [
        (1, 100, 6, 0), (1, 100, 6, 4), (2, 200, 12, -3),
        (1, 100, 20, 0), (1, 100, 20, 4), (1, 100, 20, -7),
        (1, 100, 40, 0), (1, 100, 40, 4), (0.5, 50, 20, -3),
    ]

    @Test(arguments: cases)
    func closedFormMatchesIntegration(_ p: (m: Double, k: Double, c: Double, v: Double)) {
        let spring = Spring(mass: p.m, stiffness: p.k, damping: p.c, initialVelocity: p.v)
        let times = (1...60).map { Double($0) * 0.025 }
        let reference = integrate(mass: p.m, stiffness: p.k, damping: p.c, velocity: p.v, times: times)
        for (t, r) in zip(times, reference) {
            #expect(abs(spring.value(at: t) - r.x) < 1e-6, "x(\(t)) for \(p)")
            #expect(abs(spring.velocity(at: t) - r.v) < 1e-6, "x'(\(t)) for \(p)")
        }
    }

    @Test func dampingRatioAndNaturalFrequency() {
        #expect(abs(Spring(stiffness: 100, damping: 6).dampingRatio - 0.3) < 1e-15)
        #expect(Spring(stiffness: 100, damping: 20).dampingRatio == 1)
        #expect(abs(Spring(mass: 2, stiffness: 200, damping: 80).dampingRatio - 2) < 1e-15)
        #expect(Spring(mass: 4, stiffness: 100, damping: 1).naturalFrequency == 5)
    }

    @Test func startsAtZeroWithItsVelocityAndComesToRest() {
        for p in SpringTests.cases {
            let s = Spring(mass: p.m, stiffness: p.k, damping: p.c, initialVelocity: p.v)
            #expect(s.value(at: 0) == 0)
            #expect(s.value(at: -1) == 0)
            #expect(s.velocity(at: 0) == p.v)
            #expect(abs(s.value(at: 60) - 1) < 1e-12)
            #expect(abs(s.velocity(at: 60)) < 1e-12)
        }
    }

    @Test func uikitCriticallyDampedHalfSecond() {
        let s = Spring(duration: 0.5, dampingRatio: 1)
        #expect(s.mass == 1)
        #expect(abs(s.naturalFrequency - 18.467) < 1e-3)
        #expect(abs(s.stiffness - 341.0) < 0.1)
        #expect(abs(s.damping - 36.93) < 0.01)
        // With ζ = 1 UIKit's criterion is exactly "0.1 % left at D".
        #expect(abs(1 - s.value(at: 0.5) - 0.001) < 1e-9)
        #expect(abs(s.settlingDuration - 0.5) < 1e-9)
        #expect(s.duration == 0.5)
    }

    @Test func uikitUnderDampedOneSecond() {
        let s = Spring(duration: 1, dampingRatio: 0.8)
        #expect(abs(s.stiffness - 80.90) < 0.1)
        #expect(abs(s.damping - 14.39) < 0.01)
        #expect(abs(s.dampingRatio - 0.8) < 1e-12)
        #expect(s.duration == 1)
        // UIKit's criterion is looser than true settling: this spring rests before 1 s.
        #expect(s.settlingDuration < 1)
    }

    @Test func durationFormScalesWithDuration() {
        for zeta in [0.1, 0.5, 0.8, 1, 1.5] {
            let a = Spring(duration: 0.4, dampingRatio: zeta), b = Spring(duration: 1.2, dampingRatio: zeta)
            #expect(abs(a.naturalFrequency * 0.4 - b.naturalFrequency * 1.2) < 1e-9)
        }
    }

    @Test func durationFormIsContinuousAndFiniteForAnyDampingRatio() {
        var previous = Spring(duration: 1, dampingRatio: 0.05).naturalFrequency
        var zeta = 0.05
        while zeta <= 10 {
            let s = Spring(duration: 1, dampingRatio: zeta)
            #expect(s.naturalFrequency.isFinite && s.naturalFrequency > 0)
            #expect(s.settlingDuration.isFinite)
            // A 1 % step in ζ never moves ω₀ by more than a few per cent: no jumps.
            #expect(abs(s.naturalFrequency / previous - 1) < 0.05, "jump at ζ = \(zeta)")
            previous = s.naturalFrequency
            zeta *= 1.01
        }
        let below = Spring(duration: 1, dampingRatio: 1 - 1e-7).naturalFrequency
        let at = Spring(duration: 1, dampingRatio: 1).naturalFrequency
        let above = Spring(duration: 1, dampingRatio: 1 + 1e-7).naturalFrequency
        #expect(abs(below - at) < 1e-3 && abs(above - at) < 1e-3)
        // Over-damped: still "0.1 % left at D", now with the slow exponential.
        let creep = Spring(duration: 1, dampingRatio: 3)
        #expect(abs(1 - creep.value(at: 1) - 0.001) < 1e-9)
    }

    @Test(arguments: cases)
    func settlingDurationIsTheLastExcursion(_ p: (m: Double, k: Double, c: Double, v: Double)) {
        let s = Spring(mass: p.m, stiffness: p.k, damping: p.c, initialVelocity: p.v)
        let settle = s.settlingDuration
        #expect(s.duration == settle)
        func excess(_ t: Double) -> Double {
            Swift.max(abs(1 - s.value(at: t)), abs(s.velocity(at: t)) / s.naturalFrequency) - 0.001
        }
        // At rest from then on (sampled densely well past it)...
        for i in 0...20_000 {
            let t = settle + Double(i) * 1e-4
            #expect(excess(t) <= 1e-12, "moves again at \(t) for \(p)")
        }
        // ...and not a moment before.
        #expect(excess(settle * (1 - 1e-6)) > 0, "settled earlier than \(settle) for \(p)")
    }

    @Test func settlingOfLightlyDampedAndUndampedSprings() {
        let light = Spring(stiffness: 100, damping: 0.5)          // ζ = 0.025
        let settle = light.settlingDuration
        // The displacement envelope e^(−at)/√(1−ζ²) reaches 0.001 at ≈ 27.6 s.
        #expect(settle > 25 && settle < 28.5)
        #expect(Spring(stiffness: 100, damping: 0).settlingDuration == .infinity)
    }

    @Test func invalidParametersFallBackToCoreAnimationDefaults() {
        let s = Spring(mass: 0, stiffness: -1, damping: -5)
        #expect(s.mass == 1 && s.stiffness == 100 && s.damping == 10)
        #expect(s.value(at: 0.3).isFinite)
        #expect(Spring(duration: 0, dampingRatio: 0.5).value(at: 1).isFinite)
        #expect(Spring(duration: 1, dampingRatio: .nan).dampingRatio == 1)
    }
}
