/// GIF's variant of LZW for one frame of 8-bit palette indices: variable-width codes
/// from 9 to 12 bits, packed least significant bit first, with a clear code that starts
/// the string table again when it is full (GIF89a, appendix F).
///
/// The table is a trie kept as an open-addressed hash from (prefix code, next index) to
/// code, cleared by bumping a generation number rather than by wiping it, so a frame of
/// long runs (the flat cards of a transition, or the transparent pixels of a frame that
/// changed little) costs one probe per pixel and nothing per clear.
struct LZWCompressor {
    /// Indices are 8 bits wide, so codes 0...255 are literals.
    static let minimumCodeSize = 8
    private static let clearCode = 1 << minimumCodeSize
    private static let endCode = clearCode + 1
    private static let maximumCode = 4095
    private static let slots = 1 << 13

    /// Each slot: generation (bits 32...63), key = prefix << 8 | index (bits 12...31),
    /// code (bits 0...11), in one word so that a probe reads one value.
    private var table = [UInt64](repeating: 0, count: slots)
    private var generation: UInt64 = 0

    init() {}

    /// Appends the image data of `rows` rows of `width` indices (row `r` starting at
    /// `pixels[start + r * stride]`) to `out`: the minimum code size, then the codes in
    /// sub-blocks of at most 255 bytes, then the empty block that ends them.
    mutating func compress(_ pixels: UnsafeBufferPointer<UInt8>, start: Int, width: Int, rows: Int, stride: Int,
                           into out: inout [UInt8]) {
        out.append(UInt8(Self.minimumCodeSize))
        var writer = BitWriter()
        var codeSize = Self.minimumCodeSize + 1
        var next = Self.endCode + 1
        newTable()
        writer.write(Self.clearCode, bits: codeSize, to: &out)
        guard width > 0, rows > 0 else {
            writer.write(Self.endCode, bits: codeSize, to: &out)
            writer.finish(&out)
            return
        }
        var prefix = Int(pixels[start])
        var first = true
        var generation = self.generation
        defer { self.generation = generation }
        table.withUnsafeMutableBufferPointer { table in
            for r in 0..<rows {
                let row = start + r * stride
                for x in (first ? 1 : 0)..<width {
                    let index = UInt64(pixels[row + x])
                    let key = UInt64(prefix) << 8 | index
                    let tagged = generation << 20 | key
                    var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> 19) & (Self.slots - 1)
                    var found = -1
                    while true {
                        let entry = table[slot]
                        if entry >> 32 != generation { break }
                        if entry >> 12 == tagged {
                            found = Int(entry & 0xFFF)
                            break
                        }
                        slot = (slot + 1) & (Self.slots - 1)
                    }
                    if found >= 0 {
                        prefix = found
                        continue
                    }
                    writer.write(prefix, bits: codeSize, to: &out)
                    // The decoder adds its entry for this code when it reads the next
                    // one, and widens its codes when its table reaches the current
                    // width: `next` is its table's size then.
                    if next >= 1 << codeSize && codeSize < 12 { codeSize += 1 }
                    if next <= Self.maximumCode {
                        table[slot] = tagged << 12 | UInt64(next)
                        next += 1
                    }
                    if next > Self.maximumCode {
                        writer.write(Self.clearCode, bits: codeSize, to: &out)
                        codeSize = Self.minimumCodeSize + 1
                        next = Self.endCode + 1
                        generation += 1
                    }
                    prefix = Int(index)
                }
                first = false
            }
        }
        writer.write(prefix, bits: codeSize, to: &out)
        if next >= 1 << codeSize && codeSize < 12 { codeSize += 1 }
        writer.write(Self.endCode, bits: codeSize, to: &out)
        writer.finish(&out)
    }

    /// A fresh string table for the next frame. (A 64-bit generation never wraps: it
    /// grows by one per frame and per full table.)
    private mutating func newTable() {
        generation += 1
    }

    /// Codes packed into bytes, and bytes into sub-blocks of at most 255.
    private struct BitWriter {
        var bits: UInt64 = 0
        var count = 0
        /// Where the length byte of the open sub-block is in `out` (nil: none open).
        var blockStart: Int?

        mutating func write(_ code: Int, bits width: Int, to out: inout [UInt8]) {
            bits |= UInt64(code) << UInt64(count)
            count += width
            while count >= 8 {
                emit(UInt8(truncatingIfNeeded: bits), to: &out)
                bits >>= 8
                count -= 8
            }
        }

        mutating func emit(_ byte: UInt8, to out: inout [UInt8]) {
            if blockStart == nil {
                blockStart = out.count
                out.append(0)
            }
            out.append(byte)
            let start = blockStart!
            out[start] += 1
            if out[start] == 255 { blockStart = nil }
        }

        /// Flushes the last bits and ends the data with an empty sub-block.
        mutating func finish(_ out: inout [UInt8]) {
            if count > 0 { emit(UInt8(truncatingIfNeeded: bits), to: &out) }
            bits = 0
            count = 0
            out.append(0)
        }
    }
}
