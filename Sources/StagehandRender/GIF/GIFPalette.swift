import CKernels
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
    /// sixteen candidates at a time (`stagehand_gif_nearest`, with AVX2 or AVX-512 where
    /// the processor has them), and the colours shared among the cores, as nothing else
    /// runs while the palette is made. `level`: the instruction set to use, at most
    /// `stagehand_kernel_level()`.
    static func nearest(_ colors: [UInt32], in chosen: [UInt32], level: Int32 = stagehand_kernel_level()) -> [UInt8] {
        guard !colors.isEmpty else { return [] }
        // The candidates' channels in blocks of sixteen (see the kernel).
        var channels = [Float](repeating: 0, count: 3 * 16 * ((chosen.count + 15) / 16))
        stagehand_gif_prepare_palette(chosen, chosen.count, &channels)
        let prepared = channels
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, colors.count / 256))
        let found = Locked([[UInt8]](repeating: [], count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (colors.count * part / parts)..<(colors.count * (part + 1) / parts)
            let entries = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
                colors.withUnsafeBufferPointer { colors in
                    stagehand_gif_nearest(level, colors.baseAddress! + range.lowerBound, range.count, prepared,
                                          chosen.count, buffer.baseAddress!)
                }
                count = range.count
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
