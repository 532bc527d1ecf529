import StagehandABI
import StagehandCore

extension HostTable {
    /// UIView's block animations, with the bundle's function pointers as the blocks.
    static func installAnimation(_ t: inout sh_host) {
        t.animate = { description, animations, completion, user in
            // Refused on a thread running no stage: nothing runs, not even the blocks.
            guard HostTable.onStageThread("animate") else { return }
            guard let description else {
                HostTable.report("animate", "NULL animation description; the changes are made without animation")
                animations?(user)
                completion?(user, true)
                return
            }
            let a = HostTable.read(description)
            let body: () -> Void = { animations?(user) }
            let done = HostTable.later { finished in completion?(user, finished) }
            var options = AnimationOptions()
            if a.flags & UInt32(SH_ANIMATION_BEGIN_FROM_CURRENT_STATE) != 0 { options.insert(.beginFromCurrentState) }
            guard let timing = HostTable.timing(of: a) else {
                View.animate(withDuration: 0, delay: 0, curve: .linear, options: options, animations: body, completion: done)
                return
            }
            let delay = max(0, a.delay)
            switch timing {
            case .physical(let spring):
                View.animate(spring: spring, delay: delay, options: options, animations: body, completion: done)
            case .spring(let ratio):
                View.animate(withDuration: max(0, a.duration), delay: delay, usingSpringWithDamping: ratio,
                             initialSpringVelocity: a.initial_velocity, options: options, animations: body, completion: done)
            case .curve(let curve):
                View.animate(withDuration: max(0, a.duration), delay: delay, curve: curve, options: options,
                             animations: body, completion: done)
            }
        }
        t.animate_keyframes = { duration, delay, animations, completion, user in
            guard HostTable.onStageThread("animate_keyframes") else { return }
            let refused = "the changes are made at once, without animation"
            let valid = NumberRule.duration.check("animate_keyframes", "duration", [duration], outcome: refused)
                && NumberRule.duration.check("animate_keyframes", "delay", [delay], outcome: refused)
            View.animateKeyframes(withDuration: valid ? max(0, duration) : 0, delay: valid ? max(0, delay) : 0,
                                  animations: { () -> Void in animations?(user) },
                                  completion: HostTable.later { completion?(user, $0) })
        }
        t.add_keyframe = { start, length, animations, user in
            guard HostTable.onStageThread("add_keyframe") else { return }
            guard NumberRule.magnitude.check("add_keyframe", "relative start and duration", [start, length],
                                             outcome: "the changes are made at once, without animation") else {
                View.performWithoutAnimation { () -> Void in animations?(user) }
                return
            }
            View.addKeyframe(withRelativeStartTime: start, relativeDuration: length) { () -> Void in animations?(user) }
        }
        t.perform_without_animation = { changes, user in
            guard HostTable.onStageThread("perform_without_animation") else { return }
            View.performWithoutAnimation { () -> Void in changes?(user) }
        }
    }

    /// How an `animate` call times its changes, read from its description.
    enum Timing {
        case physical(Spring)
        case spring(dampingRatio: Double)
        case curve(TimingCurve)
    }

    /// The timing `a` asks for, with every number it uses checked by `NumberRule`; `nil`
    /// (said once) when one is refused: the changes are then made at once.
    static func timing(of a: sh_animation) -> Timing? {
        let refused = "the changes are made at once, without animation"
        guard NumberRule.duration.check("animate", "delay", [a.delay], outcome: refused) else { return nil }
        if a.flags & UInt32(SH_ANIMATION_SPRING_PHYSICAL) != 0 {
            guard NumberRule.magnitude.check("animate", "spring (mass, stiffness, damping, initial velocity)",
                                             [a.mass, a.stiffness, a.damping, a.initial_velocity], outcome: refused) else { return nil }
            // Not a physical spring at all (UIKit would not make one): the other forms apply.
            if a.stiffness > 0, a.damping >= 0 {
                let spring = Spring(mass: a.mass > 0 ? a.mass : 1, stiffness: a.stiffness, damping: a.damping,
                                    initialVelocity: a.initial_velocity)
                // Its length is how long it takes to settle, which the constants can make
                // endless (no damping) or longer than any run.
                guard NumberRule.duration.check("animate", "spring settling time", [spring.duration], outcome: refused) else { return nil }
                return .physical(spring)
            }
        }
        guard NumberRule.duration.check("animate", "duration", [a.duration], outcome: refused) else { return nil }
        if a.flags & UInt32(SH_ANIMATION_SPRING) != 0 {
            guard NumberRule.magnitude.check("animate", "spring (damping ratio, initial velocity)",
                                             [a.damping_ratio, a.initial_velocity], outcome: refused) else { return nil }
            return .spring(dampingRatio: a.damping_ratio > 0 ? a.damping_ratio : 1)
        }
        if a.curve == SH_CURVE_CUSTOM.rawValue {
            guard NumberRule.magnitude.check("animate", "curve control points", [a.c1x, a.c1y, a.c2x, a.c2y], outcome: refused) else { return nil }
        }
        return .curve(TimingCurve(abi: a.curve, custom: (a.c1x, a.c1y, a.c2x, a.c2y)))
    }

    /// `completion`, to be called on a later frame, made to run as a call for the same
    /// stage and effect as now (the animator calls it from the stage's frame loop, where
    /// no bundle call is in progress).
    static func later(_ completion: @escaping (Bool) -> Void) -> (Bool) -> Void {
        let stage = BridgeCall.runningStage
        let caller = BridgeCall.current?.caller ?? BridgeCaller()
        return { [weak stage] finished in BridgeCall.with(stage: stage, caller: caller) { completion(finished) } }
    }

    /// The description as this host knows it: a bundle built against an older minor
    /// version passes a shorter struct, whose missing fields read as zero.
    static func read(_ p: UnsafePointer<sh_animation>) -> sh_animation {
        var a = sh_animation()
        let size = min(Int(p.pointee.size), MemoryLayout<sh_animation>.size)
        withUnsafeMutableBytes(of: &a) { dst in
            dst.copyMemory(from: UnsafeRawBufferPointer(start: UnsafeRawPointer(p), count: max(size, 0)))
        }
        return a
    }
}
