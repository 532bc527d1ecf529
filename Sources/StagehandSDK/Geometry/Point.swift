import StagehandABI

/// A position in a view's coordinate space (CGPoint), in points, y growing downward.
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

    init(_ abi: sh_point) {
        self.init(x: abi.x, y: abi.y)
    }

    var abi: sh_point { sh_point(x: x, y: y) }
}
