/// A number in a declarative effect: written as a JSON number, or as a string in a small
/// arithmetic grammar (`"-100% * $parallax"`), evaluated once per transition before any
/// frame, never per frame (`ExpressionParser` has the grammar).
///
/// Units: `%` is a percentage of the container along the value's axis (x: its width,
/// y: its height), `%self` of the view's own size along it, `deg` marks degrees (the
/// unit of every angle anyway) and `pt` points (the unit of every length anyway).
indirect enum ValueExpression: Equatable, Sendable {
    case number(Double)
    /// `50%`: 50 hundredths of the container's extent along the axis.
    case percentOfContainer(Double)
    /// `50%self`: of the view's own extent along the axis.
    case percentOfView(Double)
    case parameter(String)
    case negate(ValueExpression)
    case binary(Character, ValueExpression, ValueExpression)

    /// What a value is measured against when it is evaluated.
    struct Environment {
        var parameters: [String: Double]
        /// The container's extent along the value's axis, when it has one.
        var containerExtent: Double?
        var viewExtent: Double?
    }

    /// The value; a non-finite result (a division by zero) is 0, so no frame ever holds NaN.
    func evaluate(_ environment: Environment) -> Double {
        let result = raw(environment)
        return result.isFinite ? result : 0
    }

    private func raw(_ environment: Environment) -> Double {
        switch self {
        case .number(let value): return value
        case .percentOfContainer(let value): return value / 100 * (environment.containerExtent ?? 0)
        case .percentOfView(let value): return value / 100 * (environment.viewExtent ?? 0)
        case .parameter(let name): return environment.parameters[name] ?? 0
        case .negate(let operand): return -operand.raw(environment)
        case .binary(let op, let left, let right):
            let (a, b) = (left.raw(environment), right.raw(environment))
            switch op {
            case "+": return a + b
            case "-": return a - b
            case "*": return a * b
            default: return a / b
            }
        }
    }

    /// Whether it uses `%` or `%self` (allowed only where an axis gives them a meaning).
    var usesPercent: Bool {
        switch self {
        case .number, .parameter: return false
        case .percentOfContainer, .percentOfView: return true
        case .negate(let operand): return operand.usesPercent
        case .binary(_, let left, let right): return left.usesPercent || right.usesPercent
        }
    }

    /// The parameters it names.
    var parameterNames: [String] {
        switch self {
        case .number, .percentOfContainer, .percentOfView: return []
        case .parameter(let name): return [name]
        case .negate(let operand): return operand.parameterNames
        case .binary(_, let left, let right): return left.parameterNames + right.parameterNames
        }
    }

    /// The value when it depends on nothing but its own text.
    var constant: Double? {
        usesPercent || !parameterNames.isEmpty ? nil : evaluate(Environment(parameters: [:]))
    }
}
