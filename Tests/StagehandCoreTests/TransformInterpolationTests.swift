import Foundation
import Testing
import StagehandCore
import StagehandTestSupport

/// Foundation has an Transform2D too; these tests mean Stagehand's.

private extension SplitMix64 {
    /// A product of 1–5 random translations, rotations about random axes and scales
    /// (some mirrored), optionally with perspective.
    mutating func transform(perspective: Bool) -> Transform3D {
        var t = Transform3D.identity
        for _ in 0..<(1 + Int(unit() * 5)) {
            switch Int(unit() * 3) {
            case 0: t = t.translatedBy(x: next(-200...200), y: next(-200...200), z: next(-100...100))
            case 1: t = t.rotated(by: next(-.pi...(.pi)), x: next(-1...1), y: next(-1...1), z: next(-1...1))
            default:
                let sign: Double = unit() < 0.2 ? -1 : 1
                t = t.scaledBy(x: sign * next(0.2...3), y: next(0.2...3), z: next(0.2...3))
            }
        }
        if perspective { t.m34 = -1 / next(200...2000) }
        return t
    }
}

private func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
    zip(a.values, b.values).allSatisfy { abs($0 - $1) <= tolerance * Swift.max(1, abs($0), abs($1)) }
}

private func close(_ a: Transform2D, _ b: Transform2D, _ tolerance: Double = 1e-9) -> Bool {
    close(Transform3D(a), Transform3D(b), tolerance)
}

/// Whether two transforms put points of the layer plane (z = 0) at the same place.
private func samePicture(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-6) -> Bool {
    [(0.0, 0.0), (100, 0), (0, 100), (-50, 80), (30, -70)].allSatisfy { x, y in
        let p = a.project(x: x, y: y), q = b.project(x: x, y: y)
        return abs(p.point.x - q.point.x) <= tolerance * Swift.max(1, abs(p.point.x))
            && abs(p.point.y - q.point.y) <= tolerance * Swift.max(1, abs(p.point.y))
    }
}

private func rotateY(_ angle: Double) -> Transform3D { Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0) }
private let perspective = Transform3D(perspectiveDistance: 500)
private let degree = Double.pi / 180

@Suite("Transform interpolation")
struct TransformInterpolationTests {
    @Test func decompositionRecomposesRandomProducts() {
        var random = SplitMix64(state: 11)
        for i in 0..<500 {
            let m = random.transform(perspective: i % 2 == 1)
            guard let d = m.decomposed() else { Issue.record("\(m) did not decompose"); continue }
            #expect(close(Transform3D(d), m), "\(m)")
        }
    }

    @Test func decompositionReadsTheParts() throws {
        // Built as scale · rotation · translation (each call prepends its factor).
        let m = Transform3D(translationX: 5, y: 6, z: 7).rotated(by: 0.7, x: 0, y: 0, z: 1).scaledBy(x: 2, y: 3, z: 4)
        let d = try #require(m.decomposed())
        #expect(d.translationX == 5 && d.translationY == 6 && d.translationZ == 7)
        #expect(abs(d.scaleX - 2) < 1e-12 && abs(d.scaleY - 3) < 1e-12 && abs(d.scaleZ - 4) < 1e-12)
        #expect(abs(d.quaternionZ - sin(0.35)) < 1e-12 && abs(d.quaternionW - cos(0.35)) < 1e-12)
        #expect(!d.hasPerspective)
        let p = try #require(perspective.rotated(by: 1.1, x: 1, y: 0, z: 0).decomposed())
        #expect(abs(p.perspectiveZ + 1.0 / 500) < 1e-15 && p.perspectiveW == 1)
        #expect(Transform3D(scaleX: 1, y: 0, z: 1).decomposed() == nil)
        var flat = Transform3D.identity
        flat.m44 = 0
        #expect(flat.decomposed() == nil)
    }

    @Test func endpointsReproduceTheInputs() {
        var random = SplitMix64(state: 5)
        for i in 0..<200 {
            let a = random.transform(perspective: i % 3 == 0), b = random.transform(perspective: i % 4 == 0)
            #expect(close(Transform3D.interpolate(from: a, to: b, fraction: 0), a))
            #expect(close(Transform3D.interpolate(from: a, to: b, fraction: 1), b))
            // Just inside the ends too, through the parts rather than the shortcut: the
            // layer's plane looks the same (the matrix may differ by an invisible
            // perspective, see perspectiveOnOneSideIsKeptThroughout).
            #expect(samePicture(Transform3D.interpolate(from: a, to: b, fraction: 1e-12), a))
            #expect(samePicture(Transform3D.interpolate(from: a, to: b, fraction: 1 - 1e-12), b))
        }
    }

