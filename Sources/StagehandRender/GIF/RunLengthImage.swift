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
            var length: Int32 = 0
            for y in 0..<canvas.height {
                let row = y * stride
                for x in 0..<canvas.width {
                    let p = pixels[row + x] & 0xFF_FFFF
                    if p == current {
                        length += 1
                    } else {
                        colors.append(current)
                        lengths.append(length)
                        current = p
                        length = 1
                    }
                }
            }
            colors.append(current)
            lengths.append(length)
        }
    }

    /// How many pixels of each colour.
    var histogram: [UInt32: Int] {
        var counts: [UInt32: Int] = [:]
        for (color, length) in zip(colors, lengths) { counts[color, default: 0] += Int(length) }
        return counts
    }
}
