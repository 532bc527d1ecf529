/// One frame of an animated GIF as the file stores it after the header: its Graphic
/// Control Extension (delay, disposal "none", the transparent index), its image
/// descriptor (where its rectangle lies, no colour table of its own: the GIF's global one
/// serves) and its compressed indices — what libgd writes for such a frame, so the header
/// and the end can still come from libgd.
struct GIFFrameBlock {
    /// The palette's size including the transparent entry: how wide the indices are.
    let colors: Int
    /// The transparent entry's index.
    let transparent: Int
    /// Hundredths of a second the frame stays.
    let delay: Int

    /// The smallest LZW code size that holds every index (GIF's minimum is 2).
    var minimumCodeSize: Int {
        var bits = 2
        while 1 << bits < colors { bits += 1 }
        return bits
    }

    /// Appends the frame showing `indices` (row-major, `rect.width` a row) at `rect`.
    func append(_ indices: UnsafeBufferPointer<UInt8>, at rect: ChangedRect, compressor: LZWCompressor,
                to out: inout [UInt8]) {
        func word(_ value: Int) {
            out.append(UInt8(truncatingIfNeeded: value))
            out.append(UInt8(truncatingIfNeeded: value >> 8))
        }
        // Graphic Control Extension: disposal 1 ("none": the next frame is drawn over
        // this one) and a transparent index.
        out += [0x21, 0xF9, 4, 1 << 2 | 1]
        word(delay)
        out += [UInt8(truncatingIfNeeded: transparent), 0]
        // Image descriptor: no local colour table, not interlaced.
        out.append(0x2C)
        word(rect.x)
        word(rect.y)
        word(rect.width)
        word(rect.height)
        out.append(0)
        compressor.compress(indices, minimumCodeSize: minimumCodeSize, into: &out)
    }
}
