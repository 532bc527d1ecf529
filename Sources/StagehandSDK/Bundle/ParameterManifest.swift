/// One parameter of an effect's factory, as the manifest declares it: its name, C type,
/// default and (for numbers) bounds. The host checks values against these before it
/// calls the factory, and the order of an effect's parameters is the factory's.
///
///     .double("duration", default: 0.25, min: 0.01, max: 10)
public struct ParameterManifest: Hashable, Sendable {
    public let name: String
    public let type: ParameterType
    let defaultValue: JSONValue
    let minimum: JSONValue?
    let maximum: JSONValue?

    private init(_ name: String, _ type: ParameterType, _ defaultValue: JSONValue,
                 _ minimum: JSONValue? = nil, _ maximum: JSONValue? = nil) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
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

    /// A string parameter (`const char *`); strings have no bounds.
    public static func string(_ name: String, default value: String) -> Self {
        Self(name, .string, .string(value))
    }

    /// `{"name", "type", "default", "min"?, "max"?}`
    var json: JSONValue {
        var fields: [(String, JSONValue)] = [("name", .string(name)), ("type", .string(type.rawValue)), ("default", defaultValue)]
        if let minimum { fields.append(("min", minimum)) }
        if let maximum { fields.append(("max", maximum)) }
        return .object(fields)
    }
}
