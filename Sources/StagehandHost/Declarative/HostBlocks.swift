import StagehandABI

/// The host table's block-taking calls (`animate`, `animate_keyframes`, `add_keyframe`,
/// `perform_without_animation`) with Swift closures: a declarative effect calls the host
/// exactly as a bundle does, through the same table and its handle checks.
///
/// The closures travel as the `user` pointer: retained until the completion runs when
/// there is one (the host calls it exactly once), borrowed for the call otherwise.
struct HostBlocks {
    let host: UnsafePointer<sh_host>

    private final class Blocks {
        var animations: (() -> Void)?
        var completion: ((Bool) -> Void)?
    }

    private static let runAnimations: sh_animations_fn = { user in
        guard let user else { return }
        Unmanaged<Blocks>.fromOpaque(user).takeUnretainedValue().animations?()
    }

    private static let runCompletion: sh_completion_fn = { user, finished in
        guard let user else { return }
        let blocks = Unmanaged<Blocks>.fromOpaque(user).takeRetainedValue()
        let completion = blocks.completion
        blocks.completion = nil
        completion?(finished)
    }

    private func call(_ animations: @escaping () -> Void, completion: ((Bool) -> Void)?,
                      _ body: (sh_animations_fn, sh_completion_fn?, UnsafeMutableRawPointer) -> Void) {
        let blocks = Blocks()
        blocks.animations = animations
        blocks.completion = completion
        let user = completion == nil ? Unmanaged.passUnretained(blocks).toOpaque() : Unmanaged.passRetained(blocks).toOpaque()
        withExtendedLifetime(blocks) {
            body(Self.runAnimations, completion == nil ? nil : Self.runCompletion, user)
        }
        blocks.animations = nil
    }

    func animate(_ animation: sh_animation, _ animations: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
        call(animations, completion: completion) { run, done, user in
            withUnsafePointer(to: animation) { host.pointee.animate($0, run, done, user) }
        }
    }

    func animateKeyframes(duration: Double, delay: Double, _ animations: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
        call(animations, completion: completion) { run, done, user in
            host.pointee.animate_keyframes(duration, delay, run, done, user)
        }
    }

    func addKeyframe(start: Double, duration: Double, _ animations: @escaping () -> Void) {
        call(animations, completion: nil) { run, _, user in
            host.pointee.add_keyframe(start, duration, run, user)
        }
    }

    func withoutAnimation(_ changes: @escaping () -> Void) {
        call(changes, completion: nil) { run, _, user in
            host.pointee.perform_without_animation(run, user)
        }
    }
}
