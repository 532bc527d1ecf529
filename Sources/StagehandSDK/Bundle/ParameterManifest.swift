/// One parameter of an effect's factory, as the manifest declares it: its name, C type,
/// default and (for numbers) bounds or (for strings) choices. The host checks values
/// against these before it calls the factory, and the order of an effect's parameters is
/// the factory's.
///
///     .double("duration", default: 0.25, min: 0.01, max: 10)
///     .string("edge", default: "left", choices: ["left", "right"])
public struct ParameterManifest: Hashable, Sendable {
    public let name: String
    public let type: ParameterType
    let defaultValue: JSONValue
    let minimum: JSONValue?
    let maximum: JSONValue?
    /// A string parameter's only values; `nil` when any string will do.
    let choices: [String]?
    /// What the parameter does, for `stagehand info` and the catalog; see `described(_:)`.
    private(set) var description: String?

    private init(_ name: String, _ type: ParameterType, _ defaultValue: JSONValue,
                 _ minimum: JSONValue? = nil, _ maximum: JSONValue? = nil, choices: [String]? = nil) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
        self.choices = choices
    }

    public static func double(_ name: String, default value: Double, min: Double? = nil, max: Double? = nil) -> Self {
        Self(name, .double, .number(value), min.map(JSONValue.number), max.map(JSONValue.number))
    }

    public static func float(_ name: String, default value: Float, min: Float? = nil, max: Float? = nil) -> Self {
        Self(name, .float, .float(value), min.map(JSONValue.float), max.map(JSONValue.float))
    }

    public static func int32(_ name: String, default value: Int32, min: Int32? = nil, max: Int32? = nil) -> Self {
        Self(name, .int32, .integer(Int64(value)), min.map { .integer(Int64($0)) }, max.map { .integer(Int64($0)) })
    }

    public static func int64(_ name: String, default value: Int64, min: Int64? = nil, max: Int64? = nil) -> Self {
        Self(name, .int64, .integer(value), min.map(JSONValue.integer), max.map(JSONValue.integer))
    }

    public static func uint32(_ name: String, default value: UInt32, min: UInt32? = nil, max: UInt32? = nil) -> Self {
        Self(name, .uint32, .integer(Int64(value)), min.map { .integer(Int64($0)) }, max.map { .integer(Int64($0)) })
    }

    public static func bool(_ name: String, default value: Bool) -> Self {
        Self(name, .bool, .bool(value))
    }

    /// A string parameter (`const char *`); strings have no bounds. With `choices`, the
    /// manifest lists the only values it takes: the host refuses any other before the
    /// factory is called, `stagehand info` lists them, and the playground offers them
    /// as a menu.
    public static func string(_ name: String, default value: String, choices: [String]? = nil) -> Self {
        Self(name, .string, .string(value), choices: choices)
    }

    /// This entry saying what the parameter does, in a sentence (`"Seconds."`):
    /// `stagehand info` and the catalog show it. It changes nothing the host checks.
    public func described(_ text: String) -> Self {
        var copy = self
        copy.description = text
        return copy
    }

    /// `{"name", "type", "default", "min"?, "max"?, "choices"?, "description"?}`
    var json: JSONValue {
        var fields: [(String, JSONValue)] = [("name", .string(name)), ("type", .string(type.rawValue)), ("default", defaultValue)]
        if let minimum { fields.append(("min", minimum)) }
        if let maximum { fields.append(("max", maximum)) }
        if let choices { fields.append(("choices", .array(choices.map(JSONValue.string)))) }
        if let description { fields.append(("description", .string(description))) }
        return .object(fields)
    }
}
