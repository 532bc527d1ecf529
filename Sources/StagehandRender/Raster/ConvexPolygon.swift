import Foundation
import StagehandCore

/// A convex outline that other outlines are cut to before they are filled: the clip of a
/// display item when every shape clipping it is convex (a tile of a screen turned in 3D,
/// a view that clips to its rounded bounds).
///
/// cairo fills under a clip that is not a set of pixel-aligned boxes by intersecting the
/// fill's polygon with the clip's in a general sweep over both, again for every fill;
/// a screen cut into a few hundred turned tiles, each a few fills of the screen's content,
/// spent most of its painting there. A polygon is cut to a convex one edge by edge
/// (Sutherland–Hodgman), in a few operations per vertex, and the pieces are filled with
/// no clip at all: the same picture, only the antialiasing where an edge of the fill meets
/// an edge of the clip in one pixel differs (cairo multiplies two coverages there, the cut
/// polygon has one exact one).
///
/// The subject may be any closed polygon, concave or self-crossing (text): each half-plane
/// cut replaces what lies outside by a path along the cutting line, which adds nothing to
/// the winding number of any point inside, so the non-zero fill of the pieces is the fill
/// of the subject inside the clip. Where the subject leaves and comes back the piece has
/// edges running both ways along the clip's border; they cover no area.
struct ConvexPolygon: Sendable {
    /// Without repeated points; empty when the outline encloses no area (it clips
    /// everything away).
    private(set) var points: [Point]
    /// +1 when the points run clockwise on screen (y down), −1 counter-clockwise.
    private var orientation: Double
    /// The box around `points`.
    private(set) var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    /// Areas (twice the signed area) at or below this are no area at all.
    static let degenerateArea = 1e-9

    /// The outline through `points`, in order; nil when it is not convex (it turns both
    /// ways, or winds round more than once).
    init?(_ points: [Point]) {
        self.init(points, checked: true)
    }

    /// With `checked` false the points are known to form a convex outline (one cut to
    /// another): rounding in the cut is not mistaken for a turn the wrong way.
    private init?(_ points: [Point], checked: Bool) {
        var unique: [Point] = []
        unique.reserveCapacity(points.count)
        for p in points where unique.last.map({ abs($0.x - p.x) > 1e-12 || abs($0.y - p.y) > 1e-12 }) ?? true {
            unique.append(p)
        }
        while unique.count > 1, let first = unique.first, let last = unique.last,
              abs(first.x - last.x) <= 1e-12, abs(first.y - last.y) <= 1e-12 {
            unique.removeLast()
        }
        let n = unique.count
        var area = 0.0
        if n >= 3 {
            for i in 0..<n {
                let a = unique[i], b = unique[(i + 1) % n]
                area += a.x * b.y - b.x * a.y
            }
        }
        guard abs(area) > Self.degenerateArea else {
            // All on one line: no area. Loops that enclose areas of opposite signs (a
            // bow tie) are not convex.
            guard !checked || Self.isFlat(unique) else { return nil }
            self.init(points: [], orientation: 1)
            return
        }
        let orientation: Double = area > 0 ? 1 : -1
        if checked {
            guard Self.turnsOnce(unique, orientation: orientation) else { return nil }
        }
        self.init(points: unique, orientation: orientation)
    }

    private init(points: [Point], orientation: Double) {
        self.points = points
        self.orientation = orientation
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
    }

    /// Whether every point lies on the line through the first and the one furthest
    /// from it (or they all coincide).
    private static func isFlat(_ points: [Point]) -> Bool {
        guard let first = points.first else { return true }
        let far = points.max { hypot($0.x - first.x, $0.y - first.y) < hypot($1.x - first.x, $1.y - first.y) } ?? first
        let (ux, uy) = (far.x - first.x, far.y - first.y)
        let length = hypot(ux, uy)
        return points.allSatisfy { p in abs(ux * (p.y - first.y) - uy * (p.x - first.x)) <= 1e-9 * max(1, length * length) }
    }

    /// Whether the closed polygon turns only one way (`orientation`), never back on
    /// itself, and once round in all: its edges' horizontal direction then changes sign
    /// twice going round (a star drawn in one stroke, which goes round twice, four times).
    private static func turnsOnce(_ points: [Point], orientation: Double) -> Bool {
        let n = points.count
        var changes = 0
        var lastSign = 0.0
        for i in 0..<n {
            let a = points[i], b = points[(i + 1) % n], c = points[(i + 2) % n]
            let (ux, uy, vx, vy) = (b.x - a.x, b.y - a.y, c.x - b.x, c.y - b.y)
            let cross = ux * vy - uy * vx, dot = ux * vx + uy * vy
            let slack = 1e-9 * ((ux * ux + uy * uy) * (vx * vx + vy * vy)).squareRoot()
            if cross * orientation < -slack { return false }
            // Straight on is no turn; straight back is not convex.
            if abs(cross) <= slack, dot < 0 { return false }
            if abs(ux) > 1e-12 * abs(uy) {
                let sign: Double = ux > 0 ? 1 : -1
                if lastSign != 0, sign != lastSign { changes += 1 }
                lastSign = sign
            }
        }
        // The change from the last edge back to the first.
        if let firstSign = points.indices.lazy.compactMap({ i -> Double? in
            let ux = points[(i + 1) % n].x - points[i].x, uy = points[(i + 1) % n].y - points[i].y
            return abs(ux) > 1e-12 * abs(uy) ? (ux > 0 ? 1 : -1) : nil
        }).first, firstSign != lastSign {
            changes += 1
        }
        return changes <= 2
    }

