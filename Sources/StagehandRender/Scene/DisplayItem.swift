/// What one visible view contributes to a frame: its fills back to front (shadow layers,
/// body, decorations), then its title on top, all inside `clips` (the masks and clipping
/// bounds of the view and its ancestors, each in screen points; empty: no clipping).
struct DisplayItem: Sendable {
    var fills: [Fill]
    var label: Label?
    var clips: [Shape] = []
}
