import StagehandSDK

/// The finger that drives an effect of this bundle when its `gesture` parameter asks
/// for one: VCTransitionsLibrary's interaction controllers, paired with any animator.
///
/// - `horizontal` (its HorizontalSwipe controller): a pan anywhere on the view; the
///   progress is the horizontal travel over 200 pt, either way (IBAnimatable's
///   `Pan(Horizontal)`), and it replaces the navigation controller's edge pan, which
///   would otherwise take the same finger.
/// - `vertical` (VerticalSwipe): the vertical travel over 200 pt; a pop only begins
///   downward, a dismissal either way.
/// - `pinch` (Pinch): two fingers closing; the progress is 1 − scale.
///
/// Each finishes when released past half way (strictly) and cancels otherwise; a
/// gesture the system cancels cancels the transition; the rest of the way plays at the
/// speed `1 − progress` (the library's `completionSpeed`), so a nearly done transition
/// ends as slowly as a barely begun one returns.
///
/// The effect is attached to a navigation controller to drive its pops, or to a
/// presented controller to drive its dismissal: one driver for each.
final class LibraryGesture {
    enum Kind: String, CaseIterable {
        case none, horizontal, vertical, pinch
    }

    /// The finger's travel for the whole transition, in points (the library's constant).
    static let distance = 200.0
    /// A release past this progress finishes.
    static let threshold = 0.5

    let kind: Kind
    private let pop: GestureDrivenTransition?
    private let dismissal: GestureDrivenTransition?

    /// `nil`, with a line in the log, for a name that is not one of `Kind`'s.
    init?(_ name: String, effect: String) {
        guard let kind = Kind(rawValue: name) else {
            let known = Kind.allCases.map(\.rawValue).joined(separator: ", ")
            Host.log("\(effect): gesture \"\(name)\" is not one of \(known)")
            return nil
        }
        self.kind = kind
        pop = LibraryGesture.driver(.pop, kind: kind, effect: effect)
        dismissal = LibraryGesture.driver(.dismissal, kind: kind, effect: effect)
    }

    private static func driver(_ operation: GestureDrivenTransition.Operation, kind: Kind,
                               effect: String) -> GestureDrivenTransition? {
        let progress: GestureDrivenTransition.ProgressRule
        var recognizer = GestureDrivenTransition.Recognizer.pan
        var shouldBegin: ((PanGestureRecognizer, ViewController) -> Bool)?
        var options: GestureDrivenTransition.Options = []
        switch kind {
        case .none:
            return nil
        case .pinch:
            recognizer = .pinch
            progress = .pinchIn
        case .horizontal:
            progress = .init { pan, _ in abs(pan.translation(in: nil).x) / distance }
            if operation == .pop { options.insert(.replacesSystemPopGesture) }
        case .vertical:
            progress = .init { pan, _ in abs(pan.translation(in: nil).y) / distance }
            if operation == .pop {
                shouldBegin = { pan, _ in pan.translation(in: nil).y > 0 || pan.velocity(in: nil).y > 0 }
            }
        }
        return GestureDrivenTransition(
            operation, recognizer: recognizer, options: options, name: effect, progress: progress,
            release: .progress(above: threshold), shouldBegin: shouldBegin,
            willEnd: { ending in ending.interaction.completionSpeed = max(1 - ending.progress, 0.01) })
    }

    /// The driver for `viewController`: a presented one is dismissed, a navigation
    /// controller that is not presented pops.
    private func driver(for viewController: ViewController) -> GestureDrivenTransition? {
        viewController.presentingViewController != nil ? dismissal : pop
    }

    func interactionController(for operation: TransitionOperation) -> PercentDrivenInteractiveTransition? {
        pop?.interactionController(for: operation) ?? dismissal?.interactionController(for: operation)
    }

    func animationEnded(_ completed: Bool) {
        pop?.animationEnded(completed)
        dismissal?.animationEnded(completed)
    }

    func attach(to viewController: ViewController) {
        driver(for: viewController)?.attach(to: viewController)
    }

    func detach(from viewController: ViewController) {
        pop?.detach(from: viewController)
        dismissal?.detach(from: viewController)
    }
}

/// An effect of this bundle with a `gesture` parameter: its interactive members go to
/// its `LibraryGesture`.
protocol LibraryGestureEffect: SceneEffect {
    var gesture: LibraryGesture { get }
}

extension LibraryGestureEffect {
    func animationEnded(_ transitionCompleted: Bool) {
        gesture.animationEnded(transitionCompleted)
    }

    func interactionController(for operation: TransitionOperation) -> PercentDrivenInteractiveTransition? {
        gesture.interactionController(for: operation)
    }

    func attach(to viewController: ViewController) {
        gesture.attach(to: viewController)
    }

    func detach(from viewController: ViewController) {
        gesture.detach(from: viewController)
    }
}
