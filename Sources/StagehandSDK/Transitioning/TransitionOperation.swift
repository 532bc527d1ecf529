import StagehandABI

/// What a transition does: UINavigationController.Operation's push and pop, the
/// presentation's present and dismiss, and a custom container's child swap.
public enum TransitionOperation: Hashable, Sendable {
    /// No operation, or one newer than this SDK knows.
    case none
    case push
    case pop
    case present
    case dismiss
    case container

    init(_ abi: sh_operation) {
        switch abi {
        case SH_OPERATION_PUSH: self = .push
        case SH_OPERATION_POP: self = .pop
        case SH_OPERATION_PRESENT: self = .present
        case SH_OPERATION_DISMISS: self = .dismiss
        case SH_OPERATION_CONTAINER: self = .container
        default: self = .none
        }
    }

    /// The operation as the C header spells it.
    var abi: sh_operation {
        switch self {
        case .none: SH_OPERATION_NONE
        case .push: SH_OPERATION_PUSH
        case .pop: SH_OPERATION_POP
        case .present: SH_OPERATION_PRESENT
        case .dismiss: SH_OPERATION_DISMISS
        case .container: SH_OPERATION_CONTAINER
        }
    }
}
