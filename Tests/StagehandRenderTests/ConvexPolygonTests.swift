import Foundation
import StagehandCore
@testable import StagehandRender
import Testing

/// Outlines cut to a convex clip before cairo fills them (what a tile of a turned screen
/// shows): exact polygons for cases worked by hand, and for awkward subjects (concave,
/// with holes, self-crossing) the coverage of the cut pieces compared on a fine grid with
/// an independent reference: a point is covered when it is inside the clip and the
/// subject has a non-zero winding number around it.
@Suite struct ConvexPolygonTests {
    static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    /// The winding number of the closed polygon `polygon` around `q` (crossings of the
    /// ray to the right, signed by direction).
    static func winding(_ polygon: [Point], _ q: Point) -> Int {
        var w = 0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            if (a.y <= q.y) != (b.y <= q.y) {
                let x = a.x + (q.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if x > q.x { w += b.y > a.y ? 1 : -1 }
            }
        }
        return w
    }

    static func winding(_ polygons: [[Point]], _ q: Point) -> Int {
        polygons.reduce(0) { $0 + winding($1, q) }
    }

    /// Twice the signed area.
    static func doubleArea(_ polygon: [Point]) -> Double {
        polygon.indices.reduce(0) { sum, i in
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            return sum + a.x * b.y - b.x * a.y
        }
    }

    /// How many points of a `step` grid over `box` disagree between the cut pieces and
    /// the reference, and how many the reference covers.
    static func disagreements(subject: [[Point]], clip: [Point], pieces: [[Point]], box: Rect, step: Double) -> (Int, Int) {
        var wrong = 0, covered = 0
        // Grid points off the lines the shapes are made of (offset by an irrational share).
        var y = box.minY + step * 0.3183
        while y < box.maxY {
            var x = box.minX + step * 0.2718
            while x < box.maxX {
                let q = Point(x: x, y: y)
                let inClip = winding(clip, q) != 0
                let expected = inClip && winding(subject, q) != 0
                if expected { covered += 1 }
                if (winding(pieces, q) != 0) != expected { wrong += 1 }
                x += step
            }
            y += step
        }
        return (wrong, covered)
    }

    @Test func aSquareCutToAnOverlappingSquareIsTheirCommonSquare() throws {
        let clip = try #require(ConvexPolygon([Self.p(0, 0), Self.p(10, 0), Self.p(10, 10), Self.p(0, 10)]))
        let piece = clip.clip([Self.p(5, 5), Self.p(15, 5), Self.p(15, 15), Self.p(5, 15)])
        #expect(abs(Self.doubleArea(piece) - 50) < 1e-9)
        let box = Rect(boundingBoxOf: piece)
        #expect(box == Rect(x: 5, y: 5, width: 5, height: 5))
    }

    @Test func aSubjectInsideTheClipIsKeptAsItIsAndOneOutsideIsGone() throws {
        let clip = try #require(ConvexPolygon([Self.p(0, 0), Self.p(10, 0), Self.p(10, 10), Self.p(0, 10)]))
        let inside = [Self.p(2, 2), Self.p(8, 3), Self.p(5, 8)]
        #expect(clip.clip(inside) == inside)
        #expect(clip.clip([Self.p(12, 2), Self.p(18, 3), Self.p(15, 8)]).isEmpty)
        // Outside, though its box overlaps the clip's: beyond the diagonal of a triangle.
        let triangle = try #require(ConvexPolygon([Self.p(0, 0), Self.p(10, 0), Self.p(0, 10)]))
        #expect(triangle.clip([Self.p(8, 8), Self.p(9, 8), Self.p(9, 9)]).isEmpty)
    }

    /// A diamond (a square turned 45°) cut by the unit square [0, 4]²: the corners
    /// of the square are cut off, each a right triangle of legs 2 (area 2).
    @Test func aTurnedSquareCutByASquareLosesFourCorners() throws {
        let clip = try #require(ConvexPolygon([Self.p(0, 0), Self.p(4, 0), Self.p(4, 4), Self.p(0, 4)]))
        let diamond = [Self.p(2, -1), Self.p(5, 2), Self.p(2, 5), Self.p(-1, 2)]
        let piece = clip.clip(diamond)
        // The diamond's area is 18; each of its four tips beyond a side is a triangle of
        // base 2 and height 1: 16 - 4 × 1 = 14 inside the square.
        #expect(abs(abs(Self.doubleArea(piece)) / 2 - 14) < 1e-9)
        #expect(piece.count == 8)
    }

