@testable import StagehandRender
import Testing

/// Each painting worker numbers and counts the colours of the frames it paints in a
/// registry of its own; merged, the registries give the palette, and every frame's runs
/// the entries, that one registry counting every frame would, whichever worker painted
/// which frame.
@Suite struct ColorRegistryTests {
    /// Frames of runs (colour, length): colours along ramps shared by many frames (as
    /// anti-aliased edges that move make) and colours of one frame only: thousands, so
    /// that colours meet in the registry's cache of recent colours and leave it.
    static let frames: [[(color: UInt32, length: Int)]] = {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        return (0..<24).map { f in
            (0..<1_000).map { k in
                let shared = UInt32((k * 7 + f * 13) % 5_000) * 0x0103
                let own = UInt32(truncatingIfNeeded: next()) & 0xFF_FFFF
                return (k % 3 == 0 ? own : shared & 0xFF_FFFF, 1 + Int(next() % 40))
            }
        }
    }()

    /// The frames numbered by `workers` registries, frame f by worker `assign(f)`: the
    /// merged registry, and per frame its runs' palette entries.
    static func paint(workers: Int, assign: (Int) -> Int) -> (colors: [UInt32: Int], palette: GIFPalette, entries: [[UInt8]]) {
        var registries = [ColorRegistry](repeating: ColorRegistry(), count: workers)
        var numbered: [(worker: Int, numbers: [UInt32])] = []
        for (f, frame) in frames.enumerated() {
            let w = assign(f)
            numbered.append((w, frame.map { run in
                let number = registries[w].number(of: run.color)
                registries[w].count(run.length, ofNumber: number)
                return number
            }))
        }
        let (merged, numbers) = ColorRegistry.merged(registries)
        var colors: [UInt32: Int] = [:]
        for (k, color) in merged.colors.enumerated() {
            #expect(colors[color] == nil, "colour \(color) registered twice")
            colors[color] = merged.counts[k]
        }
        let palette = GIFPalette(colors: merged.colors, counts: merged.counts)
        let entries = numbered.map { frame in frame.numbers.map { palette.entries[Int(numbers[frame.worker][Int($0)])] } }
        return (colors, palette, entries)
    }

    @Test func mergedRegistriesGiveOnePalette() {
        // Counted directly, without a registry.
        var expected: [UInt32: Int] = [:]
        for frame in Self.frames { for run in frame { expected[run.color, default: 0] += run.length } }
        let one = Self.paint(workers: 1) { _ in 0 }
        #expect(one.colors == expected)
        let ways: [(workers: Int, assign: (Int) -> Int)] = [
            (2, { $0 % 2 }), (2, { $0 < 15 ? 1 : 0 }), (3, { ($0 * 7) % 3 }), (4, { $0 % 5 == 0 ? 3 : $0 % 2 }),
            // More registries than `merged` looks colours up in one by one.
            (6, { ($0 * 5) % 6 }),
        ]
        for way in ways {
            let painted = Self.paint(workers: way.workers, assign: way.assign)
            #expect(painted.colors == expected)
            #expect(painted.palette.colors == one.palette.colors)
            #expect(painted.entries == one.entries, "\(way.workers) workers: the same entry for every run")
        }
    }

    /// A row's colours numbered together (those `recent` misses looked up in the table
    /// together) get the numbers, in the same order, that numbering them one by one gives:
    /// rows of colours already numbered, new ones, the same new colour twice, and
    /// colours that have left `recent`, some of each row's places numbered beforehand.
    @Test func aRowNumberedTogetherIsNumberedAsOneByOne() {
        var together = ColorRegistry(), oneByOne = ColorRegistry()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var rowsWithSeveralMisses = 0
        for row in 0..<3_000 {
            let count = 1 + Int(next() % 60)
            let colors: [UInt32] = (0..<count).map { _ in
                switch next() % 4 {
                case 0: UInt32(truncatingIfNeeded: next()) & 0xFF_FFFF  // most likely new
                case 1: UInt32(next() % 50_000) * 0x0101 & 0xFF_FFFF  // many colours, leaving `recent`
                default: UInt32(next() % 64) * 0x0103  // a few, met again and again
                }
            }
            var colorsWithRepeat = colors
            if count > 2 && row % 3 == 0 { colorsWithRepeat[count - 1] = colorsWithRepeat[0] }
            // Some places already numbered (by the row before, in the encoder).
            var numbers = [UInt32](repeating: ColorRegistry.unknown, count: count)
            var expected = numbers
            for i in 0..<count where next() % 5 == 0 {
                let n = oneByOne.number(of: colorsWithRepeat[i])
                _ = together.number(of: colorsWithRepeat[i])
                numbers[i] = n
                expected[i] = n
            }
            for i in 0..<count where expected[i] == ColorRegistry.unknown { expected[i] = oneByOne.number(of: colorsWithRepeat[i]) }
            let newBefore = together.colors.count
            together.number(colorsWithRepeat, into: &numbers, count: count)
            #expect(numbers == expected, "row \(row)")
            if together.colors.count - newBefore > 1 { rowsWithSeveralMisses += 1 }
        }
        #expect(together.colors == oneByOne.colors && together.counts == oneByOne.counts)
        #expect(rowsWithSeveralMisses > 100)
    }
}
