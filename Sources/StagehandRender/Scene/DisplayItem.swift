/// What one visible view contributes to a frame: its fills back to front (shadow layers,
/// body, decorations), then its title on top.
struct DisplayItem: Sendable {
    var fills: [Fill]
    var label: Label?
}
