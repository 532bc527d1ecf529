import StagehandTrace

/// How a view of the trace is drawn, from its kind (a snapshot is drawn like what it
/// copied, so swapping a view for its snapshot does not show).
enum ViewStyle {
    /// A screen: a controller's root view, drawn as a coloured card with its title.
    case card
    /// A navigation bar: a light bar with the top controller's title.
    case bar
    /// Black at 40 % unless the view has a colour.
    case dimming
    /// Containers and the window: only their own colour, if any.
    case transparent

    init(_ view: Trace.ViewRecord) {
        let kind = view.kind == "snapshot" ? (view.source ?? "view") : view.kind
        switch kind {
        case "view": self = .card
        case "navigationBar": self = .bar
        case "dimming": self = .dimming
        default: self = .transparent
        }
    }
}
