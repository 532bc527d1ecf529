import Testing
@testable import StagehandCore

/// A transformed view's frame, worked out without arrays, is the bounding box of its
/// projected corners exactly as `Rect(boundingBoxOf:)` gives it: the same bits for
/// rotations, perspective, flips, degenerate and non-finite transforms.
@Suite struct ViewStateFrameTests {
    static func reference(_ s: ViewState) -> Rect {
        let local = Rect(x: -s.anchorPoint.x * s.bounds.width, y: -s.anchorPoint.y * s.bounds.height,
                         width: s.bounds.width, height: s.bounds.height)
        if s.transform3D.isIdentity { return local.offsetBy(dx: s.center.x, dy: s.center.y) }
        return Rect(boundingBoxOf: local.corners.map { p in
            let q = s.transform3D.project(x: p.x, y: p.y).point
            return Point(x: q.x + s.center.x, y: q.y + s.center.y)
        })
    }

    static func bits(_ r: Rect) -> [UInt64] {
        [r.origin.x, r.origin.y, r.size.width, r.size.height].map(\.bitPattern)
    }

    @Test func theFrameIsTheBoxOfTheProjectedCorners() {
        var generator = SystemRandomNumberGenerator()
        var transforms: [Transform3D] = [.identity, Transform3D(scaleX: -1, y: 1, z: 1), Transform3D(scaleX: 0, y: 0, z: 1),
                                         Transform3D(perspectiveDistance: 300).rotated(by: 1.2, x: 0, y: 1, z: 0)]
        var odd = Transform3D.identity
        odd.m11 = .nan
        transforms.append(odd)
        odd = .identity
        odd.m41 = .infinity
        transforms.append(odd)
        odd = .identity
        odd.m12 = -0.0
        transforms.append(odd)
        for _ in 0..<300 {
            let angle = Double.random(in: -4...4, using: &generator)
            var t = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
                .concatenating(Transform3D(scaleX: .random(in: -2...2, using: &generator), y: .random(in: 0...3, using: &generator), z: 1))
            if Bool.random(using: &generator) { t.m34 = -1 / Double.random(in: 100...900, using: &generator) }
            if Bool.random(using: &generator) { t = t.rotated(by: angle / 2, x: 1, y: 0, z: 0) }
            transforms.append(t)
        }
        var checked = 0
        for t in transforms {
            var state = ViewState(frame: Rect(x: .random(in: -50...400, using: &generator), y: .random(in: -50...800, using: &generator),
                                              width: .random(in: 0...300, using: &generator), height: .random(in: 0...300, using: &generator)))
            state.anchorPoint = Point(x: .random(in: 0...1, using: &generator), y: .random(in: 0...1, using: &generator))
            state.transform3D = t
            #expect(Self.bits(state.frame) == Self.bits(Self.reference(state)), "\(t)")
            checked += 1
        }
        #expect(checked == transforms.count && checked > 300)
    }
}
