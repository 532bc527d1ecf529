/// An origin and a size (CGRect).
///
/// As in Core Graphics, a size may be negative: the `min`/`max` accessors, `center`,
/// `standardized` and everything built on them account for it. `width` and `height`
/// are the size as stored, sign included (CGRect's standardize): the runtime animates
/// sizes through zero and lays a view out from its bounds' signed size. The frames a
/// transition context hands an effect are never negative.
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

    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { min(origin.x, origin.x + size.width) }
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    public var minY: Double { min(origin.y, origin.y + size.height) }
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(x: midX, y: midY) }

    /// The same rectangle with a non-negative size.
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: abs(size.width), height: abs(size.height))
    }

    /// Whether it has no area (CGRectIsEmpty).
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The standardized rectangle with each side moved in by `dx`/`dy` (out with negative
    /// values). Where Core Graphics would answer CGRectNull because a side went negative,
    /// that side collapses to zero at the centre instead: something animating to the
    /// result still has somewhere to go.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let s = standardized
        var inset = Rect(x: s.origin.x + dx, y: s.origin.y + dy, width: s.width - 2 * dx, height: s.height - 2 * dy)
        if inset.size.width < 0 { inset.origin.x = s.midX; inset.size.width = 0 }
        if inset.size.height < 0 { inset.origin.y = s.midY; inset.size.height = 0 }
        return inset
    }

    /// Whether `p` is inside; the right and bottom edges are outside (CGRectContainsPoint).
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// Whether the two share some area (CGRectIntersectsRect).
    public func intersects(_ r: Rect) -> Bool {
        minX < r.maxX && r.minX < maxX && minY < r.maxY && r.minY < maxY
    }

    /// The four corners, clockwise from the top left (minX, minY).
    public var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }

    /// The smallest rectangle holding `points` (`.zero` for none).
    public init(boundingBoxOf points: [Point]) {
        guard let first = points.first else { self = .zero; return }
        var lo = first, hi = first
        for p in points.dropFirst() { Rect.take(p, into: &lo, &hi) }
        self.init(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// `init(boundingBoxOf: [a, b, c, d])`, the same bits, without the array: the box of a
    /// rectangle's four corners once moved, which a trace asks of every transformed view
    /// every frame and a tile of every subview it passes (inlinable for those callers,
    /// in other modules).
    @inlinable
    package init(boundingBoxOf a: Point, _ b: Point, _ c: Point, _ d: Point) {
        var lo = a, hi = a
        Rect.take(b, into: &lo, &hi)
        Rect.take(c, into: &lo, &hi)
        Rect.take(d, into: &lo, &hi)
        self.init(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// One step of the bounding boxes' fold. Swift's `min` and `max` keep their first
    /// argument when the second is not smaller (larger): a NaN point leaves the box as it
    /// is, a NaN first point stays, and of +0 and −0 the one taken first stays.
    @usableFromInline @inline(__always)
    static func take(_ p: Point, into lo: inout Point, _ hi: inout Point) {
        lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
        hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
    }

    /// The bounding box of the rectangle moved by `t` (CGRectApplyAffineTransform).
    public func applying(_ t: Transform2D) -> Rect {
        Rect(boundingBoxOf: Point(x: minX, y: minY).applying(t), Point(x: maxX, y: minY).applying(t),
             Point(x: maxX, y: maxY).applying(t), Point(x: minX, y: maxY).applying(t))
    }

    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
