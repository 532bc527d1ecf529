/// An effect chosen by name, with the parameter values to make it with. Each controller
/// gets its own instance (effects may keep per-controller state, such as a gesture).
struct EffectChoice {
    let name: String
    let kind: EffectKind
    /// Whether it has a gesture of its own (the catalog's `interactive`).
    let interactive: Bool
    /// The parameter values it is made with, as they were when it was chosen.
    let given: [String: ParameterArgument]
}
