import Foundation
import Testing
@_spi(Benchmarks) @testable import StagehandCore
import StagehandTestSupport

/// The engine's inner machinery (tables of plain values, the solvers of its frame loop,
/// the second thread for big frames) against the definitions it stands in for.
@Suite struct EngineTablesTests {
    @Test func sincosIsWithinTwoUlpOfLibm() {
        var x = -300.0
        while x < 300 {
            let (s, c) = sincos(x)
            #expect(abs(s - sin(x)) <= 2 * sin(x).ulp + Double.leastNormalMagnitude, "sin \(x)")
            #expect(abs(c - cos(x)) <= 2 * cos(x).ulp + Double.leastNormalMagnitude, "cos \(x)")
            x += 0.000_987_1
        }
        for x in [1e6, -3e7, Double.infinity, .nan] {
            let (s, c) = sincos(x)
            #expect(s.bitPattern == sin(x).bitPattern || (s.isNaN && sin(x).isNaN))
            #expect(c.bitPattern == cos(x).bitPattern || (c.isNaN && cos(x).isNaN))
        }
    }

    @Test func springSolverMatchesSpring() {
        var random = SplitMix64(state: 11)
        var springs = [Spring(duration: 0.8, dampingRatio: 0.6), Spring(duration: 0.6, dampingRatio: 1),
                       Spring(stiffness: 100, damping: 30), Spring(stiffness: 300, damping: 2, initialVelocity: 3)]
        for _ in 0..<100 {
            springs.append(Spring(duration: 0.1 + 2 * random.unit(), dampingRatio: 2 * random.unit(),
                                  initialVelocity: 4 * random.unit() - 2))
        }
        for spring in springs {
            let solver = SpringSolver(spring)
            for i in 0...200 {
                let t = Double(i) * spring.duration / 180 - 0.05
                #expect(abs(solver.value(at: t) - spring.value(at: t)) < 1e-12, "\(spring) at \(t)")
            }
        }
    }

    @Test func curveSolverMatchesTimingCurve() {
        var random = SplitMix64(state: 5)
        var curves: [TimingCurve] = [.easeIn, .easeOut, .easeInOut, .default, .linear,
                                     TimingCurve(controlPoints: 0, 0.5, 0, 1), TimingCurve(controlPoints: 1, 0, 0, 1),
                                     TimingCurve(controlPoints: 0.68, -0.55, 0.27, 1.55)]
        for _ in 0..<100 {
            curves.append(TimingCurve(controlPoints: random.unit(), random.unit(), random.unit(), random.unit()))
        }
        for curve in curves {
            let solver = CurveSolver.make(for: curve, owned: true)
            defer { solver.free() }
            for i in -2...1002 {
                let x = Double(i) / 1000
                #expect(abs(solver.progress(at: x) - curve.progress(at: x)) < 1e-9, "\(curve) at \(x)")
            }
            #expect(solver.progress(at: 0) == 0 && solver.progress(at: 1) == 1)
        }
    }

