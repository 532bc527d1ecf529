import Foundation
import StagehandCore
import CBenchSupport

/// The scene of the frame figure: `count` views, each with three running animations
/// made through the public API exactly as an app makes them — a UIKit spring moving the
/// centre, a cubic Bézier fading the alpha, and a two-slice keyframe animation of the
/// (affine) transform.
///
/// Each view has its own `animate` calls with its own delay (staggered over 64 values,
/// as a cascading list animation), so no two views' timing can be shared: every frame
/// evaluates every animation's curve, spring and keyframe from scratch, in the engine and
/// in the C reference alike.
final class FrameScene {
    static let duration = 2.0
    static let dampingRatio = 0.6
    static let curve = TimingCurve(controlPoints: 0.25, 0.1, 0.25, 1)
    /// Frames stepped before measuring: past the longest delay, so every animation runs.
    static let settleFrames = 5

    let stage: Stage
    let views: [View]
    private(set) var plans: [Plan] = []

    /// What one view's animations do, kept to build the C reference's input.
    struct Plan {
        var delay: Double
        var centerFrom: Point, centerTo: Point
        var alphaFrom: Double, alphaTo: Double
        var transforms: [Transform2D]   // the keyframe values, first = the start
    }

    /// Which of the three animations each view gets (all three for the figures; one
    /// alone to see what each costs).
    struct Parts: OptionSet {
        let rawValue: Int
        static let spring = Parts(rawValue: 1), curve = Parts(rawValue: 2), keyframes = Parts(rawValue: 4)
        static let all: Parts = [.spring, .curve, .keyframes]
    }

    init(count: Int, parts: Parts = .all) {
        stage = Stage(screen: Size(width: 390, height: 844), framesPerSecond: 60)
        let root = View(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        stage.window.addSubview(root)
        var made: [View] = []
        made.reserveCapacity(count)
        for i in 0..<count {
            let view = View(frame: Rect(x: Double(i % 100) * 3.9, y: Double((i / 100) % 200) * 4.2, width: 20, height: 20))
            root.addSubview(view)
            made.append(view)
        }
        views = made
        plans.reserveCapacity(count)
        for (i, view) in views.enumerated() {
            let delay = Double(i % 64) / 960
            let center = view.center
            let target = Point(x: center.x + 120, y: center.y + 60 + Double(i % 7))
            let alpha = 0.2 + Double(i % 5) * 0.1
            let t1 = Transform2D(rotationAngle: 0.3 + Double(i % 11) * 0.01).scaledBy(x: 1.2, y: 1.2)
            let t2 = Transform2D(rotationAngle: -0.2).translatedBy(x: 10, y: 0)
            plans.append(Plan(delay: delay, centerFrom: center, centerTo: target, alphaFrom: view.alpha, alphaTo: alpha,
                              transforms: [view.transform, t1, t2]))
            if parts.contains(.spring) {
                View.animate(withDuration: Self.duration, delay: delay, usingSpringWithDamping: Self.dampingRatio,
                             initialSpringVelocity: 0, animations: { view.center = target })
            }
            if parts.contains(.curve) {
                View.animate(withDuration: Self.duration, delay: delay, curve: Self.curve, animations: { view.alpha = alpha })
            }
            if parts.contains(.keyframes) {
                View.animateKeyframes(withDuration: Self.duration, delay: delay, animations: {
                    View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.transform = t1 }
                    View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.transform = t2 }
                })
            }
        }
        for _ in 0..<Self.settleFrames { stage.step() }
    }

    var runningAnimations: Int { stage.animator.runningCount }
}

/// The same views' animations as input for `bench_c_frame`, with its outputs.
final class FrameReference {
    let count: Int
    let springs: UnsafeMutableBufferPointer<bench_spring_track>
    let curves: UnsafeMutableBufferPointer<bench_curve_track>
    let keyframes: UnsafeMutableBufferPointer<bench_keyframe_track>
    let centers: UnsafeMutableBufferPointer<Double>
    let alphas: UnsafeMutableBufferPointer<Double>
    let transforms: UnsafeMutableBufferPointer<Double>
    /// The Bézier's t(x) table, made once as the engine makes it per distinct curve.
    let curveTable: UnsafeMutablePointer<Double>

