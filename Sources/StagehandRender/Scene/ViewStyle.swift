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
    /// A screen's content (see `View.Kind.isContent`): panels, separators, pictures,
    /// buttons filled with their colour; titles, text and chevrons drawn in it.
    case panel, separator, image, button, title, text, chevron

    /// Whether the view is a screen's content.
    var isContent: Bool {
        switch self {
        case .panel, .separator, .image, .button, .title, .text, .chevron: return true
        case .card, .bar, .dimming, .transparent: return false
        }
    }

    /// From a view record's `kind` and `source` (what a snapshot copied).
    init(kind: String, source: String?) {
        let kind = kind == "snapshot" ? (source ?? "view") : kind
        switch kind {
        case "view": self = .card
        case "navigationBar": self = .bar
        case "dimming": self = .dimming
        case "panel": self = .panel
        case "separator": self = .separator
        case "image": self = .image
        case "button": self = .button
        case "title": self = .title
        case "text": self = .text
        case "chevron": self = .chevron
        default: self = .transparent
        }
    }
}
