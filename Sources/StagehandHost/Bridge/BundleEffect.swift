import StagehandABI
import StagehandCore

/// An effect made by a bundle's factory, seen by the scene as an animation controller
/// (`EffectLibrary.animationController(named:parameters:)` makes one). Return it from a
/// navigation controller's delegate or a transitioning delegate as UIKit apps return
/// their own animators; for an interactive effect it also gives the interaction
/// controller (`interactionController(for:)`), and `attach(to:)` installs its own
/// gesture on a controller (`detach(from:)` takes it off; do so before the controller
/// goes, as `Coordinator` does).
///
/// Every call crosses the ABI through the effect's function table; optional functions
/// are used only where the table is long enough to hold them and they are set.
///
/// An effect belongs to one stage (the one its maker's thread ran, or the coordinator's);
/// every call into it is a `BridgeCall` for that stage, so the host functions it calls
/// act on that stage's scene, whichever thread drives it.
public final class BundleEffect: AnimatedTransitioning {
    /// The catalog name, used in traces and diagnostics.
    public let name: String
    private let table: UnsafePointer<sh_effect>
    private weak var stage: Stage?
    /// The bundle the effect comes from, for diagnostics (`libX.so (name)`).
    private let caller: BridgeCaller

    init(name: String, table: UnsafePointer<sh_effect>, stage: Stage?, bundlePath: String? = nil) {
        self.name = name
        self.table = table
        self.stage = stage
        self.caller = BridgeCaller(effect: name, bundlePath: bundlePath)
    }

    deinit {
        if has(\.destroy), let destroy = table.pointee.destroy {
            let (table, stage, caller) = (table, stage, caller)
            BridgeCall.with(stage: stage, caller: caller) { destroy(table.pointee.`self`) }
        }
    }

    /// Runs `body` (a call into the effect) as a call for this effect's stage.
    private func call<R>(_ body: () -> R) -> R {
        BridgeCall.with(stage: stage, caller: caller, body)
    }

    public var transitionName: String { name }

    private func has<T>(_ field: KeyPath<sh_effect, T>) -> Bool {
        guard let offset = MemoryLayout<sh_effect>.offset(of: field) else { return false }
        return Int(table.pointee.size) >= offset + MemoryLayout<T>.size
    }

    public func transitionDuration(using context: TransitionContext?) -> Double {
        guard has(\.transition_duration), let f = table.pointee.transition_duration else { return 0 }
        return call {
            let d = f(table.pointee.`self`, handles.opaque(context, .context))
            // Checked inside the call, so the warning names the effect on its stage.
            guard NumberRule.duration.check("transition_duration", "duration", [d], outcome: "0 s is used") else { return 0 }
            return max(0, d)
        }
    }

    public func animateTransition(using context: TransitionContext) {
        guard has(\.animate_transition), let f = table.pointee.animate_transition else {
            stage?.report(.error, .factoryFailed, name, "the effect has no animate_transition function; the transition ends at once")
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        call { f(table.pointee.`self`, handles.opaque(context, .context)) }
    }

    public func animationEnded(_ transitionCompleted: Bool) {
        if has(\.animation_ended), let f = table.pointee.animation_ended { call { f(table.pointee.`self`, transitionCompleted) } }
        handles.drainTemporaries(of: stage)
    }

    /// The effect's interaction controller for an operation about to start, if it has
    /// one: what `navigationController(_:interactionControllerFor:)` returns. An effect
    /// that drives transitions with its own gesture gives one only while that gesture
    /// is starting a transition; otherwise `nil` (the transition animates on its own).
    public func interactionController(for operation: TransitionEvent.Operation) -> InteractiveTransitioning? {
        guard has(\.interaction_controller), let f = table.pointee.interaction_controller else { return nil }
        return call {
            let p = f(table.pointee.`self`, operation.abi)
            return p == nil ? nil : handles.interaction(p, "interaction_controller")
        }
    }

    /// Whether the effect installs a gesture of its own when attached to a controller.
    public var attaches: Bool { has(\.attach) && table.pointee.attach != nil }

    public func attach(to controller: ViewController) {
        guard has(\.attach), let f = table.pointee.attach else { return }
        call { f(table.pointee.`self`, handles.opaque(controller, .controller)) }
    }

    public func detach(from controller: ViewController) {
        guard has(\.detach), let f = table.pointee.detach else { return }
        call { f(table.pointee.`self`, handles.opaque(controller, .controller)) }
    }
}