    init(_ scene: FrameScene) {
        let plans = scene.plans
        count = plans.count
        springs = .allocate(capacity: count)
        curves = .allocate(capacity: count)
        keyframes = .allocate(capacity: count)
        centers = .allocate(capacity: 2 * count)
        alphas = .allocate(capacity: count)
        transforms = .allocate(capacity: 16 * count)
        centers.initialize(repeating: 0)
        alphas.initialize(repeating: 0)
        transforms.initialize(repeating: 0)

        let spring = Spring(duration: FrameScene.duration, dampingRatio: FrameScene.dampingRatio, initialVelocity: 0)
        let constants = spring.coefficients
        let curve = FrameScene.curve.coefficients
        curveTable = .allocate(capacity: 4 * Int(BENCH_CURVE_SEGMENTS))
        bench_curve_table(curve.ax, curve.bx, curve.cx, curveTable)
        for (i, plan) in plans.enumerated() {
            springs[i] = bench_spring_track(begin: plan.delay, duration: FrameScene.duration,
                                            decay: constants.decay, frequency: constants.frequency,
                                            slow_rate: constants.slowRate, velocity: spring.initialVelocity,
                                            inverse_frequency: 1 / constants.frequency,
                                            regime: Int32(constants.regime.rawValue),
                                            from_x: plan.centerFrom.x, from_y: plan.centerFrom.y,
                                            to_x: plan.centerTo.x, to_y: plan.centerTo.y)
            curves[i] = bench_curve_track(begin: plan.delay, duration: FrameScene.duration,
                                          ax: curve.ax, bx: curve.bx, cx: curve.cx, ay: curve.ay, by: curve.by, cy: curve.cy,
                                          linear: curve.isLinear ? 1 : 0, table: curveTable,
                                          from: plan.alphaFrom, to: plan.alphaTo)
            var track = bench_keyframe_track()
            track.begin = plan.delay
            track.duration = FrameScene.duration
            track.start = (0, 0.5)
            track.end = (0.5, 1)
            let v = plan.transforms
            track.values = (Self.affine(v[0]), Self.affine(v[1]), Self.affine(v[2]))
            let (m0, f0, t0) = Self.segment(v[0], v[1])
            let (m1, f1, t1) = Self.segment(v[1], v[2])
            track.mode = (m0, m1)
            track.from_parts = (f0, f1)
            track.to_parts = (t0, t1)
            keyframes[i] = track
        }
    }

    deinit {
        springs.deallocate(); curves.deallocate(); keyframes.deallocate()
        centers.deallocate(); alphas.deallocate(); transforms.deallocate()
        curveTable.deallocate()
    }

    func evaluate(localTime: Double) {
        bench_c_frame(count, springs.baseAddress, curves.baseAddress, keyframes.baseAddress, localTime,
                      centers.baseAddress, alphas.baseAddress, transforms.baseAddress)
    }

    /// The largest difference between the engine's presentation and the C loop's output,
    /// over every view (both evaluated at the same time).
    func largestDifference(from scene: FrameScene) -> Double {
        var worst = 0.0
        for (i, view) in scene.views.enumerated() {
            let p = view.presentation
            worst = max(worst, abs(p.center.x - centers[2 * i]), abs(p.center.y - centers[2 * i + 1]),
                        abs(p.alpha - alphas[i]))
            let m = p.transform3D.values
            for k in 0..<16 { worst = max(worst, abs(m[k] - transforms[16 * i + k])) }
        }
        return worst
    }

    private static func affine(_ t: Transform2D) -> bench_affine {
        bench_affine(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
    }

    /// The affine path between two keyframe values, decomposed once as the engine does:
    /// (mode, from parts, to parts) — mode 1 for equal ends, 2 when an end has no parts.
    private static func segment(_ a: Transform2D, _ b: Transform2D) -> (Int32, bench_affine_parts, bench_affine_parts) {
        let zero = bench_affine_parts()
        if Transform3D(a) == Transform3D(b) { return (1, zero, zero) }
        guard var pa = parts(a), var pb = parts(b) else { return (2, zero, zero) }
        if (pa.sx < 0 && pb.sy < 0) || (pa.sy < 0 && pb.sx < 0) {
            pa.sx = -pa.sx; pa.sy = -pa.sy
            pa.angle += pa.angle < 0 ? .pi : -.pi
        }
        if abs(pa.angle - pb.angle) > .pi {
            if pa.angle > pb.angle { pa.angle -= 2 * .pi } else { pb.angle -= 2 * .pi }
        }
        return (0, pa, pb)
    }

    private static func parts(_ t: Transform2D) -> bench_affine_parts? {
        let det = t.a * t.d - t.b * t.c
        guard det != 0, det.isFinite else { return nil }
        var sx = (t.a * t.a + t.b * t.b).squareRoot()
        if det < 0 && t.a < t.d { sx = -sx }
        let r0x = t.a / sx, r0y = t.b / sx
        let sy = t.d * r0x - t.c * r0y
        return bench_affine_parts(tx: t.tx, ty: t.ty, sx: sx, sy: sy, angle: atan2(r0y, r0x),
                                  skew: (t.c * r0x + t.d * r0y) / sy)
    }
}
