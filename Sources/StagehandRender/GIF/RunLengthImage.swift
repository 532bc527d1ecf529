import CKernels
import Foundation

/// A frame's pixels as runs of one colour, in reading order, each run carrying its
/// colour's number in a `ColorRegistry`: what is kept of each frame between painting and
/// encoding. The pictures are mostly flat cards, so a frame of 390 × 844 pixels is a few
/// thousand runs instead of 1.3 MB; choosing the palette and mapping pixels to it then
/// costs one look-up per colour instead of one per pixel.
///
/// A GIF keeps every painted frame until the palette (made from all of them) is known,
/// so the runs are packed: one 32-bit word per run, the number in the low 24 bits and
/// the length in the high 8 (a frame of many small tiles has tens of thousands of runs,
/// nearly all shorter than 255 pixels); a longer run has 255 there and its length in
/// the next word. The words are stored at their exact count.
struct RunLengthImage: Sendable {
    /// The packed runs (see above).
    private var words: [UInt32] = []
    /// The painting worker whose registry numbered the colours.
    let worker: Int

    /// The longest length the high byte holds; `escape` in it: the length follows.
    private static let escape: UInt32 = 255

    /// The runs of `canvas`, its colours numbered (and their pixels counted) in
    /// `registry`, worker `worker`'s.
    ///
    /// The pixels are read once, numbered as they are read: a row equal to the one above
    /// (most rows of a picture of flat cards) reuses its stretches of one colour and
    /// their numbers without being scanned, and a stretch of the colour of the stretch
    /// at the same place in the row scanned before reuses that one's number, so the
    /// registry's table (large, and missing the caches) is asked only about the colours
    /// that change from row to row.
    init(_ canvas: Canvas, worker: Int, registry: inout ColorRegistry, level: Int32 = stagehand_kernel_level()) {
        var runs: [UInt32] = []
        self.init(canvas, worker: worker, registry: &registry, runs: &runs, level: level)
    }

    /// The runs of `canvas` (see above), packed in `runs` before they are stored at
    /// their exact count; `runs` is left holding its storage for the next frame. A
    /// painting worker keeps one for all its frames: packed in a new array each time,
    /// the runs of a frame grew it by doubling, each larger array fresh pages that the
    /// system cleared and the copy faulted in, frame after frame.
    init(_ canvas: Canvas, worker: Int, registry: inout ColorRegistry, runs: inout [UInt32],
         level: Int32 = stagehand_kernel_level()) {
        self.worker = worker
        let width = canvas.width, height = canvas.height
        words = canvas.withPixels { pixels, stride in
            var packer = Packer(reusing: &runs)
            // The row's stretches of one colour, in order, and those of the row scanned
            // before it.
            var colors = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
            var numbers = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
            var aboveColors = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
            var aboveNumbers = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
            let lengths = UnsafeMutablePointer<Int>.allocate(capacity: width)
            defer {
                for buffer in [colors, numbers, aboveColors, aboveNumbers] { buffer.deallocate() }
                lengths.deallocate()
            }
            var stretches = 0, above = 0
            let first = pixels.baseAddress!
            for y in 0..<height {
                let row = first + y * stride
                if y == 0 || memcmp(row, row - stride, 4 * width) != 0 {
                    swap(&colors, &aboveColors)
                    swap(&numbers, &aboveNumbers)
                    above = stretches
                    // The stretches go on while the colour (alpha aside) stays the same;
                    // where each starts is found many pixels at a time (the kernel).
                    stretches = stagehand_gif_row_stretches(level, row, width, colors, lengths)
                    for i in 0..<stretches {
                        let color = colors[i]
                        numbers[i] = i < above && aboveColors[i] == color ? aboveNumbers[i] : ColorRegistry.unknown
                    }
                    registry.number(colors, into: numbers, count: stretches)
                }
                // A run goes on across rows while the colour does.
                for i in 0..<stretches { packer.add(numbers[i], lengths[i]) }
            }
            return packer.finish(returning: &runs)
        }
        count(in: &registry)
    }

    /// Packs runs into words as they come, a run going on while its colour does.
    private struct Packer {
        private var packed: [UInt32] = []
        private var number: UInt32 = 0
        private var length = 0

        /// A packer whose words go in `buffer`'s storage, emptied (`buffer` is left
        /// empty until `finish` hands the storage back).
        init(reusing buffer: inout [UInt32]) {
            swap(&packed, &buffer)
            packed.removeAll(keepingCapacity: true)
            packed.reserveCapacity(4096)
        }

        @inline(__always)
        mutating func add(_ number: UInt32, _ length: Int) {
            if number == self.number || self.length == 0 {
                self.number = number
                self.length += length
            } else {
                flush()
                self.number = number
                self.length = length
            }
        }

        private mutating func flush() {
            if length < Int(RunLengthImage.escape) {
                packed.append(UInt32(length) << 24 | number)
            } else {
                packed.append(RunLengthImage.escape << 24 | number)
                packed.append(UInt32(length))
            }
        }

        /// The words, at their exact count: kept until the whole GIF is encoded. The
        /// packer's storage goes back to `buffer`.
        mutating func finish(returning buffer: inout [UInt32]) -> [UInt32] {
            flush()
            let words = [UInt32](unsafeUninitializedCapacity: packed.count) { words, count in
                _ = words.initialize(from: packed)
                count = packed.count
            }
            swap(&packed, &buffer)
            return words
        }
    }

    /// Each run in reading order: its colour's number and its length.
    @inline(__always)
    func forEachRun(_ body: (_ number: UInt32, _ length: Int) -> Void) {
        words.withUnsafeBufferPointer { words in
            var i = 0
            while i < words.count {
                let word = words[i]
                let short = word >> 24
                if short == Self.escape {
                    body(word & 0xFF_FFFF, Int(words[i + 1]))
                    i += 2
                } else {
                    body(word & 0xFF_FFFF, Int(short))
                    i += 1
                }
            }
        }
    }

    /// How many bytes past a frame's last pixel `writeIndices` may write.
    static let indexPadding = Int(STAGEHAND_GIF_INDEX_PADDING)

    /// Writes the frame's palette indices, one byte per pixel in reading order, at
    /// `pixels` (room for every pixel and `indexPadding` bytes more); the colour
    /// numbered n has the entry `entries[n]` (`entries` by this image's worker's numbers).
    ///
    /// Most runs are a few pixels long (the edges of tiles): each is written as one store
    /// as wide as the processor's vectors, the bytes past its end written over by the
    /// runs that follow (`stagehand_gif_write_indices`), rather than by a call to
    /// `memset` per run. `level`: the instruction set to use, at most `stagehand_kernel_level()`.
    func writeIndices(_ entries: [UInt8], into pixels: UnsafeMutablePointer<UInt8>, level: Int32 = stagehand_kernel_level()) {
        stagehand_gif_write_indices(level, words, words.count, entries, pixels)
    }

    /// Counts this frame's pixels of each colour in its worker's `registry`: once when it
    /// is made, and again for each later trace frame that shows it. Counted in a pass of
    /// their own, the runs' counts (scattered over an array that misses the nearest
    /// caches) are fetched many at a time instead of one after each run is found.
    func count(in registry: inout ColorRegistry) {
        forEachRun { number, length in registry.count(length, ofNumber: number) }
    }
}
