import StagehandGeometry

/// How a declarative track's progress runs from start to end.
///
/// Bézier curves are CSS's `<easing-function>` keywords and `cubic-bezier(…)`, plus the
/// named presets of Material and Hero; the four keywords UIKit names map onto the ABI's
/// named curves, so a twin of a compiled effect that asks for `.curveEaseInOut` runs the
/// same numbers. `steps(…)` and `linear(…)` have no ABI curve: they are played as linear
/// keyframes (exactly, for `linear(…)`, which is piecewise linear by definition).
///
/// Springs come in three forms, and one file may use only one of them per curve:
/// UIKit's (damping ratio and initial velocity, over the track's duration), SwiftUI's
/// (a perceptual duration and a bounce), and the physical one (mass, stiffness, damping).
enum CurveSpec: Equatable, Sendable {
    /// One of UIKit's named curves: SH_CURVE_EASE_IN_OUT, _EASE_IN, _EASE_OUT, _LINEAR.
    case named(UInt32)
    case bezier(Double, Double, Double, Double)
    /// `steps(n, position)`: position is jump-start, jump-end, jump-none or jump-both.
    case steps(Int, String)
    /// `linear(…)`: stops of (input, output), input increasing from 0 to 1.
    case piecewise([PiecewiseStop])
    case springDamping(ratio: ValueExpression, velocity: ValueExpression)
    case springBounce(bounce: ValueExpression)
    case springPhysical(mass: ValueExpression, stiffness: ValueExpression, damping: ValueExpression, velocity: ValueExpression)

    struct PiecewiseStop: Equatable, Sendable {
        var input: Double
        var output: Double
    }

    var isSpring: Bool {
        switch self {
        case .springDamping, .springBounce, .springPhysical: return true
        default: return false
        }
    }

    /// The cubic Bézier it is, for a named curve or `cubic-bezier(…)`; `nil` for a spring
    /// or a stepped curve. What a track on part of the phase's progress is cut from.
    var cubic: TimingCurve? {
        switch self {
        case .named(let curve):
            switch curve {
            case 1: return .easeIn
            case 2: return .easeOut
            case 3: return .linear
            default: return .easeInOut
            }
        case .bezier(let x1, let y1, let x2, let y2):
            return TimingCurve(controlPoints: x1, y1, x2, y2)
        default:
            return nil
        }
    }

    /// Whether it must be played as keyframes.
    var isStepped: Bool {
        switch self {
        case .steps, .piecewise: return true
        default: return false
        }
    }

    /// The (input, output) stops of a stepped curve, as keyframes play them: `linear(…)`'s
    /// own, or the corners of `steps(…)` with an instant jump at each step.
    var stops: [PiecewiseStop] {
        switch self {
        case .piecewise(let stops): return stops
        case .steps(let count, let position):
            // CSS: the number of output levels depends on the jump position.
            let jumps: Double
            let first: Double
            switch position {
            case "jump-start": jumps = Double(count); first = 1
            case "jump-none": jumps = Double(max(count - 1, 1)); first = 0
            case "jump-both": jumps = Double(count + 1); first = 1
            default: jumps = Double(count); first = 0
            }
            var stops: [PiecewiseStop] = []
            for step in 0..<count {
                let level = (first + Double(step)) / jumps
                let begin = Double(step) / Double(count), end = Double(step + 1) / Double(count)
                stops.append(PiecewiseStop(input: begin, output: level))
                stops.append(PiecewiseStop(input: end, output: level))
            }
            stops.append(PiecewiseStop(input: 1, output: 1))
            return stops
        default:
            return [PiecewiseStop(input: 0, output: 0), PiecewiseStop(input: 1, output: 1)]
        }
    }
}
