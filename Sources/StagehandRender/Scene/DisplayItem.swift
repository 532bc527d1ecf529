/// What one visible view contributes to a frame: its fills back to front (shadow layers,
/// body, decorations), then its title on top, all inside `clips` (the masks and clipping
/// bounds of the view and its ancestors, each in screen points; empty: no clipping).
struct DisplayItem: Sendable {
    var fills: [Fill]
    var label: Label?
    var clips: [Shape] = []
    /// Set on the items that open and close a group instead of painting (their fills
    /// empty): what lies between them is drawn on a transparent layer first, then put on
    /// the picture with `alpha`, added (plus-lighter) or over.
    var group: GroupMark?

    /// The start or the end of a group of items.
    enum GroupMark: Sendable, Equatable {
        case begin(alpha: Double, additive: Bool)
        case end
    }

    static func group(_ mark: GroupMark) -> DisplayItem {
        DisplayItem(fills: [], label: nil, group: mark)
    }
}
