/// The C type of one factory parameter: the host calls the factory through libffi with
/// exactly these types, in the declared order.
public enum ParameterType: String, CaseIterable, Hashable, Sendable {
    /// `double`
    case double
    /// `float`
    case float
    /// `int32_t`
    case int32
    /// `int64_t`
    case int64
    /// `uint32_t`
    case uint32
    /// `bool`
    case bool
    /// `const char *`, valid only during the factory call.
    case string
}
