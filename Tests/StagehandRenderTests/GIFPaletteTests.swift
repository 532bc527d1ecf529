@testable import StagehandRender
import Testing

/// The palette of a GIF with more colours than it holds: every colour not in it maps to
/// its nearest entry (the first of equals), as a plain search over the entries finds it.
@Suite struct GIFPaletteTests {
    @Test(arguments: [300, 5_000])
    func everyColourMapsToItsNearestEntry(colors: Int) throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var histogram = ColorTable<Int>()
        for k in 0..<colors {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Colours along a few ramps (as anti-aliased edges make) and scattered ones,
            // so that many lie at equal distances from two entries.
            let color = k % 3 == 0 ? UInt32(k % 256) * 0x01_0101 : UInt32(truncatingIfNeeded: state >> 40) & 0xFF_FFFF
            histogram.add(1 + Int(state >> 60), to: color)
        }
        let counted = histogram.entries
        let palette = GIFPalette(colors: counted.map(\.color), counts: counted.map(\.value))
        try #require(palette.colors.count == GIFPalette.capacity)
        var wrong = 0
        for (k, (color, _)) in counted.enumerated() {
            var best = 0
            for (i, entry) in palette.colors.enumerated()
            where GIFPalette.distance(entry, color) < GIFPalette.distance(palette.colors[best], color) {
                best = i
            }
            if palette.entries[k] != UInt8(best) { wrong += 1 }
        }
        #expect(wrong == 0, "\(wrong) of \(histogram.count) colours map to another entry than their nearest")
    }
}
