@testable import StagehandRender
import Testing

/// The palette's colours taken one at a time from a heap come in the order of a full
/// sort: most pixels first, equal counts by value.
@Suite struct ColorsByCountTests {
    @Test(arguments: [0, 1, 2, 7, 1_000])
    func colorsComeMostFirstThenByValue(count: Int) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(count)
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        // Distinct colours; counts from a small range, so that many are equal.
        var seen = Set<UInt32>()
        var colors: [UInt32] = []
        while colors.count < count {
            let color = UInt32(truncatingIfNeeded: next()) & 0xFF_FFFF
            if seen.insert(color).inserted { colors.append(color) }
        }
        let counts = colors.map { _ in 1 + Int(next() % 12) }
        let expected = colors.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : colors[$0] < colors[$1] }
        #expect(Array(ColorsByCount(colors: colors, counts: counts)) == expected)
    }
}
