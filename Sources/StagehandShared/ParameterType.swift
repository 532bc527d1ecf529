/// The C type of one factory parameter, as named in a catalog or a manifest.
///
/// The host calls a factory through libffi with exactly these types, in the declared
/// order: `double`, `float`, `int32_t`, `int64_t`, `uint32_t`, `bool` and
/// `const char *` (`string`, valid only during the factory call).
public enum ParameterType: String, CaseIterable, Hashable, Sendable {
    case double
    case float
    case int32
    case int64
    case uint32
    case bool
    case string

    /// Only numbers have `min` and `max`.
    public var isNumeric: Bool {
        switch self {
        case .double, .float, .int32, .int64, .uint32: return true
        case .bool, .string: return false
        }
    }

    /// What a value of this type looks like, for "expected ..." in messages.
    package var expectation: String {
        switch self {
        case .double: return "a double (a finite number)"
        case .float: return "a float (a finite number within ±3.4028235e38)"
        case .int32: return "an int32 (an integer from \(Int32.min) to \(Int32.max))"
        case .int64: return "an int64 (an integer from \(Int64.min) to \(Int64.max))"
        case .uint32: return "a uint32 (an integer from 0 to \(UInt32.max))"
        case .bool: return "a bool (true or false)"
        case .string: return "a string"
        }
    }

    /// "a double", "an int32": the type's name with its article, for messages.
    package var named: String {
        switch self {
        case .int32, .int64: return "an \(rawValue)"
        default: return "a \(rawValue)"
        }
    }
}
