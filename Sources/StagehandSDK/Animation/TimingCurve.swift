import StagehandABI

/// A cubic Bézier timing function from (0, 0) to (1, 1) (CAMediaTimingFunction): one
/// of the four named curves UIKit's options choose from, or any control points.
///
/// Only data: the host evaluates it.
public struct TimingCurve: Hashable, Sendable {
    /// The first control point; x is the fraction of the time, y of the change.
    public let controlPoint1: Point
    /// The second control point.
    public let controlPoint2: Point

    /// Any curve (UICubicTimingParameters(controlPoint1:controlPoint2:)). The host keeps
    /// x within 0...1 so that the curve stays a function of time; y may overshoot.
    public init(controlPoint1: Point, controlPoint2: Point) {
        self.controlPoint1 = controlPoint1
        self.controlPoint2 = controlPoint2
    }

    private init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.init(controlPoint1: Point(x: c1x, y: c1y), controlPoint2: Point(x: c2x, y: c2y))
    }

    /// kCAMediaTimingFunctionLinear.
    public static let linear = TimingCurve(0, 0, 1, 1)
    /// kCAMediaTimingFunctionEaseIn.
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    /// kCAMediaTimingFunctionEaseOut.
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)
    /// kCAMediaTimingFunctionEaseInEaseOut: UIView animations' default.
    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)

    /// The header's name for the curve: one of the four, or `SH_CURVE_CUSTOM`, whose
    /// control points travel in `sh_animation.c1x ... c2y`.
    var abiCurve: sh_curve {
        switch self {
        case .easeInOut: return SH_CURVE_EASE_IN_OUT
        case .easeIn: return SH_CURVE_EASE_IN
        case .easeOut: return SH_CURVE_EASE_OUT
        case .linear: return SH_CURVE_LINEAR
        default: return SH_CURVE_CUSTOM
        }
    }
}
