/// What an effect animates, as the manifest declares it: the host picks a `pop` effect
/// when a navigation controller pops, and so on. `container` is the iOS 5/6
/// custom-container style; `interaction` only drives another effect from a gesture.
public enum EffectKind: String, CaseIterable, Hashable, Sendable {
    case push
    case pop
    case present
    case dismiss
    case container
    case interaction
}
