// Vector sums and differences of points, for the runtime's own layout and hit testing;
// kept internal, as CGPoint has no such operators in UIKit's public API.
extension Point {
    static func + (l: Point, r: Point) -> Point { Point(x: l.x + r.x, y: l.y + r.y) }
    static func - (l: Point, r: Point) -> Point { Point(x: l.x - r.x, y: l.y - r.y) }
}