    /// Views animated in every kind of table, with delays, springs, curves and keyframes
    /// (the alphas all three, so the chunks the two threads share cross from one timing's
    /// rows to the next), evaluated on one thread and on two: the same bits on screen at
    /// every frame, and the same completions in the same order.
    @Test func bigFramesAreTheSameOnTwoThreads() {
        func run(threads: Int) -> (frames: [[ViewState]], completions: [Int]) {
            let stage = Stage(framesPerSecond: 60)
            stage.animator.frameThreads = threads
            var views: [View] = []
            var completions: [Int] = []
            for i in 0..<3000 {
                let v = View(frame: Rect(x: Double(i % 50), y: Double(i / 50), width: 10, height: 10))
                stage.window.addSubview(v)
                views.append(v)
                let delay = Double(i % 7) * 0.01
                View.animate(withDuration: 0.2 + Double(i % 5) * 0.05, delay: delay, usingSpringWithDamping: 0.7,
                             initialSpringVelocity: 0, animations: {
                    v.center = Point(x: 200, y: Double(i))
                    if i % 3 == 1 { v.alpha = 0.3 }
                }, completion: { _ in completions.append(i) })
                View.animate(withDuration: 0.3, delay: delay, options: .curveEaseOut, animations: {
                    if i % 3 == 0 { v.alpha = 0.5 }
                    v.bounds = Rect(x: 0, y: 0, width: 20, height: 5)
                    v.backgroundColor = Color(red: 1, green: 0, blue: 0)
                })
                View.animateKeyframes(withDuration: 0.4, delay: delay, animations: {
                    View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { v.transform = Transform2D(rotationAngle: 1) }
                    View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                        v.transform3D = Transform3D(rotationAngle: 0.5, x: 0, y: 1, z: 0)
                        if i % 3 == 2 { v.alpha = 0.7 }
                    }
                })
            }
            #expect(stage.animator.runningCount >= Animator.parallelRows)
            var frames: [[ViewState]] = []
            for _ in 0..<40 {
                stage.step()
                frames.append(views.map(\.presentation))
            }
            #expect(stage.animator.runningCount == 0)
            return (frames, completions)
        }
        let one = run(threads: 1), two = run(threads: 2)
        #expect(one.frames == two.frames)
        #expect(one.completions == two.completions)
        #expect(one.completions.count == 3000)
    }

    /// Rows move when others end (the tables stay dense): every view keeps showing its
    /// own animation, and completions come in the order the animations were made.
    @Test func endingAnimationsLeaveTheOthersInPlace() {
        let stage = Stage(framesPerSecond: 60)
        var order: [Int] = []
        var views: [View] = []
        for i in 0..<200 {
            let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            views.append(v)
            View.animate(withDuration: Double(200 - i) / 200, options: .curveLinear, animations: {
                v.alpha = 0
            }, completion: { _ in order.append(i) })
        }
        for frame in 1...60 {
            stage.step()
            for (i, v) in views.enumerated() {
                let duration = Double(200 - i) / 200
                let expected = max(0, 1 - stage.now / duration)
                #expect(abs(v.presentation.alpha - expected) < 1e-9, "view \(i) at frame \(frame)")
            }
        }
        stage.settle()
        // Those that end on the same frame complete in the order they were made.
        func endFrame(_ i: Int) -> Int {
            var f = 1
            while Double(f) / 60 < Double(200 - i) / 200 { f += 1 }
            return f
        }
        #expect(order == (0..<200).sorted { (endFrame($0), $0) < (endFrame($1), $1) })
    }

    /// Bézier, spring and keyframe animations of the same property share one table,
    /// which keeps its rows grouped by timing: rows move whenever one is added, ends or
    /// is replaced. Every view shows, frame by frame, exactly what the same calls show
    /// for it alone on a stage of its own, and every completion runs once.
    @Test func mixedTimingsInOneTableShowWhatEachShowsAlone() {
        let count = 60, frames = 50
        /// The calls for view `i`'s round `round` (0, 1, 2), as their timing cycles.
        func animate(_ v: View, _ i: Int, round: Int, done: @escaping () -> Void) {
            let delay = Double(i % 4) * 0.02
            let duration = 0.1 + Double((i * 7 + round) % 5) * 0.06
            let alpha = 0.1 + Double((i + round) % 9) * 0.1
            switch (i + round) % 3 {
            case 0:
                View.animate(withDuration: duration, delay: delay, options: .curveEaseInOut,
                             animations: { v.alpha = alpha }, completion: { _ in done() })
            case 1:
                View.animate(withDuration: duration, delay: delay, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                             animations: { v.alpha = alpha; v.center = Point(x: Double(i), y: alpha * 100) },
                             completion: { _ in done() })
            default:
                View.animateKeyframes(withDuration: duration, delay: delay, animations: {
                    View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.4) { v.alpha = 1 - alpha }
                    View.addKeyframe(withRelativeStartTime: 0.4, relativeDuration: 0.6) {
                        v.alpha = alpha
                        v.center = Point(x: alpha * 50, y: Double(i))
                    }
                }, completion: { _ in done() })
            }
        }
        /// The frame before which view `i` starts its round `round` (later rounds
        /// replace animations still running, or start after they ended).
        func start(_ i: Int, round: Int) -> Int { [0, 3 + i % 11, 16 + i % 7][round] }

        /// Views `indices` on one stage: what each shows at every frame, and how many
        /// completions ran.
        func run(_ indices: [Int]) -> (shown: [[ViewState]], completions: Int) {
            let stage = Stage(framesPerSecond: 60)
            stage.animator.frameThreads = 1
            var completions = 0
            let views = indices.map { i in
                let v = View(frame: Rect(x: Double(i), y: 0, width: 10, height: 10))
                stage.window.addSubview(v)
                return v
            }
            var shown = [[ViewState]](repeating: [], count: indices.count)
            for frame in 0..<frames {
                for (k, i) in indices.enumerated() {
                    for round in 0..<3 where start(i, round: round) == frame {
                        animate(views[k], i, round: round) { completions += 1 }
                    }
                }
                stage.step()
                for k in views.indices { shown[k].append(views[k].presentation) }
            }
            #expect(stage.animator.runningCount == 0)
            return (shown, completions)
        }

        let together = run(Array(0..<count))
        #expect(together.completions == 3 * count)
        for i in 0..<count {
            let alone = run([i])
            #expect(together.shown[i] == alone.shown[0], "view \(i)")
        }
    }
}