    /// The outline of `shape` with its curves flattened to within `tolerance` (see
    /// `Shape.outline`); nil when it is not convex.
    init?(_ shape: Shape, tolerance: Double) {
        self.init(shape.outline(tolerance: tolerance))
    }

    /// Whether the outline encloses no area.
    var isEmpty: Bool { points.isEmpty }

    /// The part of `other` inside this one (convex too).
    func intersection(_ other: ConvexPolygon) -> ConvexPolygon {
        guard !isEmpty, !other.isEmpty else { return ConvexPolygon(points: [], orientation: 1) }
        return ConvexPolygon(clip(other.points), checked: false) ?? ConvexPolygon(points: [], orientation: 1)
    }

    /// Whether the box `x1...x2 × y1...y2` meets this outline's box.
    func boxMeets(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Bool {
        !isEmpty && x2 >= minX && x1 <= maxX && y2 >= minY && y1 <= maxY
    }

    /// Whether the box `x1...x2 × y1...y2` lies inside this outline with room to spare:
    /// each of its corners at least a millionth of a point inside every edge. Then every
    /// point in the box (or off it by a rounding) is on the inner side of each edge as
    /// `clip` works it out, and `clip` hands a polygon within the box back as it is: a
    /// letter wholly inside a tile need not be cut.
    func containsBox(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Bool {
        guard !isEmpty, x1 <= x2, y1 <= y2 else { return false }
        let n = points.count
        for i in 0..<n {
            let a = points[i], b = points[(i + 1) % n]
            let (ex, ey) = ((b.x - a.x) * orientation, (b.y - a.y) * orientation)
            // The side as `clip` measures it is the distance times the edge's length.
            let margin = 1e-6 * (abs(ex) + abs(ey))
            func inside(_ x: Double, _ y: Double) -> Bool { ex * (y - a.y) - ey * (x - a.x) >= margin }
            guard inside(x1, y1), inside(x2, y1), inside(x2, y2), inside(x1, y2) else { return false }
        }
        return true
    }

    /// Whether the box `x1...x2 × y1...y2` lies outside this outline with room to spare:
    /// beyond its box, or each of its corners beyond one same edge, by at least a
    /// millionth of a point. Then every point in the box (or off it by a rounding), and
    /// every point `clip` works out between two of them, is on the outer side of that
    /// edge as `clip` works it out, and `clip` cuts a polygon within the box away whole:
    /// a letter or a panel whose box misses a turned tile, though it meets the tile's
    /// box, need not be flattened and cut to learn that nothing of it is left.
    func excludesBox(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Bool {
        guard !isEmpty else { return true }
        if x2 < minX - 1e-6 || x1 > maxX + 1e-6 || y2 < minY - 1e-6 || y1 > maxY + 1e-6 { return true }
        let n = points.count
        for i in 0..<n {
            let a = points[i], b = points[(i + 1) % n]
            let (ex, ey) = ((b.x - a.x) * orientation, (b.y - a.y) * orientation)
            let margin = 1e-6 * (abs(ex) + abs(ey))
            func outside(_ x: Double, _ y: Double) -> Bool { ex * (y - a.y) - ey * (x - a.x) <= -margin }
            if outside(x1, y1), outside(x2, y1), outside(x2, y2), outside(x1, y2) { return true }
        }
        return false
    }

    /// The closed polygon `subject` cut to this outline: empty when nothing of it is
    /// inside. The points come in the subject's order, so its winding is kept.
    func clip(_ subject: [Point]) -> [Point] {
        guard !isEmpty, subject.count >= 3 else { return [] }
        var subjectMinX = Double.infinity, subjectMinY = Double.infinity
        var subjectMaxX = -Double.infinity, subjectMaxY = -Double.infinity
        for p in subject {
            subjectMinX = min(subjectMinX, p.x); subjectMaxX = max(subjectMaxX, p.x)
            subjectMinY = min(subjectMinY, p.y); subjectMaxY = max(subjectMaxY, p.y)
        }
        guard boxMeets(subjectMinX, subjectMinY, subjectMaxX, subjectMaxY) else { return [] }
        var input = subject
        var output: [Point] = []
        output.reserveCapacity(subject.count + points.count)
        let n = points.count
        for i in 0..<n {
            let a = points[i], b = points[(i + 1) % n]
            let (ex, ey) = ((b.x - a.x) * orientation, (b.y - a.y) * orientation)
            // Positive inside, by how far (times the edge's length).
            func side(_ p: Point) -> Double { ex * (p.y - a.y) - ey * (p.x - a.x) }
            // An edge the whole subject is inside cuts nothing: skip the copy.
            if input.allSatisfy({ side($0) >= 0 }) { continue }
            output.removeAll(keepingCapacity: true)
            var previous = input[input.count - 1]
            var previousSide = side(previous)
            for current in input {
                let currentSide = side(current)
                if (currentSide >= 0) != (previousSide >= 0) {
                    let t = previousSide / (previousSide - currentSide)
                    output.append(Point(x: previous.x + (current.x - previous.x) * t, y: previous.y + (current.y - previous.y) * t))
                }
                if currentSide >= 0 { output.append(current) }
                previous = current
                previousSide = currentSide
            }
            if output.count < 3 { return [] }
            swap(&input, &output)
        }
        return input
    }
}
