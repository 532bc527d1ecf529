import CKernels
@testable import StagehandRender
import Testing

/// The GIF's vector kernels give, at every instruction set this processor has, what the
/// plain definitions give: a row's stretches of one colour (alpha aside), and each
/// colour's nearest palette entry, the first of equals.
@Suite struct GIFKernelsTests {
    /// The instruction sets to check: plain C, and each wider one this processor has.
    static var levels: [Int32] { Array(0...stagehand_kernel_level()) }

    /// A small generator, so that failures repeat.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
    }

    /// Stretches found one pixel at a time.
    static func stretches(of row: [UInt32]) -> [(color: UInt32, length: Int)] {
        var found: [(color: UInt32, length: Int)] = []
        for pixel in row {
            let color = pixel & 0xFF_FFFF
            if let last = found.last, last.color == color {
                found[found.count - 1].length += 1
            } else {
                found.append((color, 1))
            }
        }
        return found
    }

    @Test(arguments: levels)
    func rowStretchesAreThePixelsRuns(level: Int32) {
        var random = Random(state: 0x9E37_79B9_7F4A_7C15)
        // Widths about the kernels' blocks (4, 8, 16 and 64 pixels) and a screen's; rows
        // of long runs, of single pixels, and of runs that differ only in alpha.
        for width in [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 63, 64, 65, 66, 127, 128, 129, 200, 390] {
            for kind in 0..<4 {
                var row: [UInt32] = []
                var pixel = UInt32(truncatingIfNeeded: random.next())
                for _ in 0..<width {
                    let roll = random.next() % 16
                    switch kind {
                    case 0: if roll == 0 { pixel = UInt32(truncatingIfNeeded: random.next()) }
                    case 1: pixel = UInt32(truncatingIfNeeded: random.next()) & 0x0101_0101
                    case 2: if roll < 6 { pixel ^= UInt32(roll) << 24 } else if roll < 8 { pixel ^= 1 << (roll * 2) }
                    default: pixel = roll < 8 ? pixel : UInt32(truncatingIfNeeded: random.next())
                    }
                    row.append(pixel)
                }
                var colors = [UInt32](repeating: 0, count: width)
                var lengths = [Int](repeating: 0, count: width)
                let count = stagehand_gif_row_stretches(level, row, width, &colors, &lengths)
                let expected = Self.stretches(of: row)
                #expect(count == expected.count, "width \(width), rows of kind \(kind)")
                #expect(Array(colors.prefix(count)) == expected.map(\.color), "width \(width), rows of kind \(kind)")
                #expect(Array(lengths.prefix(count)) == expected.map(\.length), "width \(width), rows of kind \(kind)")
            }
        }
    }

    @Test(arguments: levels)
    func nearestIsTheFirstEntryAtTheLeastDistance(level: Int32) {
        var random = Random(state: 0x2545_F491_4F6C_DD1D)
        // Full and partial blocks of candidates; colours drawn from few values, so that
        // many lie at equal distances from several candidates.
        for count in [1, 2, 15, 16, 17, 100, 255] {
            let mask: UInt32 = count % 2 == 0 ? 0x0303_03 : 0xFF_FFFF
            let chosen = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) & mask }
            let colors = (0..<1_000).map { _ in UInt32(truncatingIfNeeded: random.next()) & mask }
            let expected = colors.map { color in
                UInt8(chosen.indices.min { a, b in
                    let (da, db) = (GIFPalette.distance(chosen[a], color), GIFPalette.distance(chosen[b], color))
                    return da != db ? da < db : a < b
                }!)
            }
            #expect(GIFPalette.nearest(colors, in: chosen, level: level) == expected, "\(count) candidates")
        }
    }

    @Test(arguments: levels)
    func indicesAreTheRunsWrittenOut(level: Int32) {
        var random = Random(state: 0x5851_F42D_4C95_7F2D)
        let entries = (0..<1_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        // Runs of every length about the stores' widths (16 to 64 bytes) and the packed
        // length's escape (255), in frames of a few runs and of many.
        for runs in [1, 2, 3, 10, 500] {
            var words: [UInt32] = []
            var expected: [UInt8] = []
            for _ in 0..<runs {
                let roll = random.next() % 8
                let length = roll < 5 ? 1 + Int(random.next() % 70) : roll < 7 ? 250 + Int(random.next() % 10) : 1 + Int(random.next() % 2_000)
                let number = UInt32(random.next() % UInt64(entries.count))
                if length < 255 {
                    words.append(UInt32(length) << 24 | number)
                } else {
                    words += [255 << 24 | number, UInt32(length)]
                }
                expected += repeatElement(entries[Int(number)], count: length)
            }
            // The padding, and after it bytes the kernel must not touch.
            let padding = RunLengthImage.indexPadding
            var pixels = [UInt8](repeating: 0xA5, count: expected.count + padding + 64)
            stagehand_gif_write_indices(level, words, words.count, entries, &pixels)
            #expect(Array(pixels.prefix(expected.count)) == expected, "\(runs) runs")
            #expect(pixels.suffix(64).allSatisfy { $0 == 0xA5 }, "\(runs) runs: nothing written past the padding")
        }
    }

    @Test(arguments: levels)
    func aCutRowIsTransparentWhereNothingChanged(level: Int32) {
        var random = Random(state: 0xDA94_2042_E4DD_58B5)
        for count in [0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 200, 390] {
            let before = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next() % 4) }
            let current = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next() % 4) }
            var out = [UInt8](repeating: 0xA5, count: count + 64)
            stagehand_gif_cut_row(level, current, before, count, 255, &out)
            let expected = (0..<count).map { current[$0] == before[$0] ? 255 : current[$0] }
            #expect(Array(out.prefix(count)) == expected, "\(count) pixels")
            #expect(out.suffix(64).allSatisfy { $0 == 0xA5 }, "\(count) pixels: nothing written past the row")
        }
    }
}
