import StagehandABI
import StagehandCore
import StagehandShared

// The runtime's own types in the header's terms, and handles as the header types them.
// The shared geometry's and the gesture state's conversions, which the SDK uses too, are
// in StagehandShared.

extension TransitionEvent.Operation {
    var abi: sh_operation {
        switch self {
        case .push: return SH_OPERATION_PUSH
        case .pop: return SH_OPERATION_POP
        case .present: return SH_OPERATION_PRESENT
        case .dismiss: return SH_OPERATION_DISMISS
        case .container: return SH_OPERATION_CONTAINER
        }
    }
}

/// Handles as the header types them (opaque pointers).
extension HandleTable {
    func view(_ p: OpaquePointer?, _ function: String = #function) -> View? {
        resolve(p, as: View.self, .view, in: function)
    }

    func controller(_ p: OpaquePointer?, _ function: String = #function) -> ViewController? {
        resolve(p, as: ViewController.self, .controller, in: function)
    }

    func navigation(_ p: OpaquePointer?, _ function: String = #function) -> NavigationController? {
        guard let vc = controller(p, function) else { return nil }
        guard let nav = vc as? NavigationController else {
            HostTable.report(function, "\(vc.title ?? "the controller") is not a navigation controller; ignored")
            return nil
        }
        return nav
    }

    func context(_ p: OpaquePointer?, _ function: String = #function) -> TransitionContext? {
        resolve(p, as: TransitionContext.self, .context, in: function)
    }

    func interaction(_ p: OpaquePointer?, _ function: String = #function) -> PercentDrivenInteractiveTransition? {
        resolve(p, as: PercentDrivenInteractiveTransition.self, .interaction, in: function)
    }

    func gesture(_ p: OpaquePointer?, _ function: String = #function) -> GestureRecognizer? {
        resolve(p, as: GestureRecognizer.self, .gesture, in: function)
    }

    func opaque(_ object: AnyObject?, _ kind: Kind) -> OpaquePointer? {
        handle(object, kind).map(OpaquePointer.init)
    }
}
