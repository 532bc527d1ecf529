import StagehandCore

/// One declarative effect, read and checked: what the catalog lists of it, and the
/// motion it plays (one, or one per choice of a string parameter when the file has
/// `variants`). Made only by `DefinitionReader`, so every value here has been checked
/// (roles valid for the kind, parameters declared, keyframes in order, one spring form
/// per curve, every choice of a variant's parameter given a motion).
struct EffectDefinition: Equatable, Sendable {
    /// Motions chosen by a string parameter's value when an instance is made (Material's
    /// shared axis along x, y or z; VCTransitionsLibrary's `gesture`).
    struct Variants: Equatable, Sendable {
        /// The string parameter that chooses; declared with `choices`.
        var parameter: String
        /// A motion for every choice of the parameter.
        var cases: [String: EffectMotion]
    }

    var file: String
    var name: String
    var kind: EffectKind
    var description: String
    var family: String?
    var source: String?
    var author: String?
    var license: String?
    var parameters: [ParameterDeclaration]
    /// The motion without variants; with them, the default choice's.
    var motion: EffectMotion
    var variants: Variants?

    /// Whether some motion of the file has a gesture: what the catalog says of it.
    var isInteractive: Bool {
        motion.interactive != nil || (variants?.cases.values.contains { $0.interactive != nil } ?? false)
    }

    /// The motion an instance made with `arguments` (in the order of `parameters`) plays.
    func motion(for arguments: [ParameterValue]) -> EffectMotion {
        guard let variants, let index = parameters.firstIndex(where: { $0.name == variants.parameter }),
              index < arguments.count, case .string(let choice) = arguments[index],
              let chosen = variants.cases[choice] else { return motion }
        return chosen
    }
}