    @Test func theClipKeepsTheSubjectsWindingDirection() throws {
        let clip = try #require(ConvexPolygon([Self.p(0, 0), Self.p(10, 0), Self.p(10, 10), Self.p(0, 10)]))
        let clockwise = [Self.p(5, 5), Self.p(15, 5), Self.p(15, 15), Self.p(5, 15)]
        #expect(Self.doubleArea(clip.clip(clockwise)) > 0)
        #expect(Self.doubleArea(clip.clip(clockwise.reversed())) < 0)
        // A clip that runs counter-clockwise cuts the same.
        let reversed = try #require(ConvexPolygon([Self.p(0, 10), Self.p(10, 10), Self.p(10, 0), Self.p(0, 0)]))
        #expect(abs(Self.doubleArea(reversed.clip(clockwise)) - 50) < 1e-9)
    }

    @Test func outlinesThatAreNotConvexAreRefused() throws {
        // An L.
        #expect(ConvexPolygon([Self.p(0, 0), Self.p(2, 0), Self.p(2, 1), Self.p(1, 1), Self.p(1, 2), Self.p(0, 2)]) == nil)
        // A star drawn in one stroke turns one way only but winds round twice.
        let star = (0..<5).map { k -> Point in
            let a = Double(k) * 4 * Double.pi / 5
            return Self.p(cos(a), sin(a))
        }
        #expect(ConvexPolygon(star) == nil)
        // Quads twisted through themselves (bow ties), one with its two loops' areas
        // cancelling.
        #expect(ConvexPolygon([Self.p(0, 0), Self.p(2, 0), Self.p(0, 1), Self.p(1, 1)]) == nil)
        #expect(ConvexPolygon([Self.p(0, 0), Self.p(1, 0), Self.p(0, 1), Self.p(1, 1)]) == nil)
        // Collinear points and repeated ones are fine.
        let square = [Self.p(0, 0), Self.p(1, 0), Self.p(2, 0), Self.p(2, 0), Self.p(2, 2), Self.p(0, 2), Self.p(0, 0)]
        let convex = try #require(ConvexPolygon(square))
        #expect(convex.points.count == 5)
    }

    @Test func aClipWithNoAreaCutsEverythingAway() throws {
        for flat in [[Point](), [Self.p(0, 0), Self.p(1, 1)], [Self.p(0, 0), Self.p(1, 1), Self.p(2, 2)]] {
            let clip = try #require(ConvexPolygon(flat))
            #expect(clip.isEmpty)
            #expect(clip.clip([Self.p(-5, -5), Self.p(5, -5), Self.p(5, 5), Self.p(-5, 5)]).isEmpty)
        }
    }

