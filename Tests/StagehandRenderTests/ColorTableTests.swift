@testable import StagehandRender
import Testing

/// A table's values looked up a batch at a time are those looked up one by one: colours
/// present and absent, in batches of any length, in a table whose slots are half full (so
/// that look-ups go on past their first slot).
@Suite struct ColorTableTests {
    @Test func batchedLookUpsFindWhatSingleOnesFind() {
        var table = ColorTable<UInt32>()
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33) & 0xFF_FFFF
        }
        for k in 0..<3_000 { table.set(UInt32(k), for: next()) }
        // Colours in the table and, between them, colours most likely not.
        state = 0x2545_F491_4F6C_DD1D
        let present = (0..<3_000).map { _ in next() }
        let colors = present.indices.flatMap { k in [present[k], UInt32(k) * 0x0101 & 0xFF_FFFF] }
        for count in [0, 1, 63, 64, 65, 1_000, colors.count] {
            var values = [UInt32](repeating: 7, count: count)
            table.values(of: colors, count: count, missing: .max, into: &values)
            #expect(values == colors.prefix(count).map { table[$0] ?? .max }, "\(count) colours")
        }
        #expect(colors.contains { table[$0] == nil } && colors.contains { table[$0] != nil })
    }
}
