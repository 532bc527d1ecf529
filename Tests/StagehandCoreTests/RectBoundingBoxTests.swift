import Testing
@testable import StagehandCore

/// The box of four points, made without an array, has the bits of the box folded from an
/// array as it was before (`min` and `max` in Swift's forms, in the points' order): with
/// NaNs, signed zeros and infinities, whose handling depends on that order. So do the
/// array's fold and `Rect.applying`, which now make it through the same step.
@Suite struct RectBoundingBoxTests {
    /// The fold `Rect(boundingBoxOf:)` made before it shared its step.
    static func reference(_ points: [Point]) -> Rect {
        guard let first = points.first else { return .zero }
        var lo = first, hi = first
        for p in points.dropFirst() {
            lo.x = Swift.min(lo.x, p.x); lo.y = Swift.min(lo.y, p.y)
            hi.x = Swift.max(hi.x, p.x); hi.y = Swift.max(hi.y, p.y)
        }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    static func bits(_ r: Rect) -> [UInt64] {
        [r.origin.x, r.origin.y, r.size.width, r.size.height].map(\.bitPattern)
    }

    static let special: [Double] = [0, -0.0, .nan, -.nan, Double(nan: 7, signaling: false), .infinity, -.infinity,
                                    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 1, -1]

    static func coordinate(_ generator: inout SystemRandomNumberGenerator) -> Double {
        Int.random(in: 0..<3, using: &generator) == 0 ? special.randomElement(using: &generator)!
                                                      : Double.random(in: -1000...1000, using: &generator)
    }

    @Test func fourPointsMakeTheBitsOfTheArraysFold() {
        var generator = SystemRandomNumberGenerator()
        var cases: [[Point]] = []
        // Every special value at every place, the other points ordinary.
        for place in 0..<8 {
            for x in Self.special {
                var numbers = [3.0, -2, 5, 7, -0.0, 0, 1, -4]
                numbers[place] = x
                cases.append(stride(from: 0, to: 8, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) })
            }
        }
        for _ in 0..<5_000 {
            cases.append((0..<4).map { _ in Point(x: Self.coordinate(&generator), y: Self.coordinate(&generator)) })
        }
        var zeroSigned = 0, notANumber = 0
        for p in cases {
            let expected = Self.bits(Self.reference(p))
            #expect(Self.bits(Rect(boundingBoxOf: p[0], p[1], p[2], p[3])) == expected, "\(p)")
            #expect(Self.bits(Rect(boundingBoxOf: p)) == expected, "\(p)")
            let r = Self.reference(p)
            if r.origin.x == 0 && r.origin.x.sign == .minus { zeroSigned += 1 }
            if r.size.width.isNaN { notANumber += 1 }
        }
        // The cases reach the orders that matter.
        #expect(zeroSigned > 0 && notANumber > 0)
        #expect(Self.bits(Rect(boundingBoxOf: [])) == Self.bits(.zero))
    }

    @Test func aMovedRectangleIsTheBoxOfItsMovedCorners() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let rect = Rect(x: Self.coordinate(&generator), y: Self.coordinate(&generator),
                            width: Self.coordinate(&generator), height: Self.coordinate(&generator))
            let t = Transform2D(a: Self.coordinate(&generator), b: Self.coordinate(&generator),
                                c: Self.coordinate(&generator), d: Self.coordinate(&generator),
                                tx: Self.coordinate(&generator), ty: Self.coordinate(&generator))
            #expect(Self.bits(rect.applying(t)) == Self.bits(Self.reference(rect.corners.map { $0.applying(t) })), "\(rect) \(t)")
        }
    }
}