    @Test func theIntersectionOfTwoClipsIsWhatBothKeep() throws {
        let a = try #require(ConvexPolygon([Self.p(0, 0), Self.p(10, 0), Self.p(10, 10), Self.p(0, 10)]))
        let b = try #require(ConvexPolygon([Self.p(5, -5), Self.p(20, 5), Self.p(5, 15)]))
        let both = a.intersection(b)
        let subject = [Self.p(-3, -3), Self.p(13, -2), Self.p(12, 12), Self.p(-2, 11)]
        var wrong = 0
        for i in 0..<40 {
            for j in 0..<40 {
                let q = Self.p(-3 + Double(i) * 0.4 + 0.013, -4 + Double(j) * 0.5 + 0.017)
                let expected = Self.winding(a.points, q) != 0 && Self.winding(b.points, q) != 0 && Self.winding(subject, q) != 0
                if (Self.winding(both.clip(subject), q) != 0) != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0)
        let apart = try #require(ConvexPolygon([Self.p(20, 20), Self.p(30, 20), Self.p(30, 30)]))
        #expect(a.intersection(apart).isEmpty)
    }

    /// Concave, with a hole, and self-crossing subjects against a turned tile: the pieces
    /// cover exactly what the subject covers inside the tile, on a grid fine enough to
    /// see any piece missing or left over.
    @Test(arguments: ["comb", "ring", "bow tie", "figure of eight"])
    func awkwardSubjectsCoverWhatTheReferenceCovers(name: String) throws {
        let tile = (0..<4).map { k -> Point in
            let a = 0.3 + Double(k) * Double.pi / 2
            return Self.p(10 + 7 * cos(a), 10 + 7 * sin(a))
        }
        let clip = try #require(ConvexPolygon(tile))
        let subject: [[Point]]
        switch name {
        case "comb":
            // Teeth that leave and re-enter the tile several times.
            var comb = [Self.p(0, 20), Self.p(0, 0)]
            for k in 0..<6 {
                let x = Double(k) * 3.5
                comb += [Self.p(x + 1.5, 0), Self.p(x + 1.5, 14), Self.p(x + 3.5, 14), Self.p(x + 3.5, 0)]
            }
            comb += [Self.p(21, 0), Self.p(21, 20)]
            subject = [comb]
        case "ring":
            // An outer contour and a hole running the other way, as a glyph's are.
            let outer = (0..<24).map { k -> Point in
                let a = Double(k) / 24 * 2 * Double.pi
                return Self.p(12 + 8 * cos(a), 9 + 8 * sin(a))
            }
            let inner = (0..<24).map { k -> Point in
                let a = -Double(k) / 24 * 2 * Double.pi
                return Self.p(12 + 4 * cos(a), 9 + 4 * sin(a))
            }
            subject = [outer, inner]
        case "bow tie":
            subject = [[Self.p(2, 2), Self.p(18, 18), Self.p(18, 2), Self.p(2, 18)]]
        default:
            // Two loops the same way: winding 2 where they overlap, still covered.
            let loop = (0..<40).map { k -> Point in
                let a = Double(k) / 20 * 2 * Double.pi
                return Self.p(10 + 6 * cos(a) + Double(k / 20) * 3, 10 + 6 * sin(a))
            }
            subject = [loop]
        }
        let pieces = subject.map { clip.clip($0) }.filter { !$0.isEmpty }
        let (wrong, covered) = Self.disagreements(subject: subject, clip: tile, pieces: pieces,
                                                  box: Rect(x: -2, y: -2, width: 26, height: 26), step: 0.05)
        #expect(covered > 1000, "the case covers something")
        #expect(wrong == 0, "\(wrong) of \(covered) grid points disagree")
    }

    /// A rounded rectangle placed by a turning, stretching transform becomes a polygon
    /// no further than the tolerance from the exact outline anywhere.
    @Test func aRoundedRectangleIsFlattenedWithinTheTolerance() throws {
        let placement = Transform2D(a: 2.4, b: 0.9, c: -0.5, d: 1.3, tx: 30, ty: 40)
        let rect = Rect(x: 0, y: 0, width: 40, height: 30), radius = 9.0
        for tolerance in [0.5, 0.1, 0.02] {
            let outline = Shape.roundedRect(rect, radius: radius, placement: placement).outline(tolerance: tolerance)
            #expect(ConvexPolygon(outline) != nil)
            // Exact points of each corner's arc, placed; each must be near the polygon.
            let centres = [(40 - radius, radius), (40 - radius, 30 - radius), (radius, 30 - radius), (radius, radius)]
            var worst = 0.0
            for (cx, cy) in centres {
                for k in 0...200 {
                    let a = Double(k) / 200 * 2 * Double.pi
                    let exact = Self.p(cx + radius * cos(a), cy + radius * sin(a))
                    // Only the arc's quarter that is on the outline.
                    guard abs(exact.x - 20) >= 20 - radius - 1e-9, abs(exact.y - 15) >= 15 - radius - 1e-9 else { continue }
                    worst = max(worst, Self.distance(exact.applying(placement), to: outline))
                }
            }
            #expect(worst <= tolerance * 1.001, "tolerance \(tolerance): \(worst) away")
            #expect(worst > tolerance / 20, "tolerance \(tolerance): not needlessly fine (\(worst))")
        }
    }

    /// A cubic curve in pieces within the tolerance of points taken densely on it.
    @Test func aCurveIsFlattenedWithinTheTolerance() {
        let (p0, p1, p2, p3) = (Self.p(0, 0), Self.p(30, 80), Self.p(90, -40), Self.p(100, 20))
        for tolerance in [1.0, 0.1, 0.01] {
            var points = [p0]
            CurveFlattening.appendCubic(p0, p1, p2, p3, tolerance: tolerance, into: &points)
            #expect(points.last == p3)
            var worst = 0.0
            for k in 0...1000 {
                let t = Double(k) / 1000, s = 1 - t
                let b = Self.p(s * s * s * p0.x + 3 * s * s * t * p1.x + 3 * s * t * t * p2.x + t * t * t * p3.x,
                               s * s * s * p0.y + 3 * s * s * t * p1.y + 3 * s * t * t * p2.y + t * t * t * p3.y)
                worst = max(worst, Self.distance(b, to: points, closed: false))
            }
            #expect(worst <= tolerance, "tolerance \(tolerance): \(worst) away")
        }
        // A straight curve is one piece.
        var line = [p0]
        CurveFlattening.appendCubic(p0, Self.p(1, 1), Self.p(2, 2), Self.p(3, 3), tolerance: 0.1, into: &line)
        #expect(line == [p0, Self.p(3, 3)])
    }

    /// The distance from `q` to the nearest segment of `polyline`.
    static func distance(_ q: Point, to polyline: [Point], closed: Bool = true) -> Double {
        var best = Double.infinity
        let count = closed ? polyline.count : polyline.count - 1
        for i in 0..<count {
            let a = polyline[i], b = polyline[(i + 1) % polyline.count]
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            let length2 = dx * dx + dy * dy
            let t = length2 > 0 ? max(0, min(1, ((q.x - a.x) * dx + (q.y - a.y) * dy) / length2)) : 0
            best = min(best, hypot(q.x - (a.x + t * dx), q.y - (a.y + t * dy)))
        }
        return best
    }

    /// Whether a fill covers a whole tile, asked of rounded rectangles placed by turning,
    /// stretching transforms: a tile in the middle, one on the edge, one cutting a
    /// rounded corner (inside the rectangle's box, not the rounded outline) and one
    /// partly outside.
    @Test func aRoundedRectangleCoversATileOnlyWhenEveryCornerIsInside() throws {
        let placement = Transform2D(rotationAngle: 0.3).concatenating(Transform2D(translationX: 50, y: 20))
        let fill = Shape.roundedRect(Rect(x: 0, y: 0, width: 100, height: 60), radius: 12, placement: placement)
        func tile(_ x: Double, _ y: Double, _ w: Double, _ h: Double) throws -> ConvexPolygon {
            try #require(ConvexPolygon(Rect(x: x, y: y, width: w, height: h).corners.map { $0.applying(placement) }))
        }
        #expect(fill.covers(try tile(20, 20, 30, 20)), "in the middle")
        #expect(fill.covers(try tile(20, 0, 30, 20)), "along the top edge")
        #expect(!fill.covers(try tile(0, 0, 10, 10)), "over the rounded corner")
        #expect(!fill.covers(try tile(1, 1, 8, 8)), "only its corner nearest the arc outside it")
        #expect(fill.covers(try tile(4, 4, 8, 8)), "all four corners within the arc")
        #expect(fill.covers(try tile(12, 3, 8, 8)), "beside the corner, under the straight edge")
        #expect(!fill.covers(try tile(90, 20, 20, 20)), "partly outside")
        // A polygon is never said to cover anything.
        #expect(!Shape.polygon([Self.p(-1000, -1000), Self.p(1000, -1000), Self.p(1000, 1000), Self.p(-1000, 1000)])
            .covers(try tile(20, 20, 30, 20)))
    }

