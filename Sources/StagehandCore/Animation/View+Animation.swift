/// UIView's block-based animation API. Property changes made inside `animations` become
/// animations from what is on screen to the new model value; the completion is called
/// once they all stop. These run on the stage current on this thread (`Stage.current`).
extension View {
    /// animate(withDuration:delay:options:animations:completion:) — the curve comes from
    /// `options` (easeInOut by default, as UIKit).
    public static func animate(withDuration duration: Double, delay: Double = 0,
                               options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        Animator.current.animate(
            AnimationParameters(duration: duration, delay: delay, options: options, timing: .curve(options.curve)),
            animations: animations, completion: completion)
    }

    /// The same with any cubic Bézier (UIViewPropertyAnimator's `controlPoint1/2` form).
    public static func animate(withDuration duration: Double, delay: Double = 0, curve: TimingCurve,
                               options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        Animator.current.animate(
            AnimationParameters(duration: duration, delay: delay, options: options, timing: .curve(curve)),
            animations: animations, completion: completion)
    }

    /// animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:...):
    /// UIKit's spring form. `velocity` is in units of the whole distance per second.
    public static func animate(withDuration duration: Double, delay: Double = 0,
                               usingSpringWithDamping dampingRatio: Double, initialSpringVelocity velocity: Double = 0,
                               options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let spring = Spring(duration: duration, dampingRatio: dampingRatio, initialVelocity: velocity)
        Animator.current.animate(
            AnimationParameters(duration: duration, delay: delay, options: options, timing: .spring(spring)),
            animations: animations, completion: completion)
    }

    /// A physical spring (mass, stiffness, damping): it lasts its settling duration.
    public static func animate(spring: Spring, delay: Double = 0, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        Animator.current.animate(
            AnimationParameters(duration: spring.settlingDuration, delay: delay, options: options, timing: .spring(spring)),
            animations: animations, completion: completion)
    }

    /// animateKeyframes(withDuration:delay:options:animations:completion:). Inside the
    /// block, `addKeyframe` slices the duration; values between slices are linear.
    public static func animateKeyframes(withDuration duration: Double, delay: Double = 0,
                                        options: AnimationOptions = [],
                                        animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        Animator.current.animateKeyframes(
            AnimationParameters(duration: duration, delay: delay, options: options, timing: .curve(.linear)),
            animations: animations, completion: completion)
    }

    /// addKeyframe(withRelativeStartTime:relativeDuration:animations:)
    public static func addKeyframe(withRelativeStartTime start: Double, relativeDuration: Double,
                                   animations: () -> Void) {
        Animator.current.addKeyframe(relativeStart: start, relativeDuration: relativeDuration, animations: animations)
    }

    /// performWithoutAnimation(_:)
    public static func performWithoutAnimation(_ changes: () -> Void) {
        Animator.current.performWithoutAnimation(changes)
    }

    /// layer.removeAllAnimations()
    public func removeAllAnimations() {
        Animator.current.removeAllAnimations(of: self)
    }
}
