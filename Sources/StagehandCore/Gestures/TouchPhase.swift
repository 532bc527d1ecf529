/// Where a touch is in its life (UITouch.Phase). A finger goes down (`began`), moves or
/// rests (`moved`, `stationary`) and lifts (`ended`); the system may take it away
/// (`cancelled`). Recognizers react to each phase differently, so the phase travels with
/// every touch event injected into a window.
public enum TouchPhase: String, Hashable, Sendable, CaseIterable {
    case began
    case moved
    /// The finger is down and has not moved since the last event. It still carries a
    /// timestamp, which is how a driver tells a pan that the finger is being held still
    /// (its velocity falls toward zero).
    case stationary
    case ended
    case cancelled

    /// Whether the finger is gone after this event.
    var isFinal: Bool { self == .ended || self == .cancelled }
}
