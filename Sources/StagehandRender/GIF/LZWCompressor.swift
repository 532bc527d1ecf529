/// GIF's variable-length LZW over 8-bit palette indices (minimum code size 8: codes of
/// 9 to 12 bits, clear 256, end 257), packed least significant bit first into the
/// format's sub-blocks of at most 255 bytes.
///
/// The string table is a small open-addressing hash of (prefix code, next index) →
/// code, 64 KB, so it stays in the cache (a dense 4096 × 256 array is 4 MB, and a look-up
/// in it missed the cache nearly every time). libgd's encoder, which wrote the GIFs
/// before, read every pixel through a function call. One compressor is reused for every
/// frame of a GIF: its table is emptied by starting a new generation (an entry of an
/// older one counts as empty), not by writing it over.
struct LZWCompressor {
    private static let clearCode = 256
    private static let endCode = 257
    private static let firstCode = 258
    private static let maximumCodes = 4096
    private static let tableBits = 13

    /// Each entry: its generation (high 32 bits), the string's prefix code and next
    /// index (`prefix << 8 | index`, 20 bits), and its code (low 12 bits).
    private var table: [UInt64]
    private var generation: UInt64 = 0
    /// The compressed bytes of the frame being written, before they are cut into blocks.
    private var bytes: [UInt8] = []

    init() {
        table = [UInt64](repeating: 0, count: 1 << Self.tableBits)
    }

    /// Appends `indices` compressed: the minimum code size byte, the sub-blocks, and the
    /// empty block that ends them.
    mutating func compress(_ indices: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(indices.count / 2 + 16)
        var generation = self.generation + 1
        var buffer: UInt64 = 0
        var pending: UInt64 = 0
        var codeSize: UInt64 = 9
        func put(_ code: Int) {
            buffer |= UInt64(code) << pending
            pending += codeSize
            while pending >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                pending -= 8
            }
        }
        table.withUnsafeMutableBufferPointer { table in
            let mask = table.count - 1
            var next = Self.firstCode
            put(Self.clearCode)
            guard let first = indices.first else {
                put(Self.endCode)
                return
            }
            var prefix = Int(first)
            for k in indices.dropFirst() {
                let key = UInt64(prefix << 8 | Int(k))
                // Fibonacci hashing: the top bits of the key times 2³² / φ, modulo 2³².
                var slot = Int(UInt32(truncatingIfNeeded: key &* 0x9E37_79B1) >> (32 - UInt32(Self.tableBits)))
                var found = -1
                while true {
                    let entry = table[slot]
                    guard entry >> 32 == generation else { break }
                    if (entry >> 12) & 0xF_FFFF == key {
                        found = Int(entry & 0xFFF)
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if found >= 0 {
                    prefix = found
                    continue
                }
                put(prefix)
                if next < Self.maximumCodes {
                    // The decoder widens its codes when its table reaches a power of
                    // two: the encoder widens as it makes that entry.
                    if next == 1 << codeSize { codeSize += 1 }
                    table[slot] = generation << 32 | key << 12 | UInt64(next)
                    next += 1
                } else {
                    put(Self.clearCode)
                    generation += 1
                    codeSize = 9
                    next = Self.firstCode
                }
                prefix = Int(k)
            }
            put(prefix)
            put(Self.endCode)
        }
        if pending > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        // The generations used here are spent: the next frame starts past them.
        self.generation = generation
        out.append(8)
        var start = 0
        while start < bytes.count {
            let n = min(255, bytes.count - start)
            out.append(UInt8(n))
            out += bytes[start..<(start + n)]
            start += n
        }
        out.append(0)
    }
}
