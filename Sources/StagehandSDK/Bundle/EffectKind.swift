/// What an effect animates, as the manifest declares it: the host picks a `pop` effect
/// when a navigation controller pops, and so on. `container` is the iOS 5/6
/// custom-container style; `interaction` only drives another effect from a gesture.
///
/// `navigation` (push and pop), `modal` (present and dismiss) and `any` (all four) are
/// for an effect that reads `TransitionContext.operation` and plays the reverse on the
/// way back, so one effect serves both directions.
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
}
