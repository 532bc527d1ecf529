import StagehandABI

extension GestureRecognizer {
    /// UIGestureRecognizer.State: a continuous recognizer goes possible → began →
    /// changed… → ended or cancelled; one that never starts goes to failed.
    public enum State: Hashable, Sendable {
        case possible
        case began
        case changed
        case ended
        case cancelled
        case failed

        init(_ abi: sh_gesture_state) {
            switch abi {
            case SH_GESTURE_BEGAN: self = .began
            case SH_GESTURE_CHANGED: self = .changed
            case SH_GESTURE_ENDED: self = .ended
            case SH_GESTURE_CANCELLED: self = .cancelled
            case SH_GESTURE_FAILED: self = .failed
            default: self = .possible
            }
        }
    }
}
