import StagehandABI
import StagehandCore
import StagehandGeometry

/// A declarative effect made for one controller: an `sh_effect` table whose functions
/// are the host's own, so the scene sees a `BundleEffect` like any other and every call
/// the effect makes goes through the host table and its handle checks, as a bundle's
/// does. No code of the file's runs: it is data, played by `DeclarativeRun` (and its
/// gesture by `DeclarativeGesture`).
///
/// The object owns its table and is kept alive by it: `make` retains it, the table's
/// `destroy` releases it.
final class DeclarativeEffect {
    let definition: EffectDefinition
    /// What this instance plays: the file's motion, or the one its variant parameter's
    /// value chose.
    let motion: EffectMotion
    let host: UnsafePointer<sh_host>
    /// The numeric parameters' values for this instance (the factory's arguments).
    let parameters: [String: Double]
    private let table: UnsafeMutablePointer<sh_effect>
    private var gesture: DeclarativeGesture?

    private init(definition: EffectDefinition, arguments: [ParameterValue], host: UnsafePointer<sh_host>) {
        self.definition = definition
        self.motion = definition.motion(for: arguments)
        self.host = host
        var values: [String: Double] = [:]
        for (declaration, value) in zip(definition.parameters, arguments) where declaration.type.isNumeric {
            values[declaration.name] = value.numericValue
        }
        parameters = values
        table = .allocate(capacity: 1)
        table.initialize(to: sh_effect())
    }

    deinit {
        table.deinitialize(count: 1)
        table.deallocate()
    }

    /// A new instance's table, with `arguments` in the order of the declared parameters
    /// (checked against their bounds by the caller, as for a factory).
    static func make(_ definition: EffectDefinition, arguments: [ParameterValue],
                     host: UnsafePointer<sh_host> = HostTable.shared) -> UnsafePointer<sh_effect> {
        let effect = DeclarativeEffect(definition: definition, arguments: arguments, host: host)
        if let interaction = effect.motion.interactive {
            effect.gesture = DeclarativeGesture(interaction: interaction, effect: effect)
        }
        let t = effect.table
        t.pointee.size = UInt32(MemoryLayout<sh_effect>.size)
        t.pointee.`self` = Unmanaged.passRetained(effect).toOpaque()
        t.pointee.transition_duration = { me, context in
            guard let me else { return 0 }
            return DeclarativeRun.duration(of: Unmanaged<DeclarativeEffect>.fromOpaque(me).takeUnretainedValue(), context: context)
        }
        t.pointee.animate_transition = { me, context in
            guard let me, let context else { return }
            DeclarativeRun.start(Unmanaged<DeclarativeEffect>.fromOpaque(me).takeUnretainedValue(), context: context)
        }
        t.pointee.animation_ended = { me, completed in
            guard let me else { return }
            Unmanaged<DeclarativeEffect>.fromOpaque(me).takeUnretainedValue().gesture?.animationEnded()
        }
        if effect.motion.interactive != nil {
            t.pointee.interaction_controller = { me, operation in
                guard let me else { return nil }
                return Unmanaged<DeclarativeEffect>.fromOpaque(me).takeUnretainedValue().gesture?.interactionController(for: operation)
            }
            t.pointee.attach = { me, controller in
                guard let me, let controller else { return }
                Unmanaged<DeclarativeEffect>.fromOpaque(me).takeUnretainedValue().gesture?.attach(to: controller)
            }
            t.pointee.detach = { me, controller in
                guard let me, let controller else { return }
                Unmanaged<DeclarativeEffect>.fromOpaque(me).takeUnretainedValue().gesture?.detach(from: controller)
            }
        }
        t.pointee.destroy = { me in
            guard let me else { return }
            let effect = Unmanaged<DeclarativeEffect>.fromOpaque(me).takeRetainedValue()
            effect.gesture?.detachAll()
            effect.gesture = nil
        }
        return UnsafePointer(t)
    }

