/// One parameter of an effect's factory: its name, C type, default and optional bounds
/// (for a number) or choices (for a string).
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
    /// The only values a string parameter takes, when its factory accepts only some
    /// (`gesture`: none, horizontal, vertical, pinch); `nil` when any string will do.
    public var choices: [String]?
    /// What the parameter does, in a sentence, as its declaration says (a manifest's or
    /// a catalog's `description`, a declarative effect's); `nil` when it says nothing.
    /// Shown by `stagehand info` and `catalog --json`; it takes no part in checking
    /// values or in comparing a catalog's declaration with a manifest's.
    public var description: String?

    package init(name: String, type: ParameterType, defaultValue: ParameterValue, minimum: ParameterValue?,
                 maximum: ParameterValue?, choices: [String]? = nil, description: String? = nil) {
        self.name = name; self.type = type; self.defaultValue = defaultValue
        self.minimum = minimum; self.maximum = maximum; self.choices = choices
        self.description = description
    }

    /// Whether `value` lies within the declared bounds, and is one of the choices.
    package func contains(_ value: ParameterValue) -> Bool {
        if let minimum, value.compare(to: minimum) == .ascending { return false }
        if let maximum, value.compare(to: maximum) == .descending { return false }
        if let choices, case .string(let text) = value, !choices.contains(text) { return false }
        return true
    }

    /// "one of none, horizontal, vertical, pinch", when there are choices.
    package var choicesText: String? {
        choices.map { "one of " + $0.joined(separator: ", ") }
    }

    /// "between 0.01 and 10", "at least 0", "at most 1", "one of left, right", or ""
    /// when any value of the type will do.
    package var boundsText: String {
        if let choicesText { return choicesText }
        switch (minimum, maximum) {
        case let (min?, max?): return "between \(min) and \(max)"
        case let (min?, nil): return "at least \(min)"
        case let (nil, max?): return "at most \(max)"
        case (nil, nil): return ""
        }
    }
}
