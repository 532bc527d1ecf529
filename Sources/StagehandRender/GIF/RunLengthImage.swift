/// A frame's pixels as runs of one colour, in reading order: what is kept of each
/// frame between painting and encoding. The pictures are mostly flat cards, so a frame of
/// 390 × 844 pixels is a few thousand runs instead of 1.3 MB; choosing the palette and
/// mapping pixels to it then costs one look-up per run instead of one per pixel.
struct RunLengthImage: Sendable {
    /// 0x00RRGGBB (the frames are opaque).
    var colors: [UInt32] = []
    var lengths: [Int32] = []

    init(_ canvas: Canvas) {
        canvas.withPixels { pixels, stride in
            var current: UInt32 = pixels[0] & 0xFF_FFFF
            var length = 0
            for y in 0..<canvas.height {
                let row = y * stride
                var x = 0
                while x < canvas.width {
                    // The run goes on while the colour (alpha aside) stays the same:
                    // eight pixels at a time through the flat stretches, then one by one.
                    let start = x
                    let same = SIMD8<UInt32>(repeating: current), colour = SIMD8<UInt32>(repeating: 0xFF_FFFF)
                    while x + 8 <= canvas.width,
                          (UnsafeRawPointer(pixels.baseAddress! + row + x).loadUnaligned(as: SIMD8<UInt32>.self) ^ same) & colour == .zero {
                        x += 8
                    }
                    while x < canvas.width, (pixels[row + x] ^ current) & 0xFF_FFFF == 0 { x += 1 }
                    length += x - start
                    guard x < canvas.width else { break }
                    colors.append(current)
                    lengths.append(Int32(length))
                    current = pixels[row + x] & 0xFF_FFFF
                    length = 0
                }
            }
            colors.append(current)
            lengths.append(Int32(length))
        }
    }

    /// Adds how many pixels of each colour this frame has to `counts`.
    func count(into counts: inout ColorTable<Int>) {
        for (color, length) in zip(colors, lengths) { counts.add(Int(length), to: color) }
    }
}
