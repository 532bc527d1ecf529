import StagehandABI
import StagehandCore

extension HostTable {
    /// The transition context's questions and `completeTransition`.
    static func installContext(_ t: inout sh_host) {
        t.context_container_view = { handles.opaque(handles.context($0, "context_container_view")?.containerView, .view) }
        t.context_view_controller = { c, key in
            handles.opaque(handles.context(c, "context_view_controller")?.viewController(forKey: key == SH_KEY_FROM ? .from : .to), .controller)
        }
        t.context_view = { c, key in
            handles.opaque(handles.context(c, "context_view")?.view(forKey: key == SH_KEY_FROM ? .from : .to), .view)
        }
        t.context_initial_frame = { c, vc in
            guard let context = handles.context(c, "context_initial_frame"), let vc = handles.controller(vc, "context_initial_frame") else { return Rect.zero.abi }
            return context.initialFrame(for: vc).abi
        }
        t.context_final_frame = { c, vc in
            guard let context = handles.context(c, "context_final_frame"), let vc = handles.controller(vc, "context_final_frame") else { return Rect.zero.abi }
            return context.finalFrame(for: vc).abi
        }
        t.context_is_animated = { handles.context($0, "context_is_animated")?.isAnimated ?? false }
        t.context_is_interactive = { handles.context($0, "context_is_interactive")?.isInteractive ?? false }
        t.context_transition_was_cancelled = { handles.context($0, "context_transition_was_cancelled")?.transitionWasCancelled ?? false }
        t.context_operation = { handles.context($0, "context_operation")?.operation.abi ?? SH_OPERATION_NONE }
        t.context_complete_transition = { c, done in
            // A second call finds the context ended (or, later, gone): say so in the
            // author's terms rather than as a stale handle.
            if handles.isStale(c, .context) {
                HostTable.completedTwice(effect: nil)
                return
            }
            guard let context = handles.context(c, "context_complete_transition") else { return }
            guard !context.isCompleted else {
                HostTable.completedTwice(effect: context.effectName)
                return
            }
            context.completeTransition(done)
        }
    }

    /// `completeTransition` called on a transition that already ended: ignored, as UIKit
    /// ignores it, with one line naming the effect.
    static func completedTwice(effect: String?) {
        let name = BridgeCall.current?.caller.effect ?? effect ?? "the effect"
        say(.completedTwice, "completeTransition called twice by \(name); the second call is ignored")
    }
}
