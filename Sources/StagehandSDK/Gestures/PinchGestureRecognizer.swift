import StagehandABI

/// Two fingers pinching (UIPinchGestureRecognizer), installed on a view by this bundle:
/// the gesture behind the pinch-to-pop and pinch-to-dismiss interactions.
///
/// `scale` is 1 when the pinch begins and then the fingers' distance over their
/// distance then; `velocity` is how fast it changes, in scale per second. The action
/// runs on every state change from `began` on:
///
///     pinch = PinchGestureRecognizer(on: view) { pinch in
///         interaction.update(1 - pinch.scale)
///     }
///
/// Needs a host of ABI 1.2 or later: on an older one the initialiser answers `nil`.
public final class PinchGestureRecognizer: GestureRecognizer {
    /// Installs a pinch on `view`; `nil` if the host refused (a view it does not know,
    /// or a host older than ABI 1.2, which has no pinch).
    public init?(on view: View, action: @escaping (PinchGestureRecognizer) -> Void) {
        guard Host.optionalFunction(\.gesture_scale) != nil,
              let handle = GestureRecognizer.install(SH_GESTURE_PINCH, edges: [], on: view) else { return nil }
        super.init(handle: handle)
        adopt { action(unsafeDowncast($0, to: PinchGestureRecognizer.self)) }
    }

    /// The delegate's gestureRecognizerShouldBegin: return `false` to make the pinch
    /// fail before it begins. `nil` (the default) always begins.
    public var shouldBegin: ((PinchGestureRecognizer) -> Bool)? {
        didSet {
            setShouldBegin(shouldBegin.map { shouldBegin in
                { shouldBegin(unsafeDowncast($0, to: PinchGestureRecognizer.self)) }
            })
        }
    }

    /// The fingers' distance over their distance when the pinch began (1 until then):
    /// below 1 for a pinch in, above for a pinch out.
    public var scale: Double {
        guard let handle, let read = Host.optionalFunction(\.gesture_scale) else { return 1 }
        return read(handle)
    }

    /// How fast `scale` changes, in scale per second (negative while pinching in).
    public var velocity: Double {
        guard let handle, let read = Host.optionalFunction(\.gesture_scale_velocity) else { return 0 }
        return read(handle)
    }
}