    @Test(arguments: [0.3, 1.2, 2.5, -2])
    func rotationAboutYTurnsRigidly(_ theta: Double) {
        for f in [0.25, 0.5, 0.8, 1.3, -0.2] {
            let plain = Transform3D.interpolate(from: .identity, to: rotateY(theta), fraction: f)
            #expect(close(plain, rotateY(f * theta)), "θ = \(theta), f = \(f)")
            // With the same perspective on both sides it survives, and the turn with it.
            let deep = Transform3D.interpolate(from: perspective, to: perspective.rotated(by: theta, x: 0, y: 1, z: 0),
                                               fraction: f)
            #expect(close(deep, perspective.rotated(by: f * theta, x: 0, y: 1, z: 0)), "θ = \(theta), f = \(f)")
        }
    }

    @Test func perspectiveOnOneSideIsKeptThroughout() {
        let flip = perspective.rotated(by: -90 * degree, x: 0, y: 1, z: 0)
        let half = Transform3D.interpolate(from: .identity, to: flip, fraction: 0.5)
        #expect(close(half, perspective.rotated(by: -45 * degree, x: 0, y: 1, z: 0)))
        #expect(half.decomposed().map { abs($0.perspectiveZ + 1.0 / 500) < 1e-15 } == true)
        let back = Transform3D.interpolate(from: flip, to: .identity, fraction: 0.5)
        #expect(close(back, half))
        // An end that has depth but no perspective keeps none: the rows are lerped
        // (a 30° turn seen flat would otherwise jump into perspective at the start).
        let tilted = rotateY(30 * degree)
        let early = Transform3D.interpolate(from: tilted, to: flip, fraction: 1e-9)
        #expect(samePicture(early, tilted))
        let mid = Transform3D.interpolate(from: tilted, to: flip, fraction: 0.5)
        #expect(mid.decomposed().map { abs($0.perspectiveZ + 1.0 / 1000) < 1e-12 } == true)
    }

    @Test func translationInterpolatesLinearly() {
        let t = Transform3D.interpolate(from: .identity, to: Transform3D(translationX: 100, y: 0, z: 0), fraction: 0.3)
        #expect(close(t, Transform3D(translationX: 30, y: 0, z: 0)))
        #expect(t.isAffine)
        let deep = Transform3D.interpolate(from: .identity, to: Transform3D(translationX: 100, y: -40, z: 50), fraction: 0.3)
        #expect(close(deep, Transform3D(translationX: 30, y: -12, z: 15)))
    }

    @Test func scaleInterpolatesLinearly() {
        let flat = Transform3D.interpolate(from: .identity, to: Transform3D(scaleX: 0.5, y: 0.5, z: 1), fraction: 0.5)
        #expect(close(flat, Transform3D(scaleX: 0.75, y: 0.75, z: 1)))
        let deep = Transform3D.interpolate(from: .identity, to: Transform3D(scaleX: 0.5, y: 0.5, z: 0.5), fraction: 0.5)
        #expect(close(deep, Transform3D(scaleX: 0.75, y: 0.75, z: 0.75)))
        let overshoot = Transform2D.interpolate(from: .identity, to: Transform2D(scaleX: 0.5, y: 0.5), fraction: 1.2)
        #expect(close(overshoot, Transform2D(scaleX: 0.4, y: 0.4)))
    }

