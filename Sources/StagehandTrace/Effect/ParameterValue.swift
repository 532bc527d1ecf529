@_spi(Shared) import StagehandShared

/// One factory argument, typed as its parameter is declared.
///
/// Values come from a catalog or a manifest (defaults and bounds) or from the command
/// line (`--param name=value`); either way they are checked against the declared type
/// before a factory is called, so the C side receives exactly what it declared.
public enum ParameterValue: Hashable, Sendable, CustomStringConvertible {
    case double(Double)
    case float(Float)
    case int32(Int32)
    case int64(Int64)
    case uint32(UInt32)
    case bool(Bool)
    case string(String)

    public var type: ParameterType {
        switch self {
        case .double: return .double
        case .float: return .float
        case .int32: return .int32
        case .int64: return .int64
        case .uint32: return .uint32
        case .bool: return .bool
        case .string: return .string
        }
    }

    /// The value as it would be written in JSON: `0.3`, `12`, `true`, `"text"`.
    public var description: String {
        switch self {
        case .double(let value): return Self.shortest(value)
        case .float(let value): return Self.shortest(Double("\(value)") ?? Double(value))
        case .int32(let value): return String(value)
        case .int64(let value): return String(value)
        case .uint32(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .string(let value): return jsonStringLiteral(value)
        }
    }

    /// Orders two values of the same numeric type; `nil` when they cannot be compared
    /// (different types, or bools and strings, which have no bounds).
    package func compare(to other: ParameterValue) -> Ordering? {
        func order<T: Comparable>(_ a: T, _ b: T) -> Ordering {
            a < b ? .ascending : (a > b ? .descending : .same)
        }
        switch (self, other) {
        case let (.double(a), .double(b)): return order(a, b)
        case let (.float(a), .float(b)): return order(a, b)
        case let (.int32(a), .int32(b)): return order(a, b)
        case let (.int64(a), .int64(b)): return order(a, b)
        case let (.uint32(a), .uint32(b)): return order(a, b)
        default: return nil
        }
    }

    package enum Ordering {
        case ascending, same, descending
    }

    /// `10` rather than `10.0` for whole numbers, so messages echo what people wrote.
    private static func shortest(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }
}
