import StagehandSDK

/// Material 3's emphasized easing (`motionEasingEmphasizedInterpolator`): not one cubic
/// Bézier but a path of two, `M 0,0 C 0.05,0 0.133333,0.06 0.166666,0.4 C 0.208333,0.82
/// 0.25,1 1,1`, read as Android's PathInterpolator does: the progress at time fraction
/// `x` is the path's height where it is `x` across (each segment's x grows, so there is
/// one such point).
enum EmphasizedEasing {
    /// The two cubic segments, each as its four points' x and y.
    static let segments: [(x: [Double], y: [Double])] = [
        ([0, 0.05, 0.133333, 0.166666], [0, 0, 0.06, 0.4]),
        ([0.166666, 0.208333, 0.25, 1], [0.4, 0.82, 1, 1]),
    ]

    static func progress(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let segment = x < segments[1].x[0] ? segments[0] : segments[1]
        // Bisection on the segment's parameter for its x, then its y there.
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if cubic(segment.x, mid) < x { lo = mid } else { hi = mid }
        }
        return cubic(segment.y, (lo + hi) / 2)
    }

    static func cubic(_ v: [Double], _ s: Double) -> Double {
        let u = 1 - s
        return u * u * u * v[0] + 3 * u * u * s * v[1] + 3 * u * s * s * v[2] + s * s * s * v[3]
    }
}
