/// A location in a two-dimensional coordinate space (CGPoint), in screen points, y
/// growing downward, as in UIKit.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// The point moved by `t` (CGPointApplyAffineTransform).
    public func applying(_ t: Transform2D) -> Point {
        Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }

    public var description: String { "(\(x), \(y))" }
}
