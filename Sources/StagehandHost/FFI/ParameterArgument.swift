/// A parameter value as one of the library's callers gives it: typed, from an app
/// (`EffectParameterValue`), or as text, from the command line's `--param name=value` or
/// a scenario, to be parsed as the parameter's declared type. Both end as the same
/// checked `ParameterValue` (`ParameterOverrides`).
enum ParameterArgument: Hashable, Sendable {
    case value(EffectParameterValue)
    case text(String)
}
