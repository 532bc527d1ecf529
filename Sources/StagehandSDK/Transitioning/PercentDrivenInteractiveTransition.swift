import StagehandABI

/// A percent-driven interaction controller (UIPercentDrivenInteractiveTransition): a
/// gesture scrubs the transition's animations with `update(_:)`, then lets them play to
/// the end (`finish()`) or back to the start (`cancel()`).
///
/// This object owns the host's interaction: keep it for as long as the transition it
/// drives runs (until `animationEnded`), and return it from
/// `Effect.interactionController(for:)`.
public final class PercentDrivenInteractiveTransition {
    let handle: OpaquePointer
    /// Whether this object releases the host's interaction when it goes; not for one
    /// that an `sh_gesture_drive` owns (see `GestureDrivenTransition`).
    private let ownsHandle: Bool

    /// `nil` if the host could not make one.
    public init?() {
        guard let handle = Host.function(\.interaction_create)() else { return nil }
        self.handle = handle
        self.ownsHandle = true
    }

    /// The interaction `handle`, which something else owns and releases.
    init(borrowing handle: OpaquePointer) {
        self.handle = handle
        self.ownsHandle = false
    }

    deinit {
        if ownsHandle { Host.function(\.interaction_release)(handle) }
    }

    /// Starts `navigationController`'s pop, driven by this interaction (what a pan's
    /// `began` does with `popViewController(animated: true)` in UIKit). `false`, and
    /// nothing started, where UIKit would refuse: the root, or a transition already running.
    public func beginPop(of navigationController: ViewController) -> Bool {
        Host.function(\.interaction_begin_pop)(handle, navigationController.handle)
    }

    /// Starts the dismissal of `presentedViewController`, driven by this interaction.
    /// `false`, and nothing started, where UIKit would refuse.
    public func beginDismissal(of presentedViewController: ViewController) -> Bool {
        Host.function(\.interaction_begin_dismiss)(handle, presentedViewController.handle)
    }

    /// Moves the transition to `percentComplete` (0...1) of the way.
    public func update(_ percentComplete: Double) {
        Host.function(\.interaction_update)(handle, percentComplete)
    }

    /// Holds the transition where it is (UIKit's pause, iOS 10).
    public func pause() {
        Host.function(\.interaction_pause)(handle)
    }

    /// Plays the rest of the transition to the end.
    public func finish() {
        Host.function(\.interaction_finish)(handle)
    }

    /// Plays the transition back to its start; the context then reports it cancelled.
    public func cancel() {
        Host.function(\.interaction_cancel)(handle)
    }

    public var percentComplete: Double {
        Host.function(\.interaction_percent)(handle)
    }

    /// How fast `finish()` and `cancel()` play the rest, relative to the transition's
    /// duration (1 by default; swipe-to-dismiss effects use 1 − percentComplete).
    public var completionSpeed: Double = 1 {
        didSet { Host.function(\.interaction_set_completion_speed)(handle, completionSpeed) }
    }

    /// The curve `finish()` and `cancel()` play the rest with (ease-in-ease-out by
    /// default). ABI 1.0 carries only the four named curves: a custom one is sent as
    /// ease-in-ease-out, with a line in the host's log.
    public var completionCurve: TimingCurve = .easeInOut {
        didSet {
            var curve = completionCurve.abiCurve
            if curve == SH_CURVE_CUSTOM {
                Host.log("completionCurve: ABI 1.0 cannot carry a custom curve; ease-in-ease-out used")
                curve = SH_CURVE_EASE_IN_OUT
            }
            Host.function(\.interaction_set_completion_curve)(handle, curve)
        }
    }

    /// Whether the transition starts interactive (true by default, as UIKit); when false,
    /// it plays on its own until `pause()` hands it to the gesture.
    public var wantsInteractiveStart: Bool = true {
        didSet { Host.function(\.interaction_set_wants_interactive_start)(handle, wantsInteractiveStart) }
    }
}