    /// A transform records an orientation, not the turns that produced it, so Core
    /// Animation (like CSS for matrices) always turns the shorter way: +170° turns
    /// forward, +190° turns −170°, and −170° → +170° crosses 180°, not 0°.
    @Test func twoDimensionalRotationTakesTheShortWay() {
        func rot(_ deg: Double) -> Transform2D { Transform2D(rotationAngle: deg * degree) }
        #expect(close(Transform2D.interpolate(from: .identity, to: rot(170), fraction: 0.5), rot(85)))
        #expect(close(Transform2D.interpolate(from: .identity, to: rot(190), fraction: 0.5), rot(-85)))
        #expect(close(Transform2D.interpolate(from: rot(-170), to: rot(170), fraction: 0.5), rot(180)))
        #expect(close(Transform2D.interpolate(from: rot(-170), to: rot(170), fraction: 0.25), rot(-175)))
        // The same through Transform3D, which stays affine.
        let t = Transform3D.interpolate(from: .identity, to: Transform3D(rot(170)), fraction: 0.5)
        #expect(t.isAffine && close(t, Transform3D(rot(85))))
        // A turn keeps its size at the middle (a matrix lerp would shrink it to 0.7).
        let mid = Transform2D.interpolate(from: .identity, to: rot(90), fraction: 0.5)
        #expect(abs(mid.a * mid.d - mid.b * mid.c - 1) < 1e-12)
    }

    @Test func twoDimensionalPathMatchesTheQuaternionPathForSimilarities() {
        var random = SplitMix64(state: 21)
        for _ in 0..<200 {
            func similarity() -> Transform2D {
                let s = random.next(0.3...2)
                return Transform2D(rotationAngle: random.next(-3...3)).scaledBy(x: s, y: s)
                    .translatedBy(x: random.next(-50...50), y: random.next(-50...50))
            }
            let a = similarity(), b = similarity(), f = random.next(-0.2...1.2)
            let flat = Transform3D.interpolate(from: Transform3D(a), to: Transform3D(b), fraction: f)
            #expect(flat.isAffine)
            guard let da = Transform3D(a).decomposed(), let db = Transform3D(b).decomposed() else {
                Issue.record("similarity did not decompose"); continue
            }
            let deep = Transform3D(Transform3D.Decomposition.interpolate(from: da, to: db, fraction: f))
            #expect(close(deep, flat, 1e-9))
        }
    }

    @Test func mirrorsAnimateAsASqueeze() {
        let flip = Transform2D(scaleX: -1, y: 1)
        let half = Transform2D.interpolate(from: .identity, to: flip, fraction: 0.25)
        #expect(close(half, Transform2D(scaleX: 0.5, y: 1)))
        let other = Transform2D.interpolate(from: flip, to: Transform2D(scaleX: 1, y: -1), fraction: 0.5)
        #expect(abs(abs(other.a * other.d - other.b * other.c) - 1) < 1e-12)   // a half turn, no collapse
    }

    @Test func singularTransformsFallBackToEntryWiseLerp() {
        let zero = Transform2D(scaleX: 0, y: 0)
        #expect(close(Transform2D.interpolate(from: zero, to: .identity, fraction: 0.5), Transform2D(scaleX: 0.5, y: 0.5)))
        let squashed = Transform3D(scaleX: 1, y: 1, z: 0).rotated(by: 0.5, x: 1, y: 0, z: 0)
        let mid = Transform3D.interpolate(from: squashed, to: .identity, fraction: 0.5)
        #expect(zip(mid.values, squashed.values).allSatisfy { pair in pair.0.isFinite })
        #expect(abs(mid.m22 - (squashed.m22 + 1) / 2) < 1e-12)
    }

    @Test func valuesInterpolateAndExtrapolate() {
        #expect(Double.interpolate(from: 2, to: 4, fraction: 0.25) == 2.5)
        #expect(Double.interpolate(from: 2, to: 4, fraction: 1.5) == 5)
        #expect(Double.interpolate(from: 0.1, to: 0.7, fraction: 1) == 0.7)
        #expect(Point.interpolate(from: .zero, to: Point(x: 10, y: -20), fraction: 0.5) == Point(x: 5, y: -10))
        #expect(Size.interpolate(from: .zero, to: Size(width: 100, height: 50), fraction: -0.1) == Size(width: -10, height: -5))
        let r = Rect.interpolate(from: Rect(x: 0, y: 0, width: 100, height: 100),
                                 to: Rect(x: 100, y: 50, width: 200, height: 0), fraction: 0.5)
        #expect(r == Rect(x: 50, y: 25, width: 150, height: 50))
        let c = Color.interpolate(from: Color(red: 1, green: 0, blue: 0, alpha: 0),
                                  to: Color(red: 0, green: 0, blue: 1, alpha: 1), fraction: 0.5)
        #expect(c == Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.5))
    }
}
