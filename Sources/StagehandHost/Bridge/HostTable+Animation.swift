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
            let duration = a.duration.isFinite ? max(0, a.duration) : 0
            let delay = a.delay.isFinite ? max(0, a.delay) : 0
            if a.flags & UInt32(SH_ANIMATION_SPRING_PHYSICAL) != 0, a.stiffness > 0, a.damping >= 0 {
                let spring = Spring(mass: a.mass > 0 ? a.mass : 1, stiffness: a.stiffness, damping: a.damping,
                                    initialVelocity: a.initial_velocity)
                View.animate(spring: spring, delay: delay, options: options, animations: body, completion: done)
            } else if a.flags & UInt32(SH_ANIMATION_SPRING) != 0 {
                let ratio = a.damping_ratio > 0 ? a.damping_ratio : 1
                View.animate(withDuration: duration, delay: delay, usingSpringWithDamping: ratio,
                             initialSpringVelocity: a.initial_velocity, options: options, animations: body, completion: done)
            } else {
                let curve = TimingCurve(abi: a.curve, custom: (a.c1x, a.c1y, a.c2x, a.c2y))
                View.animate(withDuration: duration, delay: delay, curve: curve, options: options,
                             animations: body, completion: done)
            }
        }
        t.animate_keyframes = { duration, delay, animations, completion, user in
            guard HostTable.onStageThread("animate_keyframes") else { return }
            View.animateKeyframes(withDuration: duration.isFinite ? max(0, duration) : 0,
                                  delay: delay.isFinite ? max(0, delay) : 0,
                                  animations: { () -> Void in animations?(user) },
                                  completion: HostTable.later { completion?(user, $0) })
        }
        t.add_keyframe = { start, length, animations, user in
            guard HostTable.onStageThread("add_keyframe") else { return }
            View.addKeyframe(withRelativeStartTime: start, relativeDuration: length) { () -> Void in animations?(user) }
        }
        t.perform_without_animation = { changes, user in
            guard HostTable.onStageThread("perform_without_animation") else { return }
            View.performWithoutAnimation { () -> Void in changes?(user) }
        }
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
