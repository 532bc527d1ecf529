import StagehandABI

/// Match identifiers and compositing (ABI 1.3). On an older host, which has neither,
/// a view has no identifier and composites normally, and setting either does nothing.
extension View {
    /// The match identifier (Hero's `heroID`, CSS's `view-transition-name`): a view of
    /// the outgoing screen and one of the incoming screen that carry the same identifier
    /// when a transition starts are offered as a pair (`TransitionContext.matchedPairs`).
    /// `nil` or empty: none.
    public var matchID: String? {
        get {
            guard let get = Host.optionalFunction(\.view_match_id), let text = get(handle) else { return nil }
            return String(cString: text)
        }
        nonmutating set {
            guard let set = Host.optionalFunction(\.view_set_match_id) else { return }
            if let newValue { newValue.withCString { set(handle, $0) } } else { set(handle, nil) }
        }
    }

    /// How the view is composited (see `Compositing`). Not animatable.
    public var compositing: Compositing {
        get { Host.optionalFunction(\.view_compositing).map { Compositing($0(handle)) } ?? .normal }
        nonmutating set { Host.optionalFunction(\.view_set_compositing)?(handle, newValue.abi) }
    }
}
