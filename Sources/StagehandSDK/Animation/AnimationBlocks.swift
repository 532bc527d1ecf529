import StagehandABI

/// The Swift closures of one `animate` call, carried through the header's `void *user`.
///
/// The host runs an animations block during the call that hands it over (that is how
/// property changes are captured), so the block is held only for that call and may be
/// non-escaping, as in the host's own engine. The completion runs later, once: the box
/// is retained for it and released after it ran.
final class AnimationBlocks {
    private var animations: (() -> Void)?
    private var completion: ((Bool) -> Void)?

    private init(completion: ((Bool) -> Void)?) {
        self.completion = completion
    }

    /// Runs `call` with `animations` (and `completion`) reachable from the `user` pointer
    /// it receives, together with the C callbacks that reach them. The completion thunk
    /// is given only when there is a completion to run.
    static func perform(_ animations: () -> Void, completion: ((Bool) -> Void)?,
                        _ call: (sh_animations_fn, sh_completion_fn?, UnsafeMutableRawPointer) -> Void) {
        let blocks = AnimationBlocks(completion: completion)
        withoutActuallyEscaping(animations) { animations in
            blocks.animations = animations
            let user = completion == nil
                ? Unmanaged.passUnretained(blocks).toOpaque()  // lives as long as this scope
                : Unmanaged.passRetained(blocks).toOpaque()    // released by the completion
            withExtendedLifetime(blocks) {
                call(animationsThunk, completion == nil ? nil : completionThunk, user)
            }
            // A host that called the animations after `animate` returned would find
            // nothing to run, rather than a closure that no longer exists.
            blocks.animations = nil
        }
    }

    private static let animationsThunk: sh_animations_fn = { user in
        guard let user else { return }
        Unmanaged<AnimationBlocks>.fromOpaque(user).takeUnretainedValue().animations?()
    }

    private static let completionThunk: sh_completion_fn = { user, finished in
        guard let user else { return }
        let blocks = Unmanaged<AnimationBlocks>.fromOpaque(user).takeRetainedValue()
        let completion = blocks.completion
        blocks.completion = nil
        completion?(finished)
    }
}
