import Testing
import StagehandCore
import StagehandTestSupport

/// The Bézier evaluated directly in its Bernstein form, independent of the type's
/// expanded polynomial: (x(t), y(t)).
private func bezier(_ c: TimingCurve, _ t: Double) -> (x: Double, y: Double) {
    let u = 1 - t
    let x = 3 * u * u * t * c.c1x + 3 * u * t * t * c.c2x + t * t * t
    let y = 3 * u * u * t * c.c1y + 3 * u * t * t * c.c2y + t * t * t
    return (x, y)
}

@Suite("TimingCurve")
struct TimingCurveTests {
    @Test func easeInOutMatchesCoreAnimation() {
        let c = TimingCurve.easeInOut
        #expect(abs(c.progress(at: 0.25) - 0.1292) < 1e-4)
        #expect(abs(c.progress(at: 0.5) - 0.5) < 1e-4)
        #expect(abs(c.progress(at: 0.75) - 0.8708) < 1e-4)
    }

    @Test func defaultMatchesCoreAnimation() {
        let c = TimingCurve.default
        #expect(abs(c.progress(at: 0.25) - 0.4085) < 1e-4)
        #expect(abs(c.progress(at: 0.5) - 0.8024) < 1e-4)
        #expect(abs(c.progress(at: 0.75) - 0.9605) < 1e-4)
    }

    @Test func endpointsAreExactAndInputIsClamped() {
        for c in [TimingCurve.linear, .easeIn, .easeOut, .easeInOut, .default,
                  TimingCurve(controlPoints: 0.3, -0.5, 0.7, 1.5)] {
            #expect(c.progress(at: 0) == 0)
            #expect(c.progress(at: 1) == 1)
            #expect(c.progress(at: -3) == 0)
            #expect(c.progress(at: 7) == 1)
            #expect(c.progress(at: .nan) == 0)
        }
    }

    @Test func linearIsTheIdentity() {
        for i in 0...100 {
            let x = Double(i) / 100
            #expect(TimingCurve.linear.progress(at: x) == x)
        }
    }

    @Test func controlXIsClampedSoTheCurveStaysAFunction() {
        let c = TimingCurve(controlPoints: -1, 0, 2, 1)
        #expect(c.c1x == 0 && c.c2x == 1)
    }

    @Test func solvesXOfTOnAGrid() {
        var random = SplitMix64(state: 7)
        var curves: [TimingCurve] = [.easeIn, .easeOut, .easeInOut, .default,
                                     TimingCurve(controlPoints: 0, 0.5, 0, 1),   // vertical start
                                     TimingCurve(controlPoints: 1, 0, 0, 1),     // flat middle in x
                                     TimingCurve(controlPoints: 0.68, -0.55, 0.27, 1.55)] // back
        for _ in 0..<200 {
            curves.append(TimingCurve(controlPoints: random.unit(), random.unit(), random.unit(), random.unit()))
        }
        for c in curves {
            for i in 0...200 {
                let p = bezier(c, Double(i) / 200)
                #expect(abs(c.progress(at: p.x) - p.y) < 1e-6, "\(c) at x = \(p.x)")
            }
        }
    }

    @Test func monotonicForControlPointsInTheUnitSquare() {
        var random = SplitMix64(state: 42)
        for _ in 0..<300 {
            let c = TimingCurve(controlPoints: random.unit(), random.unit(), random.unit(), random.unit())
            var previous = 0.0
            for i in 1...1000 {
                let y = c.progress(at: Double(i) / 1000)
                #expect(y >= previous - 1e-7, "\(c) decreases at \(Double(i) / 1000)")
                previous = y
            }
        }
    }

    @Test func slopeMatchesFiniteDifferences() {
        var random = SplitMix64(state: 3)
        var curves: [TimingCurve] = [.easeIn, .easeOut, .easeInOut, .default]
        for _ in 0..<50 {
            curves.append(TimingCurve(controlPoints: random.unit(), random.unit(), random.unit(), random.unit()))
        }
        let h = 1e-5
        for c in curves {
            for x in stride(from: 0.1, through: 0.9, by: 0.1) {
                let numeric = (c.progress(at: x + h) - c.progress(at: x - h)) / (2 * h)
                let tolerance = 1e-3 * Swift.max(1, abs(numeric))
                #expect(abs(c.slope(at: x) - numeric) < tolerance, "\(c) at \(x)")
            }
        }
    }

    @Test func slopeAtTheEndsTakesTheLimit() {
        #expect(TimingCurve.linear.slope(at: 0.3) == 1)
        #expect(abs(TimingCurve.easeIn.slope(at: 0)) < 1e-12)            // starts at rest
        #expect(abs(TimingCurve.easeOut.slope(at: 1)) < 1e-12)           // ends at rest
        #expect(abs(TimingCurve.easeOut.slope(at: 0) - 1 / 0.58) < 1e-9) // 0/0: c2y/c2x
        #expect(abs(TimingCurve.default.slope(at: 0) - 0.4) < 1e-12)     // c1y/c1x
        #expect(TimingCurve(controlPoints: 0, 0.5, 0.5, 1).slope(at: 0) == .infinity)
    }
}
