/// What an effect animates, as the catalog and the manifests (the SDK's
/// `EffectDeclaration` writes them) declare it: the coordinator asks for a `push` effect
/// when it pushes, a `pop` effect when it pops, and so on.
/// `container` is the iOS 5/6 custom-container style (a transition between two children);
/// `interaction` is an effect that only drives another one from a gesture.
///
/// `navigation`, `modal` and `any` are effects that play several operations, reading the
/// context's operation and playing the reverse for the way back, as the animators of
/// Hero and VCTransitionsLibrary do: `navigation` pushes and pops, `modal` presents and
/// dismisses, `any` does all four.
public enum EffectKind: String, CaseIterable, Hashable, Sendable {
    case push
    case pop
    case present
    case dismiss
    case container
    case interaction
    case navigation
    case modal
    case any

    /// The single-operation kinds an effect of this kind may be chosen for: itself for
    /// those, the pair or the four for the kinds that play several.
    public var plays: [EffectKind] {
        switch self {
        case .push, .pop, .present, .dismiss, .container, .interaction: return [self]
        case .navigation: return [.push, .pop]
        case .modal: return [.present, .dismiss]
        case .any: return [.push, .pop, .present, .dismiss]
        }
    }

    /// Whether an effect of this kind animates `operation` (one of push, pop, present,
    /// dismiss or container).
    public func plays(_ operation: EffectKind) -> Bool { plays.contains(operation) }
}
