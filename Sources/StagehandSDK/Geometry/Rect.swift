import StagehandABI

/// An origin and a size (CGRect).
///
/// As in Core Graphics, a size may be negative: the `min`/`max` accessors, `width` and
/// `height` read the standardized rectangle, so an effect never has to care.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var width: Double { abs(size.width) }
    public var height: Double { abs(size.height) }
    public var minX: Double { min(origin.x, origin.x + size.width) }
    public var midX: Double { origin.x + size.width / 2 }
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    public var minY: Double { min(origin.y, origin.y + size.height) }
    public var midY: Double { origin.y + size.height / 2 }
    public var maxY: Double { max(origin.y, origin.y + size.height) }

    /// The same rectangle with a non-negative size.
    public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(origin: Point(x: origin.x + dx, y: origin.y + dy), size: size)
    }

    /// Shrinks each side by `dx`/`dy` (grows with negative values). Where Core Graphics
    /// would answer CGRectNull because a side went negative, this answers an empty
    /// rectangle at the centre: an effect animating to it still has somewhere to go.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let width = max(self.width - 2 * dx, 0), height = max(self.height - 2 * dy, 0)
        return Rect(x: midX - width / 2, y: midY - height / 2, width: width, height: height)
    }

    /// Whether `point` is inside; the right and bottom edges are outside (CGRectContainsPoint).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The bounding box of the rectangle moved by `t` (CGRectApplyAffineTransform).
    public func applying(_ t: Transform2D) -> Rect {
        Rect(boundingBoxOf: corners.map { $0.applying(t) })
    }

    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }

    init(_ abi: sh_rect) {
        self.init(origin: Point(abi.origin), size: Size(abi.size))
    }

    var abi: sh_rect { sh_rect(origin: origin.abi, size: size.abi) }

    /// The four corners, clockwise from (minX, minY).
    var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }

    /// The smallest rectangle holding four points.
    init(boundingBoxOf points: [Point]) {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        self.init(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}
