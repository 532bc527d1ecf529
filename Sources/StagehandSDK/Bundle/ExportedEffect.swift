import StagehandABI

/// A Swift effect behind the header's `sh_effect` table: the table's `self` is this box,
/// retained, and its functions are the C thunks below, which find the effect again.
///
/// `destroy` releases the box and frees the table with it, so the host's one call ends
/// both lifetimes.
final class ExportedEffect {
    let effect: any Effect
    let table: UnsafeMutablePointer<sh_effect>

    private init(_ effect: any Effect, table: UnsafeMutablePointer<sh_effect>) {
        self.effect = effect
        self.table = table
    }

    /// A new `sh_effect` for `effect`, owned by the host until it calls `destroy`.
    static func export(_ effect: any Effect) -> UnsafeMutablePointer<sh_effect> {
        let table = UnsafeMutablePointer<sh_effect>.allocate(capacity: 1)
        let box = ExportedEffect(effect, table: table)
        var functions = sh_effect()
        functions.size = UInt32(MemoryLayout<sh_effect>.size)
        functions.`self` = Unmanaged.passRetained(box).toOpaque()
        functions.transition_duration = { user, context in
            ExportedEffect.unbox(user)?.transitionDuration(using: context.map(TransitionContext.init)) ?? 0
        }
        functions.animate_transition = { user, context in
            guard let context else {
                Host.log("animate_transition was called without a transition context; ignored")
                return
            }
            ExportedEffect.unbox(user)?.animateTransition(using: TransitionContext(context))
        }
        functions.animation_ended = { user, completed in
            ExportedEffect.unbox(user)?.animationEnded(completed)
        }
        functions.interaction_controller = { user, operation in
            ExportedEffect.unbox(user)?.interactionController(for: TransitionOperation(operation))?.handle
        }
        functions.attach = { user, controller in
            guard let controller else { return }
            ExportedEffect.unbox(user)?.attach(to: ViewController(controller))
        }
        functions.detach = { user, controller in
            guard let controller else { return }
            ExportedEffect.unbox(user)?.detach(from: ViewController(controller))
        }
        functions.destroy = { user in
            guard let user else { return }
            let box = Unmanaged<ExportedEffect>.fromOpaque(user).takeRetainedValue()
            box.table.deinitialize(count: 1)
            box.table.deallocate()
        }
        table.initialize(to: functions)
        return table
    }

    private static func unbox(_ user: UnsafeMutableRawPointer?) -> (any Effect)? {
        user.map { Unmanaged<ExportedEffect>.fromOpaque($0).takeUnretainedValue().effect }
    }
}
