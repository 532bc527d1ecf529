/// One parameter of an effect, declared once: its name, type, default and bounds.
///
/// The manifest's entry for the parameter and the check of each factory argument both
/// come from this value, so they cannot disagree:
///
///     Parameter("duration", default: 0.8, in: 0.01...10)   // a double in 0.01...10
///     Parameter("folds", default: Int32(4), in: 2...12)     // an int32_t
///     Parameter("reversed", default: false)                 // a bool, no bounds
///     Parameter("edge", default: "left", choices: ["left", "right", "top", "bottom"])
///
/// The type is `Value` (inferred from the default): `Double` for a C `double`, `Int32`
/// for an `int32_t`, and so on (see ``ParameterValue``). Bounds are inclusive. The host
/// checks values against the manifest's bounds before it calls the factory; the factory
/// that ``EffectDeclaration/export(_:)`` runs checks them again, because a factory is an
/// exported C function that anyone holding the bundle can call.
public struct Parameter<Value: ParameterValue>: Sendable {
    /// The name the manifest, `--param NAME=VALUE` and scenarios use.
    public let name: String
    /// The value used when a caller gives none.
    public let defaultValue: Value
    /// The manifest's entry for this parameter.
    public private(set) var manifest: ParameterManifest
    /// Whether a value is allowed: within the bounds, if there are any.
    private let accepts: @Sendable (Value) -> Bool
    /// What a refused value is, as the log line says it, e.g. "outside its bounds 0.01...10".
    private let refusalText: String

    /// A parameter without bounds: every value of its type is allowed.
    public init(_ name: String, default value: Value) {
        self.name = name
        defaultValue = value
        manifest = Value.manifest(name, default: value)
        accepts = { _ in true }
        refusalText = "not allowed"
    }

    /// A number parameter allowed only within `bounds` (inclusive; NaN is never within).
    public init(_ name: String, default value: Value, in bounds: ClosedRange<Value>) where Value: BoundedParameterValue {
        self.name = name
        defaultValue = value
        manifest = Value.manifest(name, default: value, in: bounds)
        accepts = { bounds.contains($0) }
        refusalText = "outside its bounds \(bounds.lowerBound)...\(bounds.upperBound)"
    }

    /// A string parameter that takes one of `choices` (say the four edges a cover comes
    /// from). The manifest declares the string with its default and its choices, so the
    /// host refuses any other value before the call; the factory refuses one too, naming
    /// the choices in its log line, so `make` receives only one of them.
    public init(_ name: String, default value: String, choices: [String]) where Value == String {
        self.name = name
        defaultValue = value
        manifest = .string(name, default: value, choices: choices)
        accepts = { choices.contains($0) }
        refusalText = "not one of " + choices.map { String(reflecting: $0) }.joined(separator: ", ")
    }

    /// This parameter saying what it does, in a sentence, in its manifest entry:
    ///
    ///     Parameter("duration", default: 0.8, in: 0.01...10).described("Seconds the sheet takes to rise.")
    public func described(_ text: String) -> Self {
        var copy = self
        copy.manifest = manifest.described(text)
        return copy
    }

    /// The value a factory argument stands for, or why it is refused: a sentence naming
    /// the parameter, for the log line.
    func value(of argument: Value.FactoryArgument) -> Result<Value, ParameterRefusal> {
        guard let value = Value(factoryArgument: argument) else {
            return .failure(ParameterRefusal(message: "parameter \(name) has no value (a NULL \(Value.parameterType.rawValue))"))
        }
        guard accepts(value) else {
            return .failure(ParameterRefusal(message: "parameter \(name) is \(String(reflecting: value)), \(refusalText)"))
        }
        return .success(value)
    }
}

/// Why a factory argument was refused, as a sentence naming the parameter.
struct ParameterRefusal: Error {
    var message: String
}
