import Dispatch
import Foundation
import StagehandShared

/// One palette for the whole GIF, without dithering.
///
/// The usual recipe (gd's quantiser on the first frame, every later frame remapped onto
/// it) loses colours that appear later — the page a pop reveals is not in frame 0. Here
/// the palette comes from every frame's colours, most frequent first, skipping colours
/// within a hair of one already taken so that flat fills, titles and the blends along
/// edges all find an entry; any other colour maps to its nearest entry. Flat fills are
/// therefore exact, and only anti-aliased edges are approximated. One index (the last) is
/// left for the transparent colour, which lets a frame store only what changed since
/// the one before.
struct GIFPalette: Sendable {
    /// 0x00RRGGBB, at most `capacity`.
    let colors: [UInt32]
    /// For each colour the palette was made from, in the order given: its palette index.
    let entries: [UInt8]

    static let capacity = 255

    /// From every colour of the frames (each once, in any order) and how many pixels of
    /// it they have.
    init(colors all: [UInt32], counts: [Int]) {
        precondition(all.count == counts.count, "one count per colour")
        var chosen: [Int] = []
        var skipped: [Int] = []
        var taken: [UInt32] = []
        for k in ColorsByCount(colors: all, counts: counts) {
            if chosen.count == Self.capacity { break }
            if taken.contains(where: { Self.distance($0, all[k]) <= 12 }) {
                skipped.append(k)
            } else {
                chosen.append(k)
                taken.append(all[k])
            }
        }
        for k in skipped where chosen.count < Self.capacity { chosen.append(k) }
        colors = chosen.map { all[$0] }
        // Every colour not chosen maps to its nearest entry; a chosen one to itself.
        var entries = [UInt8](repeating: 0, count: all.count)
        var isChosen = [Bool](repeating: false, count: all.count)
        for (i, k) in chosen.enumerated() {
            entries[k] = UInt8(i)
            isChosen[k] = true
        }
        let others = all.indices.filter { !isChosen[$0] }
        for (k, entry) in zip(others, Self.nearest(others.map { all[$0] }, in: colors)) { entries[k] = entry }
        self.entries = entries
    }

    /// For each of `colors`, the index of the nearest of `chosen` (the first of equals,
    /// by `distance`). A GIF of thousands of anti-aliased colours looks each up among 255:
    /// sixteen candidates at a time, and the colours shared among the cores, as nothing
    /// else runs while the palette is made. The distances are whole numbers below 2²⁰,
    /// which `Float` holds exactly, and floating-point products are single instructions
    /// where 32-bit integer ones, for the processors the package is built for, are not.
    private static func nearest(_ colors: [UInt32], in chosen: [UInt32]) -> [UInt8] {
        // The candidates' channels in blocks of sixteen; the last block filled with a
        // colour farther from every colour than any real one.
        let blocks = (chosen.count + 15) / 16
        var reds = [SIMD16<Float>](repeating: SIMD16(repeating: 2000), count: blocks)
        var greens = reds, blues = reds
        for (k, color) in chosen.enumerated() {
            reds[k / 16][k % 16] = Float((color >> 16) & 0xFF)
            greens[k / 16][k % 16] = Float((color >> 8) & 0xFF)
            blues[k / 16][k % 16] = Float(color & 0xFF)
        }
        let (r, g, b) = (reds, greens, blues)
        let lane = SIMD16<Int32>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, colors.count / 256))
        let found = Locked([[UInt8]](repeating: [], count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let (reds, greens, blues) = (r, g, b)
            var entries: [UInt8] = []
            for color in colors[(colors.count * part / parts)..<(colors.count * (part + 1) / parts)] {
                let r = SIMD16<Float>(repeating: Float((color >> 16) & 0xFF))
                let g = SIMD16<Float>(repeating: Float((color >> 8) & 0xFF))
                let b = SIMD16<Float>(repeating: Float(color & 0xFF))
                // Per lane, the least distance and the first block giving it: the lanes
                // are reduced to one entry once, after the last block, not once a block.
                var least = SIMD16<Float>(repeating: .infinity), firstBlock = SIMD16<Int32>(repeating: 0)
                for block in 0..<blocks {
                    let dr = reds[block] - r, dg = greens[block] - g, db = blues[block] - b
                    let d = 2 * dr * dr + 4 * dg * dg + 3 * db * db
                    let nearer = d .< least
                    least.replace(with: d, where: nearer)
                    firstBlock.replace(with: Int32(block), where: nearer)
                }
                // The first entry at the least distance: the least index among the lanes
                // that reach it, each lane's first block being its least index.
                let indices = 16 &* firstBlock &+ lane
                entries.append(UInt8(indices.replacing(with: .max, where: least .!= least.min()).min()))
            }
            found.withLock { $0[part] = entries }
        }
        return found.withLock { $0 }.flatMap { $0 }
    }

    /// Squared distance in RGB, weighted toward green as the eye is.
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int((a >> 16) & 0xFF) - Int((b >> 16) & 0xFF)
        let dg = Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)
        let db = Int(a & 0xFF) - Int(b & 0xFF)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }

    /// A colour not in the palette, for the transparent index (it must differ from every
    /// real colour, or a decoder matching colours would take that colour for unchanged).
    var unusedColor: UInt32 {
        let used = Set(colors)
        var candidate: UInt32 = 0xFF00FF
        while used.contains(candidate) { candidate &+= 1 }
        return candidate & 0xFF_FFFF
    }
}
