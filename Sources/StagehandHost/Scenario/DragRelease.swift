/// How a scripted drag's touch sequence ends, after the finger has moved and held still.
///
/// A finger may lift (the recognizer ends), stay down (a later step sees it still
/// pressed), or have its touches cancelled by the system — an incoming call or alert,
/// as UIKit's `touchesCancelled`: a pan that had begun then ends in the `cancelled`
/// state, which each interactive effect handles by its own rule.
public enum DragRelease: String, Hashable, Sendable, CaseIterable {
    /// The finger lifts (`"release": true`, the default).
    case lift
    /// The finger stays down (`"release": false`).
    case hold
    /// The system cancels the touch (`"release": "cancel"`).
    case cancel
}
