import StagehandCore

/// An outline to fill, in one of the two forms a view's layer takes on screen.
enum Shape: Sendable {
    /// Screen points, in order: the exact projection of a view under a 3D transform with
    /// perspective (which no affine transform can express), or any other outline.
    case polygon([Point])
    /// A rectangle in a view's own coordinates with rounded corners, placed on screen by
    /// an affine transform: how a view that is only moved, scaled, rotated or skewed is
    /// drawn, so its corner radius bends with it.
    case roundedRect(Rect, radius: Double, placement: Transform2D)
}
