import StagehandSDK

/// circular-reveal: BubbleTransition's presentation. Presenting, the presented view
/// shows through a circle that grows from a point (where the button that opened it
/// would be: `x`, `y` in fractions of the screen, 0.85 and 0.92 by default) until it
/// reaches the farthest corner of the screen; dismissing, the circle shrinks back to
/// that point. Ease-in-out over 0.5 s (BubbleTransition's), linear while a finger
/// drives it. The circle is a mask on the presented view (ABI 1.2), a rounded square
/// whose corner radius is half its side; the host interpolates its square and radius
/// together, so it stays a circle whose radius moves with the curve.
///
/// A downward pan on the presented view shrinks the circle interactively (progress =
/// translation.y / the screen's height); on release the dismissal finishes above
/// `threshold` (0.3, BubbleTransition's) and is cancelled at or below it.
public final class CircularReveal: GestureDrivenEffect {
    static let durations = 0.01...10.0
    static let fractions = 0.0...1.0

    let x: Double
    let y: Double
    let duration: Double

    public let interactiveGesture: GestureDrivenTransition

    /// `nil` for a number outside the declared bounds.
    public init?(x: Double, y: Double, duration: Double, threshold: Double) {
        guard Self.fractions.contains(x), Self.fractions.contains(y), Self.durations.contains(duration),
              Self.fractions.contains(threshold) else { return nil }
        self.x = x
        self.y = y
        self.duration = duration
        interactiveGesture = GestureDrivenTransition(
            .dismissal, recognizer: .pan, name: "circular-reveal",
            progress: .init { pan, presented in
                let height = presented.view?.bounds.height ?? 0
                return height > 0 ? pan.translation(in: nil).y / height : 0
            },
            release: .progress(above: threshold),
            shouldBegin: { pan, _ in
                let t = pan.translation(in: nil)
                return t.y > abs(t.x)
            })
    }

    public func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    /// The circle about the origin point reaching the farthest corner of `bounds`, and
    /// the point itself (a circle of radius 0).
    func circles(in bounds: Rect) -> (closed: Mask, open: Mask) {
        let center = Point(x: bounds.minX + x * bounds.width, y: bounds.minY + y * bounds.height)
        var radius = 0.0
        for corner in bounds.corners {
            let dx = corner.x - center.x, dy = corner.y - center.y
            radius = max(radius, (dx * dx + dy * dy).squareRoot())
        }
        return (Mask.circle(center: center, radius: 0), Mask.circle(center: center, radius: radius))
    }

    public func animateTransition(using context: TransitionContext) {
        guard let scene = SheetScene(context) else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let presented = scene.presented
        let (closed, open) = circles(in: Rect(origin: .zero, size: scene.resting.size))
        View.performWithoutAnimation {
            presented.frame = scene.resting
            presented.mask = scene.presenting ? closed : open
        }
        let options: AnimationOptions = context.isInteractive ? .curveLinear : .curveEaseInOut
        View.animate(withDuration: duration, delay: 0, options: options, animations: {
            presented.mask = scene.presenting ? open : closed
        }, completion: { _ in
            // Shown in full, or gone: either way the view leaves unmasked.
            View.performWithoutAnimation { presented.mask = nil }
            scene.complete(dimmingView: nil)
        })
    }
}
