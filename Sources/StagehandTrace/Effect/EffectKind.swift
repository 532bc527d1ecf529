/// What an effect animates, as the catalog and the manifests declare it: the coordinator
/// asks for a `push` effect when it pushes, a `pop` effect when it pops, and so on.
/// `container` is the iOS 5/6 custom-container style (a transition between two children);
/// `interaction` is an effect that only drives another one from a gesture.
public enum EffectKind: String, CaseIterable, Hashable, Sendable {
    case push
    case pop
    case present
    case dismiss
    case container
    case interaction
}
