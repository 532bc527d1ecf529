import StagehandSDK

/// container-transform: Material's container transform. The first matched pair (the
/// outermost, as pairs come in the order of the incoming views) becomes a container that
/// grows from the start view's bounds to the end view's, along a straight line or
/// Material's arc, holding both views' contents scaled to a shared width or height
/// (fit mode) and masked to the container, which morphs its corner from one view's to
/// the other's (corners relative to each view's smaller side, as Material's); one
/// content fades over the other by the fade mode; a scrim (32 % black) darkens the
/// screen behind. Every number comes from `ContainerTransformMotion`: Material's
/// progress thresholds for entering and returning, on Material 3's emphasized easing,
/// 0.5 s entering and 0.4 s returning (its long2 and medium4 durations).
///
/// Entering is the way in (push, present), returning the way back (pop, dismiss): a
/// documented choice where Material guesses from the areas, so that the scrim darkens
/// the screen being left and a same-size pair still knows its direction. The rest of
/// the screens follows the contents: the incoming screen shows as the end content does
/// entering (Material's use is a container whose end is the new screen itself), the
/// outgoing screen as the start content does returning, each above the scrim. With no
/// pair, that is all that moves: the screens fade by the fade mode under the scrim.
///
/// Interactive dismissal: a pan down the presented screen drives it (progress = the
/// finger's downward travel over the screen's height, linear, so the container follows
/// the finger as it shrinks); released past a quarter it finishes into the source, else
/// it returns.
public final class ContainerTransform: GestureDrivenEffect {
    let path: ContainerTransformMotion.Path
    let fade: ContainerTransformMotion.FadeMode
    let fit: ContainerTransformMotion.FitMode
    public let interactiveGesture: GestureDrivenTransition

    /// Material 3's durations: long2 entering, medium4 returning.
    static let enteringDuration = 0.5
    static let returningDuration = 0.4
    /// Material's scrim colour, 0x52000000.
    static let scrimColor = Color(red: 0, green: 0, blue: 0, alpha: Double(0x52) / 255)
    /// Keyframes per second: the motion is not one Bézier, so it is sampled, and at
    /// 240 a second every frame of a 60 (or 120) fps run falls on a keyframe.
    static let keyframesPerSecond = 240.0

    init(path: ContainerTransformMotion.Path, fade: ContainerTransformMotion.FadeMode, fit: ContainerTransformMotion.FitMode) {
        self.path = path
        self.fade = fade
        self.fit = fit
        interactiveGesture = GestureDrivenTransition(
            .dismissal, recognizer: .pan, name: "container-transform",
            progress: .acrossHeight(inWindow: true),
            release: .progress(above: 0.25))
    }

    static func duration(entering: Bool) -> Double {
        entering ? enteringDuration : returningDuration
    }

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        Self.duration(entering: transitionContext?.operation.isForward ?? true)
    }

    public func animateTransition(using context: TransitionContext) {
        guard let screens = MatchedScreens(context) else { return }
        let container = screens.container, entering = screens.forward
        let fromView = screens.from, toView = screens.to
        // The screen that shows as a content does: the incoming one entering, the
        // outgoing one returning; the scrim lies just below it.
        let screen = entering ? toView : fromView
        var made: [View] = []
        if let scrim = View(frame: container.bounds) {
            scrim.backgroundColor = Self.scrimColor
            if let screen { container.insertSubview(scrim, belowSubview: screen) } else { container.addSubview(scrim) }
            made.append(scrim)
        }
        let scrim = made.first

        let pair = context.matchedPairs.first
        let motion = ContainerTransformMotion(
            start: pair?.source.frame ?? container.bounds, end: pair?.destination.frame ?? container.bounds,
            startCornerRadius: pair?.source.cornerRadius ?? 0, endCornerRadius: pair?.destination.cornerRadius ?? 0,
            entering: entering, path: path, fade: fade, fit: fit)
        var flight: (box: View, start: View, end: View)?
        if let pair, let box = View(frame: motion.start),
           let start = context.flyingCopy(of: pair.source.view), let end = context.flyingCopy(of: pair.destination.view) {
            box.backgroundColor = .clear
            box.clipsToBounds = true
            container.addSubview(box)
            made.append(box)
            for copy in motion.endOnTop ? [start, end] : [end, start] {
                copy.cornerRadius = 0
                box.addSubview(copy)
            }
            pair.source.view.isHidden = true
            pair.destination.view.isHidden = true
            flight = (box, start, end)
        }

        let opacity = (start: pair?.source.opacity ?? 1, end: pair?.destination.opacity ?? 1)
        let apply = { (state: ContainerTransformMotion.State) in
            scrim?.alpha = state.scrim
            screen?.alpha = entering ? state.endAlpha : state.startAlpha
            guard let flight else { return }
            let origin = state.container.origin
            flight.box.frame = state.container
            flight.box.cornerRadius = state.cornerRadius
            flight.start.frame = state.start.offsetBy(dx: -origin.x, dy: -origin.y)
            flight.end.frame = state.end.offsetBy(dx: -origin.x, dy: -origin.y)
            flight.start.alpha = state.startAlpha * opacity.start
            flight.end.alpha = state.endAlpha * opacity.end
        }
        apply(motion.state(at: 0))

        let duration = Self.duration(entering: entering)
        // Under a finger the progress is the finger's; otherwise the emphasized easing.
        let interactive = context.isInteractive
        let steps = max(1, Int((duration * Self.keyframesPerSecond).rounded()))
        View.animateKeyframes(withDuration: duration, animations: {
            for k in 1...steps {
                let x = Double(k) / Double(steps)
                let state = motion.state(at: interactive ? x : EmphasizedEasing.progress(at: x))
                View.addKeyframe(withRelativeStartTime: Double(k - 1) / Double(steps), relativeDuration: 1 / Double(steps)) {
                    apply(state)
                }
            }
        }, completion: { _ in
            for view in made { view.removeFromSuperview() }
            screen?.alpha = 1
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
