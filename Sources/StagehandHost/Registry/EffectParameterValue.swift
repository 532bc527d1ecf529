/// A value for one of an effect's parameters, as an app passes it to
/// `EffectLibrary.animationController(named:parameters:)` or `Coordinator.parameters`.
///
/// Three kinds, as a parameter is declared: a number (for `double`, `float`, `int32`,
/// `int64` and `uint32` parameters), a boolean, a string. Literals make call sites short:
/// `["duration": 0.4, "tile": 40, "shadow": true, "direction": "left"]`. The value is
/// checked against the parameter's declared type and bounds before the factory is
/// called: a string for a number parameter, a fraction for an integer one or a number
/// outside the bounds throws a `Diagnostic` (`.parameterWrongType`,
/// `.parameterOutOfBounds`) naming the effect, the parameter and what it takes.
///
/// A number is a `Double`, exact for every integer up to 2^53 in magnitude: an `int64`
/// parameter beyond that cannot be given exactly (none of the effects needs one).
public enum EffectParameterValue: Hashable, Sendable, CustomStringConvertible,
                                  ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
                                  ExpressibleByBooleanLiteral, ExpressibleByStringLiteral {
    case number(Double)
    case boolean(Bool)
    case string(String)

    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(stringLiteral value: String) { self = .string(value) }

    /// As it would be written in JSON: `0.4`, `40`, `true`, `"left"`.
    public var description: String {
        switch self {
        case .number(let value): return ParameterValue.double(value).description
        case .boolean(let value): return value ? "true" : "false"
        case .string(let value): return ParameterValue.string(value).description
        }
    }

    /// What a refusal says it got: `the number 1.5`, `the boolean true`, `the string "left"`.
    var named: String {
        switch self {
        case .number: return "the number \(self)"
        case .boolean: return "the boolean \(self)"
        case .string: return "the string \(self)"
        }
    }
}
