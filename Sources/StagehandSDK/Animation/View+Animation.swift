import StagehandABI

/// UIView's block-based animation API.
///
/// Property changes made inside `animations` become animations from what is on screen to
/// the new value; `completion` runs once they all stop, with `finished` false when they
/// were interrupted. The animations run before the call returns.
extension View {
    /// animate(withDuration:delay:options:animations:completion:): the curve comes from
    /// `options` (ease-in-ease-out by default, as UIKit).
    public static func animate(withDuration duration: Double, delay: Double = 0,
                               options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        var animation = abiAnimation(duration: duration, delay: delay, options: options)
        animation.curve = options.curve.rawValue
        run(animation, animations, completion)
    }

    /// The same with any cubic Bézier (UIViewPropertyAnimator's control-point form); a
    /// curve given here wins over a curve in `options`.
    public static func animate(withDuration duration: Double, delay: Double = 0,
                               curve: TimingCurve, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        var animation = abiAnimation(duration: duration, delay: delay, options: options)
        animation.curve = curve.abiCurve.rawValue
        animation.c1x = curve.controlPoint1.x
        animation.c1y = curve.controlPoint1.y
        animation.c2x = curve.controlPoint2.x
        animation.c2y = curve.controlPoint2.y
        run(animation, animations, completion)
    }

    /// animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:...):
    /// UIKit's spring. A damping ratio of 1 settles without overshoot, lower ones
    /// oscillate; `velocity` is in units of the whole distance per second.
    public static func animate(withDuration duration: Double, delay: Double = 0,
                               usingSpringWithDamping dampingRatio: Double,
                               initialSpringVelocity velocity: Double = 0,
                               options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        var animation = abiAnimation(duration: duration, delay: delay, options: options)
        animation.flags |= UInt32(SH_ANIMATION_SPRING)
        animation.damping_ratio = dampingRatio
        animation.initial_velocity = velocity
        run(animation, animations, completion)
    }

    /// A physical spring (UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)):
    /// it lasts as long as it takes to settle, so there is no duration to give.
    public static func animate(withSpringMass mass: Double, stiffness: Double, damping: Double,
                               initialSpringVelocity velocity: Double = 0, delay: Double = 0,
                               options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        var animation = abiAnimation(duration: 0, delay: delay, options: options)
        animation.flags |= UInt32(SH_ANIMATION_SPRING_PHYSICAL)
        animation.mass = mass
        animation.stiffness = stiffness
        animation.damping = damping
        animation.initial_velocity = velocity
        run(animation, animations, completion)
    }

    /// animateKeyframes(withDuration:delay:options:animations:completion:): inside
    /// `animations`, `addKeyframe` slices the duration.
    public static func animateKeyframes(withDuration duration: Double, delay: Double = 0,
                                        animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let animateKeyframes = Host.function(\.animate_keyframes)
        AnimationBlocks.perform(animations, completion: completion) { animations, completion, user in
            animateKeyframes(duration, delay, animations, completion, user)
        }
    }

    /// addKeyframe(withRelativeStartTime:relativeDuration:animations:): the changes made
    /// in `animations` play over that fraction of the enclosing keyframe animation.
    public static func addKeyframe(withRelativeStartTime start: Double, relativeDuration: Double,
                                   animations: () -> Void) {
        let addKeyframe = Host.function(\.add_keyframe)
        AnimationBlocks.perform(animations, completion: nil) { animations, _, user in
            addKeyframe(start, relativeDuration, animations, user)
        }
    }

    /// performWithoutAnimation(_:): the changes apply at once, even inside an animation block.
    public static func performWithoutAnimation(_ changes: () -> Void) {
        let performWithoutAnimation = Host.function(\.perform_without_animation)
        AnimationBlocks.perform(changes, completion: nil) { changes, _, user in
            performWithoutAnimation(changes, user)
        }
    }

    /// A zeroed `sh_animation` with its size, timing and option flags filled in.
    private static func abiAnimation(duration: Double, delay: Double, options: AnimationOptions) -> sh_animation {
        var animation = sh_animation()
        animation.size = UInt32(MemoryLayout<sh_animation>.size)
        animation.duration = duration
        animation.delay = delay
        animation.flags = options.flags
        animation.curve = options.curve.rawValue
        return animation
    }

    private static func run(_ animation: sh_animation, _ animations: () -> Void, _ completion: ((Bool) -> Void)?) {
        let animate = Host.function(\.animate)
        AnimationBlocks.perform(animations, completion: completion) { animations, completion, user in
            withUnsafePointer(to: animation) { animate($0, animations, completion, user) }
        }
    }
}
