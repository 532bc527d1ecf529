/// What an effect is chosen for. Each role accepts effects of certain kinds: a pop
/// animation cannot push; an interactive pop may be a pop effect with its own gesture
/// (slide-pop) or a gesture-only interaction effect (full-screen-pop).
public enum CoordinatorRole: String, CaseIterable, Sendable {
    case push, pop, interactivePop, present, dismiss, interactiveDismiss

    var acceptedKinds: [EffectKind] {
        switch self {
        case .push: return [.push]
        case .pop: return [.pop]
        case .interactivePop: return [.pop, .interaction]
        case .present: return [.present]
        case .dismiss: return [.dismiss]
        case .interactiveDismiss: return [.dismiss, .interaction]
        }
    }
}
