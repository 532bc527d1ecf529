import StagehandABI

/// Which side of a transition (UITransitionContextViewControllerKey and
/// UITransitionContextViewKey): the controller going away, or the one arriving.
public enum TransitionContextKey: Hashable, Sendable {
    case from
    case to

    var abi: sh_context_key {
        switch self {
        case .from: return SH_KEY_FROM
        case .to: return SH_KEY_TO
        }
    }
}
