import StagehandABI

/// The one rule for every number a bundle hands the host through the ABI — a geometry
/// setter's rect, a colour, a curve's control points, an animation's duration, a spring's
/// constants, a keyframe's slice, a percent, the duration an effect answers: it must be
/// finite and within a bound. NaN and infinity would poison the scene and everything
/// downstream of it (JSON has no NaN, so a trace could not be written; a renderer turning
/// a colour into bytes would trap), and a finite number as large as 1e300 is no better:
/// it overflows to infinity in the first product, and as a duration it puts the end of an
/// animation, and the watchdog's deadline, beyond any run.
///
/// A number that breaks the rule is refused at the door, before anything of the scene
/// sees it, with one warning naming the call, the value and what was done instead. The
/// warning is said once per effect and property on a stage (an effect that computes NaN
/// usually does so on every frame), and, being a warning, makes `stagehand validate`
/// fail the effect.
enum NumberRule {
    /// Points, scale factors, colour components, control points, spring constants,
    /// percents: a billion points is a million screens, so nothing real needs more.
    case magnitude
    /// Seconds: an hour is longer than any run `stagehand play` accepts, so a longer
    /// animation or transition could never end within one.
    case duration

    /// The largest number the rule allows.
    var limit: Double {
        switch self {
        case .magnitude: return 1e9
        case .duration: return 3600
        }
    }

    /// The rule in words, as the warning says it.
    var text: String {
        switch self {
        case .magnitude: return "a number must be finite and within ±1e9"
        case .duration: return "a duration must be finite and at most 3600 s"
        }
    }

    /// Whether `value` keeps the rule. A negative duration keeps it: it means no time at
    /// all, as in UIKit.
    func allows(_ value: Double) -> Bool {
        switch self {
        case .magnitude: return value.isFinite && abs(value) <= limit
        case .duration: return value.isFinite && value <= limit
        }
    }

    /// Whether every number of `values` (what `function` received as `what`) keeps the
    /// rule; if not, the warning is said (once per effect and property) and `false`
    /// returned: the caller then does `outcome` instead of using the value.
    func check(_ function: String, _ what: String, _ values: [Double],
               outcome: String = "the view keeps its old value") -> Bool {
        guard !values.allSatisfy(allows) else { return true }
        let caller = BridgeCall.current?.source ?? CallingBundle.name ?? "bundle"
        if ReportedOnce.first(caller + "\u{0}" + function + "\u{0}" + what) {
            let value = values.count == 1 ? "\(values[0])" : "(\(values.map { "\($0)" }.joined(separator: ", ")))"
            HostTable.report(function, "\(what) \(value) refused: \(text); \(outcome) (said once per effect and property)")
        }
        return false
    }
}

extension NumberRule {
    /// The numbers of the header's structs, in their declared order, for `check`.
    static func numbers(_ r: sh_rect) -> [Double] { [r.origin.x, r.origin.y, r.size.width, r.size.height] }
    static func numbers(_ p: sh_point) -> [Double] { [p.x, p.y] }
    static func numbers(_ s: sh_size) -> [Double] { [s.width, s.height] }
    static func numbers(_ c: sh_color) -> [Double] { [c.r, c.g, c.b, c.a] }
    static func numbers(_ t: sh_affine) -> [Double] { [t.a, t.b, t.c, t.d, t.tx, t.ty] }
    static func numbers(_ t: sh_transform3d) -> [Double] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
    }
}
