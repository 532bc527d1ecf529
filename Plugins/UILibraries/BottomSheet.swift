import StagehandSDK

/// bottom-sheet: PanModal's sheet. Presenting, the presented view rises from below the
/// screen to a detent — `medium`, half the screen's height, or `large`, 64 points short
/// of the top — on PanModal's spring (0.5 s, damping ratio 0.8), its top corners
/// rounded (8 points), over a black layer that fades in to 0.7 over the presenter,
/// which does not move. Dismissing, the sheet slides back off the bottom and the layer
/// fades out.
///
/// A downward pan on the sheet drags it down (progress = translation.y / the sheet's
/// height, the distance it travels to leave); on release the dismissal finishes past
/// `threshold` (0.5) of the way, or when the finger was moving down at `flickVelocity`
/// (300 points per second, PanModal's) or faster however short the drag (at 0, any
/// release that is not moving up), and is cancelled otherwise.
public final class BottomSheet: GestureDrivenEffect {
    /// Where the sheet rests.
    public enum Detent: String, CaseIterable, Sendable {
        case medium, large

        /// The sheet's height in a container `height` points tall.
        func sheetHeight(in height: Double) -> Double {
            switch self {
            case .medium: return height / 2
            case .large: return max(height - BottomSheet.largeDetentGap, 1)
            }
        }
    }

    static let durations = 0.01...10.0
    static let dampings = 0.01...1.0
    static let fractions = 0.0...1.0
    static let velocities = 0.0...100_000.0
    /// What the large detent leaves of the presenter at the top: a 44-point status bar
    /// and 20 more.
    static let largeDetentGap = 64.0
    static let cornerRadius = 8.0

    let detent: Detent
    let duration: Double
    let damping: Double
    let dimming: Double

    public let interactiveGesture: GestureDrivenTransition

    /// `nil` for a detent other than medium or large, or a number outside the declared bounds.
    public init?(detent: String, duration: Double, damping: Double, dimming: Double, threshold: Double,
                 flickVelocity: Double) {
        guard let parsed = Detent(rawValue: detent), Self.durations.contains(duration),
              Self.dampings.contains(damping), Self.fractions.contains(dimming), Self.fractions.contains(threshold),
              Self.velocities.contains(flickVelocity) else { return nil }
        self.detent = parsed
        self.duration = duration
        self.damping = damping
        self.dimming = dimming
        interactiveGesture = GestureDrivenTransition(
            .dismissal, recognizer: .pan, name: "bottom-sheet",
            // In window coordinates: the sheet moves under the finger.
            progress: .init { pan, presented in
                let height = presented.view?.frame.height ?? 0
                return height > 0 ? pan.translation(in: nil).y / height : 0
            },
            release: .init { $0.progress > threshold || $0.velocity.y >= flickVelocity },
            shouldBegin: { pan, _ in
                let t = pan.translation(in: nil)
                return t.y > abs(t.x)
            })
    }

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    public func animateTransition(using context: TransitionContext) {
        guard let sheet = SheetScene(context) else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let bounds = sheet.container.bounds
        let height = detent.sheetHeight(in: bounds.height)
        let rest = Rect(x: sheet.resting.minX, y: bounds.maxY - height, width: sheet.resting.width, height: height)
        let below = Rect(x: rest.minX, y: bounds.maxY, width: rest.width, height: height)
        let dimming = self.dimming
        let dimmingView = sheet.presenting ? sheet.addDimmingView() : sheet.dimmingView
        if sheet.presenting {
            View.performWithoutAnimation {
                sheet.presented.frame = below
                sheet.roundTopCorners(radius: Self.cornerRadius, of: rest.size)
            }
        }
        let animations = {
            sheet.presented.frame = sheet.presenting ? rest : below
            dimmingView?.alpha = sheet.presenting ? dimming : 0
        }
        let completion: (Bool) -> Void = { _ in sheet.complete(dimmingView: dimmingView) }
        if context.isInteractive {
            View.animate(withDuration: duration, delay: 0, options: .curveLinear, animations: animations, completion: completion)
        } else {
            View.animate(withDuration: duration, delay: 0, usingSpringWithDamping: damping, initialSpringVelocity: 0,
                         options: [], animations: animations, completion: completion)
        }
    }
}
