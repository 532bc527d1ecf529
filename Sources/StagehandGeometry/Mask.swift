/// What a view's mask lets through (CALayer.mask, reduced to the shapes transitions
/// use): only what lies inside this rounded rectangle, in the view's bounds coordinates,
/// is drawn. A rectangle has `cornerRadius` 0; a circle of radius r about c is the
/// square {c.x − r, c.y − r, 2r, 2r} with `cornerRadius` r — so a circular reveal is a
/// mask whose square and radius grow together.
///
/// In the shared geometry because both sides use it: the runtime animates it, and an
/// effect builds it (the header's `sh_mask`).
public struct Mask: Hashable, Sendable, CustomStringConvertible {
    public var rect: Rect
    public var cornerRadius: Double

    public init(rect: Rect, cornerRadius: Double = 0) {
        self.rect = rect
        self.cornerRadius = cornerRadius
    }

    /// The circle of `radius` about `center`: its bounding square, rounded by `radius`.
    public static func circle(center: Point, radius: Double) -> Mask {
        Mask(rect: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius),
             cornerRadius: radius)
    }

    public var description: String { "mask \(rect) radius \(cornerRadius)" }
}
