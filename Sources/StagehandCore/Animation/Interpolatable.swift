/// A value an animation can carry from one state to another: the animatable properties
/// of a view (frame, center, alpha, background colour, transform) all conform.
///
/// `fraction` is what a timing curve or spring returns, so it may leave 0...1 (a spring
/// overshoots, an ease-back curve undershoots): every conformance extrapolates along the
/// same path rather than clamping. 0 and 1 give the endpoints exactly, so an animation
/// lands precisely on its model value. A static requirement rather than a method on the
/// value keeps the engine's inner loop free of existentials: it is always called on a
/// concrete type.
public protocol Interpolatable {
    static func interpolate(from: Self, to: Self, fraction: Double) -> Self
}

extension Double: Interpolatable {
    /// `from + (to − from)·fraction`: exact at 0, exact at 1, and constant when the ends
    /// are equal (no rounding jitter in a property that does not change).
    public static func interpolate(from a: Double, to b: Double, fraction f: Double) -> Double {
        f == 1 ? b : a + (b - a) * f
    }
}

extension Point: Interpolatable {
    public static func interpolate(from a: Point, to b: Point, fraction f: Double) -> Point {
        Point(x: .interpolate(from: a.x, to: b.x, fraction: f), y: .interpolate(from: a.y, to: b.y, fraction: f))
    }
}

extension Size: Interpolatable {
    public static func interpolate(from a: Size, to b: Size, fraction f: Double) -> Size {
        Size(width: .interpolate(from: a.width, to: b.width, fraction: f),
             height: .interpolate(from: a.height, to: b.height, fraction: f))
    }
}

extension Rect: Interpolatable {
    /// Origin and size separately, as Core Animation animates `bounds`/`frame`.
    public static func interpolate(from a: Rect, to b: Rect, fraction f: Double) -> Rect {
        Rect(origin: .interpolate(from: a.origin, to: b.origin, fraction: f),
             size: .interpolate(from: a.size, to: b.size, fraction: f))
    }
}

extension Color: Interpolatable {
    /// Component-wise on the straight (not premultiplied) components, as UIView animates
    /// `backgroundColor`. Overshoot may leave 0...1; the renderer clamps when it draws.
    public static func interpolate(from a: Color, to b: Color, fraction f: Double) -> Color {
        Color(red: .interpolate(from: a.red, to: b.red, fraction: f),
              green: .interpolate(from: a.green, to: b.green, fraction: f),
              blue: .interpolate(from: a.blue, to: b.blue, fraction: f),
              alpha: .interpolate(from: a.alpha, to: b.alpha, fraction: f))
    }
}

extension Transform2D: Interpolatable {
    /// Through the 2D decomposition (translation, angle, scale, skew), so a rotation
    /// animates as a turn of at most 180°, not as a squashing matrix lerp.
    public static func interpolate(from a: Transform2D, to b: Transform2D,
                                   fraction f: Double) -> Transform2D {
        Transform3D.interpolateAffine(from: a, to: b, fraction: f)
    }
}

/// By decomposition: see `Transform3D.interpolate(from:to:fraction:)`.
extension Transform3D: Interpolatable {}

/// Lets the engine decompose a transform animation's ends once and interpolate the
/// parts on every frame.
extension Transform3D.Decomposition: Interpolatable {}
