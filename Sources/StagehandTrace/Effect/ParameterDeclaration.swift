/// One parameter of an effect's factory: its name, C type, default and optional bounds.
///
/// The same declaration appears in `Catalog.json` and in the bundle's own manifest; the
/// host calls a factory only when both agree on the names and types, in order.
public struct ParameterDeclaration: Hashable, Sendable {
    public var name: String
    public var type: ParameterType
    public var defaultValue: ParameterValue
    /// Inclusive bounds; numeric parameters only.
    public var minimum: ParameterValue?
    public var maximum: ParameterValue?

    package init(name: String, type: ParameterType, defaultValue: ParameterValue, minimum: ParameterValue?,
                 maximum: ParameterValue?) {
        self.name = name; self.type = type; self.defaultValue = defaultValue
        self.minimum = minimum; self.maximum = maximum
    }

    /// Whether `value` lies within the declared bounds.
    package func contains(_ value: ParameterValue) -> Bool {
        if let minimum, value.compare(to: minimum) == .ascending { return false }
        if let maximum, value.compare(to: maximum) == .descending { return false }
        return true
    }

    /// "between 0.01 and 10", "at least 0", "at most 1", or "" when unbounded.
    package var boundsText: String {
        switch (minimum, maximum) {
        case let (min?, max?): return "between \(min) and \(max)"
        case let (min?, nil): return "at least \(min)"
        case let (nil, max?): return "at most \(max)"
        case (nil, nil): return ""
        }
    }
}
