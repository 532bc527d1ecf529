import Testing
import StagehandCore

/// `Transform3D.isIdentity`, which compares its entries in place, answers as comparing
/// with the stored identity (its definition before) does: a −0 is still the identity, a
/// NaN or an infinity anywhere is not.
@Suite struct Transform3DIdentityTests {
    @Test func theInPlaceTestAnswersAsTheComparisonWithTheIdentity() {
        let special: [Double] = [0, -0.0, 1, -1, 2, .nan, -.nan, .infinity, -.infinity,
                                 .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1.0.nextUp, 1.0.nextDown]
        var cases: [Transform3D] = [.identity, Transform3D(perspectiveDistance: 500), Transform3D(scaleX: 1, y: 1, z: 0)]
        for i in 0..<16 {
            for x in special {
                var values = Transform3D.identity.values
                values[i] = x
                cases.append(Transform3D(values))
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            // Mostly the identity, with a few entries changed: the rare random matrix is
            // near enough to it to take more than the first comparison.
            var values = Transform3D.identity.values
            for i in 0..<16 where Int.random(in: 0..<6, using: &generator) == 0 {
                values[i] = Bool.random(using: &generator) ? special.randomElement(using: &generator)!
                                                           : Double.random(in: -2...2, using: &generator)
            }
            cases.append(Transform3D(values))
        }
        for m in cases {
            #expect(m.isIdentity == (m == Transform3D.identity), "\(m)")
        }
        #expect(cases.contains { $0.isIdentity && $0.values.contains { $0 == 0 && $0.sign == .minus } },
                "a negative zero is still the identity")
        #expect(cases.filter(\.isIdentity).count > 16 && cases.filter { !$0.isIdentity }.count > 100)
    }
}
