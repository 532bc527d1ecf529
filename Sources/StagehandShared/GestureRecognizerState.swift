import StagehandABI

/// UIGestureRecognizer.State, once for both sides: the runtime's recognizers move
/// through it and the SDK reads it back through the header, and each calls it
/// `GestureRecognizer.State`, as UIKit does.
///
///     possible ─▶ began ─▶ changed … ─▶ ended | cancelled     (continuous gestures)
///     possible ─▶ ended                                        (discrete: "recognized")
///     possible ─▶ failed
public enum GestureRecognizerState: String, Hashable, Sendable, CaseIterable {
    /// Watching touches; nothing recognized yet (the initial state).
    case possible
    case began
    case changed
    /// The gesture is complete. For a discrete gesture this is UIKit's `recognized`.
    case ended
    /// A gesture that had begun was taken away (touch cancelled, recognizer disabled).
    case cancelled
    /// The touches were not this gesture.
    case failed
}

// The state in the header's terms, both ways: the host answers `gesture_state` with it,
// the SDK reads the answer (an unknown value, from a newer host, reads as `possible`).
extension GestureRecognizerState {
    package init(_ abi: sh_gesture_state) {
        switch abi {
        case SH_GESTURE_BEGAN: self = .began
        case SH_GESTURE_CHANGED: self = .changed
        case SH_GESTURE_ENDED: self = .ended
        case SH_GESTURE_CANCELLED: self = .cancelled
        case SH_GESTURE_FAILED: self = .failed
        default: self = .possible
        }
    }

    package var abi: sh_gesture_state {
        switch self {
        case .possible: return SH_GESTURE_POSSIBLE
        case .began: return SH_GESTURE_BEGAN
        case .changed: return SH_GESTURE_CHANGED
        case .ended: return SH_GESTURE_ENDED
        case .cancelled: return SH_GESTURE_CANCELLED
        case .failed: return SH_GESTURE_FAILED
        }
    }
}
