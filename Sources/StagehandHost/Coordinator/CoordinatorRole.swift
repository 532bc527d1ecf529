/// What an effect is chosen for. Each role accepts effects of certain kinds: a pop
/// animation cannot push; an interactive pop may be a pop effect with its own gesture
/// (slide-pop) or a gesture-only interaction effect (full-screen-pop). An effect that
/// plays several operations (kind `navigation`, `modal` or `any`) fits each role of
/// the operations it plays.
public enum CoordinatorRole: String, CaseIterable, Sendable {
    case push, pop, interactivePop, present, dismiss, interactiveDismiss

    /// The operation this role animates.
    var operation: EffectKind {
        switch self {
        case .push: return .push
        case .pop, .interactivePop: return .pop
        case .present: return .present
        case .dismiss, .interactiveDismiss: return .dismiss
        }
    }

    var acceptedKinds: [EffectKind] {
        let animating = EffectKind.allCases.filter { $0 != .interaction && $0.plays(operation) }
        switch self {
        case .interactivePop, .interactiveDismiss: return animating + [.interaction]
        default: return animating
        }
    }
}
