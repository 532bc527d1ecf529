/// SplitMix64: a seeded generator, so random cases are the same on every run and a
/// failure names a case that replays. explode.c draws its tiles' paths with the same
/// generator, so the tests' reference for explode uses this one too.
package struct SplitMix64 {
    package var state: UInt64

    package init(state: UInt64) {
        self.state = state
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in [0, 1) from the top 53 bits.
    package mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A number in [min, max).
    package mutating func uniform(_ min: Double, _ max: Double) -> Double {
        min + unit() * (max - min)
    }

    /// A number in `range`.
    package mutating func next(_ range: ClosedRange<Double>) -> Double {
        uniform(range.lowerBound, range.upperBound)
    }

    /// A whole number in `range` (by remainder: fine for tests).
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
