import StagehandABI

/// A pop or a dismissal that a finger drives: the recognizer on the controller's view,
/// the `PercentDrivenInteractiveTransition` it feeds, and the rules between the two.
///
/// Every interactive effect does the same dance, and its details are easy to get
/// subtly wrong: begin the transition with a fresh interaction when the gesture begins,
/// but keep the previous one if the host refuses (it may still be driving it); update
/// it while the finger moves; on release finish or cancel it; cancel it when the
/// gesture is cancelled, or when the effect is detached mid-gesture; offer it to the
/// host only while a finger drives it; and let it go once its transition has ended,
/// but not if a new gesture has already begun another. This type does all of that once;
/// an effect says only what differs: which recognizer, how the finger's movement maps
/// to progress, and when a release finishes.
///
/// An effect owns one, created with its rules, and hands it the four interactive
/// members of `Effect`; adopting `GestureDrivenEffect` does that:
///
///     public final class SlideDown: GestureDrivenEffect {
///         public let interactiveGesture = GestureDrivenTransition(
///             .dismissal, recognizer: .pan, name: "slide-down",
///             progress: .init { pan, _ in pan.translation(in: nil).y / 400 },
///             release: .progress(above: 0.5))
///         ...
///     }
///
/// A gesture never begins while a transition runs or waits anywhere in the window
/// (`ViewController.isTransitionInProgress`), on a navigation controller with nothing
/// to pop, or on a controller no longer presented: the host would refuse the transition,
/// and a gesture that began anyway would swallow the touches for nothing.
public final class GestureDrivenTransition {
    /// What the gesture starts, on the controller it is attached to.
    public enum Operation: Hashable, Sendable {
        /// A pop of the attached navigation controller.
        case pop
        /// The dismissal of the attached (presented) controller.
        case dismissal
    }

    /// The recognizer installed on the attached controller's view.
    public enum Recognizer: Hashable, Sendable {
        /// A pan anywhere on the view (UIPanGestureRecognizer).
        case pan
        /// A pan that starts at one of `edges` of the screen (UIScreenEdgePanGestureRecognizer).
        case screenEdgePan(RectEdge)
        /// Two fingers pinching (UIPinchGestureRecognizer), as the pinch interactions of
        /// the transition libraries: measure it with `ProgressRule.pinch(_:)` or
        /// `.pinchIn`. Needs a host of ABI 1.2 or later (on an older one nothing is
        /// installed, and the log says so).
        case pinch
    }

    /// How far the transition should be for the finger's movement so far. The driver
    /// clamps what it says to 0...1.
    public struct ProgressRule {
        let measure: (GestureRecognizer, ViewController) -> Double

        /// Any rule for a pan (or an edge pan), asked with the recognizer and the
        /// attached controller. With a pinch recognizer it reads 0.
        public init(_ measure: @escaping (PanGestureRecognizer, ViewController) -> Double) {
            self.measure = { recognizer, viewController in
                (recognizer as? PanGestureRecognizer).map { measure($0, viewController) } ?? 0
            }
        }

        /// Any rule for a pinch, asked with the recognizer and the attached controller.
        /// With a pan it reads 0.
        public static func pinch(_ measure: @escaping (PinchGestureRecognizer, ViewController) -> Double) -> ProgressRule {
            ProgressRule(measuring: { recognizer, viewController in
                (recognizer as? PinchGestureRecognizer).map { measure($0, viewController) } ?? 0
            })
        }

        private init(measuring measure: @escaping (GestureRecognizer, ViewController) -> Double) {
            self.measure = measure
        }

        /// The pinch-to-close rule of the transition libraries' pinch interactions:
        /// `1 − scale`, so fingers closing to half their distance are half-way.
        public static var pinchIn: ProgressRule {
            .pinch { pinch, _ in 1 - pinch.scale }
        }

        /// The iOS 7 pop recipes' rule for a sideways swipe: the finger's horizontal travel over the
        /// width of the attached controller's view (0 while the view has no width). The
        /// travel is measured in that view's coordinates, or in the window's with
        /// `inWindow`, for a view that itself moves under the finger.
        public static func acrossWidth(inWindow: Bool = false) -> ProgressRule {
            ProgressRule { pan, viewController in
                guard let view = viewController.view else { return 0 }
                let width = view.bounds.width
                return width > 0 ? pan.translation(in: inWindow ? nil : view).x / width : 0
            }
        }

