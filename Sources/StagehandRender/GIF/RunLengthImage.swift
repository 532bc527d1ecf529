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
        var packed: [UInt32] = []
        packed.reserveCapacity(4096)
        func append(_ color: UInt32, _ length: Int) {
            if length < Int(Self.escape) {
                packed.append(UInt32(length) << 24 | color)
            } else {
                packed.append(Self.escape << 24 | color)
                packed.append(UInt32(length))
            }
        }
        canvas.withPixels { pixels, stride in
            var current: UInt32 = pixels[0] & 0xFF_FFFF
            var length = 0
            // The row's stretches of one colour, in order; a row equal to the one above
            // (most rows of a picture of flat cards) reuses them without being scanned.
            var stretches: [(color: UInt32, length: Int)] = []
            stretches.reserveCapacity(256)
            let base = UnsafeRawPointer(pixels.baseAddress!)
            for y in 0..<canvas.height {
                let row = y * stride
                if y == 0 || memcmp(base + 4 * row, base + 4 * (row - stride), 4 * canvas.width) != 0 {
                    stretches.removeAll(keepingCapacity: true)
                    var x = 0
                    while x < canvas.width {
                        // The stretch goes on while the colour (alpha aside) stays the
                        // same: eight pixels at a time through the flat parts, then one by one.
                        let color = pixels[row + x] & 0xFF_FFFF
                        let start = x
                        x += 1
                        let same = SIMD8<UInt32>(repeating: color), colour = SIMD8<UInt32>(repeating: 0xFF_FFFF)
                        while x + 8 <= canvas.width,
                              ((base + 4 * (row + x)).loadUnaligned(as: SIMD8<UInt32>.self) ^ same) & colour == .zero {
                            x += 8
                        }
                        while x < canvas.width, (pixels[row + x] ^ color) & 0xFF_FFFF == 0 { x += 1 }
                        stretches.append((color, x - start))
                    }
                }
                // A run goes on across rows while the colour does.
                for stretch in stretches {
                    if stretch.color == current {
                        length += stretch.length
                    } else {
                        append(current, length)
                        current = stretch.color
                        length = stretch.length
                    }
                }
            }
            append(current, length)
        }
        // Kept until the whole GIF is encoded: no spare capacity.
        words = [UInt32](unsafeUninitializedCapacity: packed.count) { buffer, count in
            _ = buffer.initialize(from: packed)
            count = packed.count
        }
    }

    /// Each run in reading order: its colour (0x00RRGGBB; the frames are opaque) and length.
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

    /// Adds how many pixels of each colour this frame has to `counts`.
    func count(into counts: inout ColorTable<Int>) {
        forEachRun { color, length in counts.add(length, to: color) }
    }
}
