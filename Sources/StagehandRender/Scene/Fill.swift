/// One shape filled with one colour: everything a view is made of (shadow layers, body,
/// bar hairline) is a list of these, so every backend draws the same thing.
struct Fill: Sendable {
    var shape: Shape
    var color: RGBA
}