        /// The same downwards: the finger's vertical travel over the height of the
        /// attached controller's view, for a pan down that dismisses (the matched
        /// effects' interactive dismissals).
        public static func acrossHeight(inWindow: Bool = false) -> ProgressRule {
            ProgressRule { pan, viewController in
                guard let view = viewController.view else { return 0 }
                let height = view.bounds.height
                return height > 0 ? pan.translation(in: inWindow ? nil : view).y / height : 0
            }
        }
    }

    /// The finger let go: where it got, and how it was moving.
    public struct Release {
        /// The progress at the release, clamped to 0...1.
        public let progress: Double
        /// The recognizer, for anything else about the release: a `PanGestureRecognizer`
        /// (or edge pan), or a `PinchGestureRecognizer` (see `pan` and `pinch`).
        public let recognizer: GestureRecognizer

        /// The pan that drove the transition; `nil` for a pinch.
        public var pan: PanGestureRecognizer? { recognizer as? PanGestureRecognizer }
        /// The pinch that drove the transition; `nil` for a pan.
        public var pinch: PinchGestureRecognizer? { recognizer as? PinchGestureRecognizer }

        /// The finger's velocity at the release, in points per second, in window
        /// coordinates (zero for a pinch).
        public var velocity: Point { pan?.velocity(in: nil) ?? .zero }
        /// A pinch's velocity at the release, in scale per second (0 for a pan).
        public var scaleVelocity: Double { pinch?.velocity ?? 0 }
    }

    /// Whether a release finishes the transition (otherwise it is cancelled).
    public struct ReleaseRule {
        let shouldFinish: (Release) -> Bool

        /// Any rule: `true` to finish.
        public init(_ shouldFinish: @escaping (Release) -> Bool) {
            self.shouldFinish = shouldFinish
        }

        /// Finishes past `threshold` (strictly), cancels at or before it: the rule
        /// of the iOS 7 recipes (Documentation/References.md).
        public static func progress(above threshold: Double) -> ReleaseRule {
            ReleaseRule { $0.progress > threshold }
        }
    }

    /// The gesture is over and the interaction is about to be finished or cancelled: the
    /// moment to set `completionSpeed` or `completionCurve`, or to make a last update.
    public struct Ending {
        /// The interaction about to be finished or cancelled. The gesture owns it and
        /// lets it go once its transition ends: use it here, do not keep it.
        public let interaction: PercentDrivenInteractiveTransition
        /// On a release, the progress there; for a cancelled gesture, the progress the
        /// interaction was last updated to.
        public let progress: Double
        /// Whether the finger let go, or the system cancelled a gesture the options treat
        /// as a release (`false`: the gesture was cancelled or failed).
        public let isRelease: Bool
        /// Whether `finish()` follows (`false`: `cancel()`).
        public let isFinishing: Bool
    }