    /// A box said to be inside a turned clip comes out of the cut unchanged, whatever lies
    /// in it; one reaching an edge, or past it, or closer to it than a millionth of a
    /// point, is not said to be inside.
    @Test func aBoxInsideTheClipIsKeptByTheCutAsItIs() throws {
        let clip = try #require(ConvexPolygon((0..<4).map { k in
            let a = 0.3 + Double(k) * Double.pi / 2
            return Self.p(50 + 30 * cos(a), 40 + 30 * sin(a))
        }))
        var state: UInt64 = 5
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var inside = 0
        for _ in 0..<400 {
            let (x1, y1) = (20 + 60 * unit(), 10 + 60 * unit())
            let (x2, y2) = (x1 + 12 * unit(), y1 + 12 * unit())
            let subject = (0..<(3 + Int(unit() * 8))).map { _ in Self.p(x1 + (x2 - x1) * unit(), y1 + (y2 - y1) * unit()) }
            if clip.containsBox(x1, y1, x2, y2) {
                inside += 1
                #expect(clip.clip(subject) == subject)
            }
        }
        #expect(inside > 20, "some boxes lie inside")
        // The clip's own box is not inside it; nor is a box with a corner on an edge.
        #expect(!clip.containsBox(clip.minX, clip.minY, clip.maxX, clip.maxY))
        let corner = clip.points[0], next = clip.points[1]
        let middle = Self.p((corner.x + next.x) / 2, (corner.y + next.y) / 2)
        #expect(!clip.containsBox(middle.x, middle.y, 50, 40) && !clip.containsBox(50, 40, middle.x, middle.y)
            && !clip.containsBox(min(middle.x, 50), min(middle.y, 40), max(middle.x, 50), max(middle.y, 40)))
        // A point box a thousandth of a point inside the middle of an edge is inside.
        let inward = Self.p(middle.x + (50 - middle.x) * 1e-3 / 30, middle.y + (40 - middle.y) * 1e-3 / 30)
        #expect(clip.containsBox(inward.x, inward.y, inward.x, inward.y))
        #expect(!ConvexPolygon([Self.p(0, 0), Self.p(1, 1), Self.p(2, 2)])!.containsBox(0.5, 0.5, 0.5, 0.5))
    }

    /// A box said to lie outside a turned clip (beyond one of its edges, though it meets
    /// the clip's box, or beyond its box) is cut away whole, whatever lies in it, and so is
    /// a rounded rectangle whose placed box it is; one that reaches the clip, or comes
    /// closer to an edge than a millionth of a point, is not said to lie outside.
    @Test func aBoxOutsideTheClipIsCutAwayWhole() throws {
        let clip = try #require(ConvexPolygon((0..<4).map { k in
            let a = 0.3 + Double(k) * Double.pi / 2
            return Self.p(50 + 30 * cos(a), 40 + 30 * sin(a))
        }))
        var state: UInt64 = 17
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var outside = 0, meetingTheClipsBox = 0
        for _ in 0..<2000 {
            let (x1, y1) = (10 + 80 * unit(), 0 + 80 * unit())
            let (x2, y2) = (x1 + 12 * unit(), y1 + 12 * unit())
            let subject = (0..<(3 + Int(unit() * 8))).map { _ in Self.p(x1 + (x2 - x1) * unit(), y1 + (y2 - y1) * unit()) }
            let corners = [Self.p(x1, y1), Self.p(x2, y1), Self.p(x2, y2), Self.p(x1, y2)]
            if clip.excludesBox(x1, y1, x2, y2) {
                outside += 1
                if clip.boxMeets(x1, y1, x2, y2) { meetingTheClipsBox += 1 }
                #expect(clip.clip(subject).isEmpty, "\(subject)")
                #expect(clip.clip(corners).isEmpty)
            } else {
                // Not outside: the box reaches the clip, or comes within a millionth of it.
                let grown = [Self.p(x1 - 1e-5, y1 - 1e-5), Self.p(x2 + 1e-5, y1 - 1e-5), Self.p(x2 + 1e-5, y2 + 1e-5),
                             Self.p(x1 - 1e-5, y2 + 1e-5)]
                #expect(!clip.clip(grown).isEmpty, "\(x1) \(y1) \(x2) \(y2)")
            }
            // A rounded rectangle turned a little, placed in the box's middle.
            let t = Transform2D(a: cos(0.2), b: sin(0.2), c: -sin(0.2), d: cos(0.2), tx: (x1 + x2) / 2, ty: (y1 + y2) / 2)
            let shape = Shape.roundedRect(Rect(x: -3, y: -2, width: 6, height: 4), radius: 1.5, placement: t)
            let box = try #require(shape.placedBox)
            if clip.excludesBox(box.minX, box.minY, box.maxX, box.maxY) {
                #expect(clip.clip(shape.outline(tolerance: 0.01)).isEmpty)
            }
        }
        #expect(outside > 200 && meetingTheClipsBox > 50, "\(outside) boxes outside, \(meetingTheClipsBox) meeting the clip's box")
        // A box touching an edge from outside, or a millionth of a point from it, is not outside.
        let corner = clip.points[0], next = clip.points[1]
        let middle = Self.p((corner.x + next.x) / 2, (corner.y + next.y) / 2)
        let away = Self.p(middle.x + (middle.x - 50) * 1e-7 / 30, middle.y + (middle.y - 40) * 1e-7 / 30)
        #expect(!clip.excludesBox(middle.x, middle.y, middle.x, middle.y))
        #expect(!clip.excludesBox(away.x, away.y, away.x, away.y))
        let far = Self.p(middle.x + (middle.x - 50) * 1e-3 / 30, middle.y + (middle.y - 40) * 1e-3 / 30)
        #expect(clip.excludesBox(far.x, far.y, far.x, far.y))
        #expect(Shape.polygon([Self.p(0, 0), Self.p(1, 0), Self.p(0, 1)]).placedBox == nil)
    }

    /// How many pieces a curve is cut into, counted as it was with `hypot`: the same on
    /// random curves, and on curves whose count lies exactly on a whole number (a bend of
    /// 5 from a 3-4-5 triangle) or a rounding away from one.
    @Test func aCurveIsCutIntoAsManyPiecesAsHypotCounts() {
        func expectedSteps(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ tolerance: Double) -> Int {
            let d1 = hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
            let d2 = hypot(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y)
            let bend = max(d1, d2)
            return tolerance > 0 && bend > 0 ? min(100, max(1, Int(sqrt(0.75 * bend / tolerance).rounded(.up)))) : 1
        }
        var state: UInt64 = 9
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var cases: [(Point, Point, Point, Point, Double)] = (0..<2000).map { _ in
            let scale = [0.01, 1, 40, 900][Int(unit() * 4)]
            return (Self.p(unit() * scale, unit() * scale), Self.p(unit() * scale, unit() * scale),
                    Self.p(unit() * scale, unit() * scale), Self.p(unit() * scale, unit() * scale), [0.1, 0.01, 0.37][Int(unit() * 3)])
        }
        // p0 − 2 p1 + p2 = (3, 4): a bend of 5; 0.75 × 5 / tolerance = k² for k = 1...12.
        for k in 1...12 {
            let exact = 3.75 / Double(k * k)
            for tolerance in [exact, exact.nextUp, exact.nextDown] {
                cases.append((Self.p(0, 0), Self.p(0, 0), Self.p(3, 4), Self.p(6, 8), tolerance))
            }
        }
        cases.append((Self.p(1e-200, 0), Self.p(0, 0), Self.p(0, 0), Self.p(0, 0), 0.1))
        cases.append((Self.p(0, 0), Self.p(1, 1), Self.p(2, 2), Self.p(3, 3), 0.1))
        for (p0, p1, p2, p3, tolerance) in cases {
            var points: [Point] = []
            CurveFlattening.appendCubic(p0, p1, p2, p3, tolerance: tolerance, into: &points)
            #expect(points.count == expectedSteps(p0, p1, p2, p3, tolerance), "\(p0) \(p1) \(p2) \(p3) at \(tolerance)")
        }
    }
}
