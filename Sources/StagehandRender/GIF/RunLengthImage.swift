import Foundation

/// A frame's pixels as runs of one colour, in reading order: what is kept of each
/// frame between painting and encoding. The pictures are mostly flat cards, so a frame of
/// 390 × 844 pixels is a few thousand runs instead of 1.3 MB; choosing the palette and
/// mapping pixels to it then costs one look-up per run instead of one per pixel.
///
/// A GIF keeps every painted frame until the palette (made from all of them) is known,
/// so the runs are packed: one 32-bit word per run, the colour in the low 24 bits and
/// the length in the high 8 (a frame of many small tiles has tens of thousands of runs,
/// nearly all shorter than 255 pixels); a longer run has 255 there and its length in
/// the next word. The words are stored at their exact count.
struct RunLengthImage: Sendable {
    /// The packed runs (see above).
    private var words: [UInt32] = []

    /// The longest length the high byte holds; `escape` in it: the length follows.
    private static let escape: UInt32 = 255

    init(_ canvas: Canvas) {
        let width = canvas.width, height = canvas.height
        words = canvas.withPixels { pixels, stride in
            var packer = Packer()
            // The row's stretches of one colour, in order; a row equal to the one above
            // (most rows of a picture of flat cards) reuses them without being scanned.
            let colors = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
            let lengths = UnsafeMutablePointer<Int>.allocate(capacity: width)
            defer {
                colors.deallocate()
                lengths.deallocate()
            }
            var stretches = 0
            let base = UnsafeRawPointer(pixels.baseAddress!)
            let first = pixels.baseAddress!
            for y in 0..<height {
                let row = first + y * stride
                if y == 0 || memcmp(row, row - stride, 4 * width) != 0 {
                    stretches = 0
                    var x = 0
                    while x < width {
                        // The stretch goes on while the colour (alpha aside) stays the
                        // same: eight pixels at a time through the flat parts, then one by one.
                        let color = row[x] & 0xFF_FFFF
                        let start = x
                        x += 1
                        let same = SIMD8<UInt32>(repeating: color), colour = SIMD8<UInt32>(repeating: 0xFF_FFFF)
                        while x + 8 <= width,
                              ((base + 4 * (y * stride + x)).loadUnaligned(as: SIMD8<UInt32>.self) ^ same) & colour == .zero {
                            x += 8
                        }
                        while x < width, (row[x] ^ color) & 0xFF_FFFF == 0 { x += 1 }
                        colors[stretches] = color
                        lengths[stretches] = x - start
                        stretches += 1
                    }
                }
                // A run goes on across rows while the colour does.
                for i in 0..<stretches { packer.add(colors[i], lengths[i]) }
            }
            return packer.finish()
        }
    }

    /// Packs runs into words as they come, a run going on while its colour does.
    private struct Packer {
        private var packed: [UInt32] = []
        private var color: UInt32 = 0
        private var length = 0

        init() {
            packed.reserveCapacity(4096)
        }

        @inline(__always)
        mutating func add(_ color: UInt32, _ length: Int) {
            if color == self.color || self.length == 0 {
                self.color = color
                self.length += length
            } else {
                flush()
                self.color = color
                self.length = length
            }
        }

        private mutating func flush() {
            if length < Int(RunLengthImage.escape) {
                packed.append(UInt32(length) << 24 | color)
            } else {
                packed.append(RunLengthImage.escape << 24 | color)
                packed.append(UInt32(length))
            }
        }

        /// The words, at their exact count: kept until the whole GIF is encoded.
        mutating func finish() -> [UInt32] {
            flush()
            return [UInt32](unsafeUninitializedCapacity: packed.count) { buffer, count in
                _ = buffer.initialize(from: packed)
                count = packed.count
            }
        }
    }

    /// Each run in reading order: its colour (0x00RRGGBB; the frames are opaque), or its
    /// colour's number once `number(in:)` has been called, and its length.
    @inline(__always)
    func forEachRun(_ body: (_ color: UInt32, _ length: Int) -> Void) {
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

    /// Counts this frame's pixels of each colour in `registry`, and replaces each run's
    /// colour by the colour's number there.
    mutating func number(in registry: inout ColorRegistry) {
        words.withUnsafeMutableBufferPointer { words in
            var i = 0
            while i < words.count {
                let word = words[i]
                let short = word >> 24
                let long = short == Self.escape
                let number = registry.count(long ? Int(words[i + 1]) : Int(short), of: word & 0xFF_FFFF)
                words[i] = short << 24 | number
                i += long ? 2 : 1
            }
        }
    }

    /// Counts this frame's pixels of each colour again in `registry` (a frame whose runs
    /// carry numbers: one shown again for a later trace frame).
    func recount(in registry: inout ColorRegistry) {
        forEachRun { number, length in registry.count(length, ofNumber: number) }
    }
}