    /// The phase the context's operation plays: the backward one for a pop or a
    /// dismissal of an effect that plays both ways.
    func phase(for context: OpaquePointer?) -> EffectMotion.Phase {
        guard let context else { return motion.forward }
        let operation = host.pointee.context_operation(context)
        let backward = operation == SH_OPERATION_POP || operation == SH_OPERATION_DISMISS
        let both = definition.kind == .navigation || definition.kind == .modal || definition.kind == .any
        return motion.phase(reverse: backward && both)
    }

    func environment(container: Double? = nil, view: Double? = nil) -> ValueExpression.Environment {
        ValueExpression.Environment(parameters: parameters, containerExtent: container, viewExtent: view)
    }

    /// The ABI animation for a curve over `duration` after `delay`.
    func animation(_ curve: CurveSpec, duration: Double, delay: Double) -> sh_animation {
        var animation = sh_animation()
        animation.size = UInt32(MemoryLayout<sh_animation>.size)
        animation.duration = max(0, duration)
        animation.delay = max(0, delay)
        let environment = environment()
        switch curve {
        case .named(let named):
            animation.curve = named
        case .bezier(let x1, let y1, let x2, let y2):
            animation.curve = SH_CURVE_CUSTOM.rawValue
            (animation.c1x, animation.c1y, animation.c2x, animation.c2y) = (x1, y1, x2, y2)
        case .steps, .piecewise:
            animation.curve = SH_CURVE_LINEAR.rawValue
        case .springDamping(let ratio, let velocity):
            animation.flags |= UInt32(SH_ANIMATION_SPRING)
            animation.curve = SH_CURVE_LINEAR.rawValue
            animation.damping_ratio = max(ratio.evaluate(environment), 0.001)
            animation.initial_velocity = velocity.evaluate(environment)
        case .springBounce, .springPhysical:
            let spring = physicalSpring(curve, duration: duration)
            animation.flags |= UInt32(SH_ANIMATION_SPRING_PHYSICAL)
            animation.curve = SH_CURVE_LINEAR.rawValue
            (animation.mass, animation.stiffness, animation.damping, animation.initial_velocity) =
                (spring.mass, spring.stiffness, spring.damping, spring.velocity)
        }
        return animation
    }

    /// How long a curve runs: `duration`, or a physical spring's settling time.
    func length(of curve: CurveSpec, duration: Double) -> Double {
        switch curve {
        case .springBounce, .springPhysical:
            let s = physicalSpring(curve, duration: duration)
            let settling = Spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping, initialVelocity: s.velocity).settlingDuration
            return settling.isFinite ? min(settling, 600) : 600
        default:
            return max(0, duration)
        }
    }

    /// The physical form of a spring; SwiftUI's duration-and-bounce form converted as
    /// SwiftUI and Flutter do: k = (2π / duration)², ζ = 1 − bounce (bounce ≥ 0) or
    /// 1 / (1 + bounce), mass 1. Values are kept where a spring is defined.
    private func physicalSpring(_ curve: CurveSpec, duration: Double) -> (mass: Double, stiffness: Double, damping: Double, velocity: Double) {
        let environment = environment()
        switch curve {
        case .springBounce(let bounceExpression):
            let bounce = min(max(bounceExpression.evaluate(environment), -0.99), 0.99)
            let period = max(duration, 0.01)
            let stiffness = (2 * Double.pi / period) * (2 * Double.pi / period)
            let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
            return (1, stiffness, 2 * ratio * stiffness.squareRoot(), 0)
        case .springPhysical(let mass, let stiffness, let damping, let velocity):
            return (max(mass.evaluate(environment), 0.001), max(stiffness.evaluate(environment), 0.001),
                    max(damping.evaluate(environment), 0), velocity.evaluate(environment))
        default:
            return (1, 100, 20, 0)
        }
    }
}