    /// What else the gesture does.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32

        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// Turns the attached navigation controller's own edge-pan pop gesture off while
        /// this one is attached (it replaces it), and back to what it was on detach.
        public static let replacesSystemPopGesture = Options(rawValue: 1 << 0)
        /// Begins only once the attached controller's own pop gesture has failed
        /// (`require(toFail:)`): on a presented navigation controller, an edge swipe then
        /// pops while there is something to pop, and only otherwise drives this one.
        public static let waitsForSystemPopGesture = Options(rawValue: 1 << 1)
        /// Leaves the interaction at 0 until the finger moves again after the gesture
        /// began, as the slide-pop recipe's handler does (it updates on `changed` only). Without it,
        /// the interaction catches up at once with the movement the recognizer needed
        /// before it began.
        public static let startsAtZero = Options(rawValue: 1 << 2)
        /// Treats a gesture the system cancels (its touches cancelled, as by an incoming
        /// call) like a release where the finger last was: the release rule decides
        /// whether the transition finishes, as the pop recipes' handlers do (they test
        /// for `ended` or `cancelled` alike). Without it, a cancelled gesture cancels the
        /// transition, as the swipe-to-dismiss recipe does. A gesture that fails is
        /// cancelled either way.
        public static let treatsSystemCancelAsRelease = Options(rawValue: 1 << 3)
    }

    let operation: Operation
    let recognizer: Recognizer
    let options: Options
    /// The most fingers a pan tracks (`PanGestureRecognizer.maximumNumberOfTouches`).
    let maximumNumberOfTouches: Int
    /// The effect's name, for the log.
    let name: String
    let progress: ProgressRule
    let release: ReleaseRule
    let shouldBegin: ((GestureRecognizer, ViewController) -> Bool)?
    let willEnd: ((Ending) -> Void)?

    /// The gesture's interaction and whether a finger drives it: the C header's
    /// `sh_gesture_drive`, whose functions are the one copy of the rules between a
    /// gesture and its interaction (fresh per gesture, kept when the host refuses,
    /// offered only while driven, let go once its transition ends).
    ///
    /// It lives at a fixed address outside Swift's exclusivity checks: the host calls
    /// back into this object (to ask for the interaction, to say the animation ended)
    /// from inside the drive's own calls.
    private let drive: UnsafeMutablePointer<sh_gesture_drive> = {
        let drive = UnsafeMutablePointer<sh_gesture_drive>.allocate(capacity: 1)
        drive.initialize(to: sh_gesture_drive())
        return drive
    }()
    /// `drive`'s interaction as the SDK's type, made again when the drive starts another.
    private var drivenInteraction: PercentDrivenInteractiveTransition?
    /// Whether a finger is driving the interaction right now. It stays true until the
    /// interaction is finished or cancelled: while the release rule decides and while
    /// `willEnd` runs, the gesture still owns the interaction.
    public var isDriving: Bool { drive.pointee.driving }
    /// What `attach` did to each controller, for `detach` to undo.
    private var attachments: [ViewController: Attachment] = [:]

    private struct Attachment {
        var recognizer: GestureRecognizer
        /// The navigation controller's own pop gesture this one replaces, and whether it was enabled.
        var replacedSystemPop: GestureRecognizer?
        var systemPopWasEnabled: Bool
    }

    /// - Parameters:
    ///   - operation: what the gesture starts.
    ///   - recognizer: what is installed on the attached controller's view.
    ///   - options: see `Options`.
    ///   - maximumNumberOfTouches: the most fingers a pan tracks (UIKit's default:
    ///     unlimited); 1, as the iOS 7 pop recipes set, keeps a second finger from
    ///     moving the transition. Ignored for a pinch.
    ///   - name: the effect's name, which begins its lines in the log.
    ///   - progress: how far the transition should be for the finger's movement so far.
    ///   - release: whether a release finishes.
    ///   - shouldBegin: a condition of the effect's own for a pan to begin (a
    ///     direction, say), on top of the rules every such gesture follows (a pinch
    ///     follows those rules only).
    ///   - willEnd: called just before the interaction is finished or cancelled at the
    ///     end of the gesture (not when the effect is detached mid-gesture).
    ///
    /// The effect owns this object, so the closures capture the values they need, never
    /// the effect itself (which would then never be released, nor its gestures removed).
    public init(_ operation: Operation, recognizer: Recognizer, options: Options = [],
                maximumNumberOfTouches: Int = .max, name: String,
                progress: ProgressRule, release: ReleaseRule,
                shouldBegin: ((PanGestureRecognizer, ViewController) -> Bool)? = nil,
                willEnd: ((Ending) -> Void)? = nil) {
        self.operation = operation
        self.recognizer = recognizer
        self.options = options
        self.maximumNumberOfTouches = maximumNumberOfTouches
        self.name = name
        self.progress = progress
        self.release = release
        self.shouldBegin = shouldBegin.map { shouldBegin in
            { recognizer, viewController in
                (recognizer as? PanGestureRecognizer).map { shouldBegin($0, viewController) } ?? true
            }
        }
        self.willEnd = willEnd
    }

    deinit {
        for viewController in attachments.keys {
            detach(from: viewController)
        }
        // Released, not cancelled: the host keeps a released interaction alive while
        // its transition runs, and nothing may call back into an object going away.
        drive.pointee.driving = false
        if let host = Host.table { sh_gesture_drive_let_go(drive, host) }
        drive.deallocate()
    }

    // MARK: What the effect forwards

    /// `Effect.interactionController(for:)`: the interaction, while a finger drives this
    /// gesture's operation.
    public func interactionController(for operation: TransitionOperation) -> PercentDrivenInteractiveTransition? {
        sh_gesture_drive_offer(drive, operation.abi, transitionOperation.abi) == nil ? nil : interaction()
    }

    /// `Effect.animationEnded(_:)`: lets the interaction go, unless a new gesture drives it.
    public func animationEnded(_ transitionCompleted: Bool) {
        guard let host = Host.table else { return }
        sh_gesture_drive_let_go(drive, host)
        if drive.pointee.interaction == nil { drivenInteraction = nil }
    }

    /// `Effect.attach(to:)`: installs the recognizer on the controller's view (a pop
    /// needs a navigation controller; anything else is left alone).
    public func attach(to viewController: ViewController) {
        guard operation == .dismissal || viewController.isNavigationController,
              attachments[viewController] == nil, let view = viewController.view else { return }
        guard let installed = install(on: view, for: viewController) else {
            let what: String
            switch recognizer {
            case .pan: what = "a pan"
            case .screenEdgePan: what = "an edge pan"
            case .pinch: what = "a pinch (the host may be older than ABI 1.2)"
            }
            let whose = operation == .pop ? "navigation controller's" : "presented controller's"
            Host.log("\(name): could not install \(what) on the \(whose) view")
            return
        }
        let shouldBegin: (GestureRecognizer) -> Bool = { [weak self] recognizer in
            self?.shouldBegin(recognizer, on: viewController) ?? false
        }
        if let pan = installed as? PanGestureRecognizer {
            pan.shouldBegin = shouldBegin
            if maximumNumberOfTouches != .max { pan.maximumNumberOfTouches = maximumNumberOfTouches }
        } else if let pinch = installed as? PinchGestureRecognizer {
            pinch.shouldBegin = shouldBegin
        }
        var attachment = Attachment(recognizer: installed, replacedSystemPop: nil, systemPopWasEnabled: false)
        if options.contains(.waitsForSystemPopGesture), let systemPop = viewController.interactivePopGestureRecognizer {
            installed.require(toFail: systemPop)
        }
        if options.contains(.replacesSystemPopGesture) {
            let systemPop = viewController.interactivePopGestureRecognizer
            attachment.replacedSystemPop = systemPop
            attachment.systemPopWasEnabled = systemPop?.isEnabled ?? false
            systemPop?.isEnabled = false
        }
        attachments[viewController] = attachment
    }

    /// `Effect.detach(from:)`: cancels a transition the finger is driving there, removes
    /// the recognizer and gives back the controller's own pop gesture.
    public func detach(from viewController: ViewController) {
        guard let attachment = attachments.removeValue(forKey: viewController) else { return }
        let state = attachment.recognizer.state
        if state == .began || state == .changed, let host = Host.table {
            sh_gesture_drive_end(drive, host, false)
        }
        attachment.recognizer.remove()
        attachment.replacedSystemPop?.isEnabled = attachment.systemPopWasEnabled
    }

    // MARK: The gesture

    private var transitionOperation: TransitionOperation {
        operation == .pop ? .pop : .dismiss
    }

    private func install(on view: View, for viewController: ViewController) -> GestureRecognizer? {
        switch recognizer {
        case .pan:
            return PanGestureRecognizer(on: view) { [weak self] pan in
                self?.handle(pan, of: viewController)
            }
        case .screenEdgePan(let edges):
            return ScreenEdgePanGestureRecognizer(edges: edges, on: view) { [weak self] pan in
                self?.handle(pan, of: viewController)
            }
        case .pinch:
            return PinchGestureRecognizer(on: view) { [weak self] pinch in
                self?.handle(pinch, of: viewController)
            }
        }
    }

    /// UIKit's rule for its own pop gesture, made general: something to pop (or still
    /// presented), and no transition running or queued; then the effect's own condition.
    private func shouldBegin(_ recognizer: GestureRecognizer, on viewController: ViewController) -> Bool {
        guard !viewController.isTransitionInProgress else { return false }
        switch operation {
        case .pop: guard viewController.viewControllers.count > 1 else { return false }
        case .dismissal: guard viewController.presentingViewController != nil else { return false }
        }
        return shouldBegin?(recognizer, viewController) ?? true
    }

    private func clampedProgress(_ recognizer: GestureRecognizer, of viewController: ViewController) -> Double {
        min(max(progress.measure(recognizer, viewController), 0), 1)
    }

    private func handle(_ recognizer: GestureRecognizer, of viewController: ViewController) {
        switch recognizer.state {
        case .began:
            // Read before the transition starts and moves things.
            let progress = clampedProgress(recognizer, of: viewController)
            begin(on: viewController)
            guard isDriving, !options.contains(.startsAtZero) else { return }
            update(progress)
        case .changed:
            guard isDriving else { return }
            update(clampedProgress(recognizer, of: viewController))
        case .ended:
            guard isDriving else { return }
            released(recognizer, of: viewController)
        case .cancelled where options.contains(.treatsSystemCancelAsRelease):
            guard isDriving else { return }
            released(recognizer, of: viewController)
        case .cancelled, .failed:
            guard isDriving else { return }
            end(finishing: false, at: drive.pointee.progress, isRelease: false)
        case .possible:
            break
        }
    }

    /// The finger let go (or the system cancelled a gesture treated as a release): the
    /// release rule decides, at the progress where the finger last was.
    private func released(_ recognizer: GestureRecognizer, of viewController: ViewController) {
        let progress = clampedProgress(recognizer, of: viewController)
        let finishing = release.shouldFinish(Release(progress: progress, recognizer: recognizer))
        end(finishing: finishing, at: progress, isRelease: true)
    }

    /// Starts the operation with a fresh interaction (`sh_gesture_drive_start`), which
    /// replaces the previous one only if the host accepts it: a refused start (a
    /// transition still running, say) must not release an interaction the host is still
    /// driving.
    private func begin(on viewController: ViewController) {
        guard let host = Host.table else { return }
        let operation = transitionOperation.abi
        _ = sh_gesture_drive_start(drive, host, operation, viewController.handle)
    }

    private func update(_ progress: Double) {
        guard let host = Host.table else { return }
        sh_gesture_drive_update(drive, host, progress)
    }

    /// The gesture is over: `willEnd` sees the interaction first, then the drive
    /// finishes or cancels it.
    private func end(finishing: Bool, at progress: Double, isRelease: Bool) {
        guard let host = Host.table else { return }
        if let interaction = interaction() {
            willEnd?(Ending(interaction: interaction, progress: progress, isRelease: isRelease, isFinishing: finishing))
        }
        sh_gesture_drive_end(drive, host, finishing)
    }

    /// The drive's interaction as the SDK's type (the same object while the drive keeps
    /// the same interaction, so what `willEnd` sets on it stays with it).
    private func interaction() -> PercentDrivenInteractiveTransition? {
        guard let handle = drive.pointee.interaction else {
            drivenInteraction = nil
            return nil
        }
        if drivenInteraction?.handle != handle {
            drivenInteraction = PercentDrivenInteractiveTransition(borrowing: handle)
        }
        return drivenInteraction
    }
}

/// An effect whose interaction is a `GestureDrivenTransition`: these defaults forward
/// `Effect`'s interactive members to it, so the effect itself only animates.
public protocol GestureDrivenEffect: Effect {
    /// The gesture that drives this effect's transitions.
    var interactiveGesture: GestureDrivenTransition { get }
}

extension GestureDrivenEffect {
    public func animationEnded(_ transitionCompleted: Bool) {
        interactiveGesture.animationEnded(transitionCompleted)
    }

    public func interactionController(for operation: TransitionOperation) -> PercentDrivenInteractiveTransition? {
        interactiveGesture.interactionController(for: operation)
    }

    public func attach(to viewController: ViewController) {
        interactiveGesture.attach(to: viewController)
    }

    public func detach(from viewController: ViewController) {
        interactiveGesture.detach(from: viewController)
    }
}
