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
        // Only a kind whose first byte is an s, or not ASCII, can equal "snapshot": any
        // other starts with a letter no normalization changes. Most views are spared
        // the comparison.
        let first = kind.utf8.first ?? 0
        let kind = (first == UInt8(ascii: "s") || first >= 0x80) && kind == "snapshot" ? (source ?? "view") : kind
        if let style = Self.byFirstByte(kind) {
            self = style
            return
        }
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

    /// The style of the one kind that starts with `kind`'s first byte, when `kind` is
    /// that one: one comparison instead of up to ten, for every view of every frame
    /// painted. Nil otherwise, and the whole comparison decides (so a kind spelled in
    /// other bytes, equal under Unicode's rules, is read as before).
    private static func byFirstByte(_ kind: String) -> ViewStyle? {
        switch kind.utf8.first {
        case UInt8(ascii: "v"): return kind == "view" ? .card : nil
        case UInt8(ascii: "n"): return kind == "navigationBar" ? .bar : nil
        case UInt8(ascii: "d"): return kind == "dimming" ? .dimming : nil
        case UInt8(ascii: "p"): return kind == "panel" ? .panel : nil
        case UInt8(ascii: "s"): return kind == "separator" ? .separator : nil
        case UInt8(ascii: "i"): return kind == "image" ? .image : nil
        case UInt8(ascii: "b"): return kind == "button" ? .button : nil
        case UInt8(ascii: "t"): return kind == "text" ? .text : kind == "title" ? .title : nil
        case UInt8(ascii: "c"): return kind == "chevron" ? .chevron : nil
        default: return nil
        }
    }
}
