/// GIF's variable-length LZW over 8-bit palette indices (minimum code size 8: codes of
/// 9 to 12 bits, clear 256, end 257), packed least significant bit first into the
/// format's sub-blocks of at most 255 bytes.
///
/// The string table is a dense array, prefix code × next index → code, so extending
/// a string is one load: libgd's encoder reads every pixel through a function call and
/// probes a hash table, which made it most of a preview's time after painting. One
/// compressor is reused for every frame of a GIF: its 4 MB table is emptied by starting
/// a new generation (an entry of an older one counts as empty), not by writing it over.
struct LZWCompressor {
    private static let clearCode = 256
    private static let endCode = 257
    private static let firstCode = 258
    private static let maximumCodes = 4096

    /// `table[prefix << 8 | index]`: the generation that made it (high 16 bits) and the
    /// code of that string (low 16); an entry of another generation is no string.
    private var table: [UInt32]
    private var generation: UInt32 = 0

    init() {
        table = [UInt32](repeating: 0, count: Self.maximumCodes << 8)
    }

    /// Every entry counts as empty from now on.
    private mutating func clear() {
        if generation == 0xFFFF {
            table.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            generation = 0
        }
        generation += 1
    }

    /// Appends `indices` compressed: the minimum code size byte, the sub-blocks, and the
    /// empty block that ends them.
    mutating func compress(_ indices: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        let count = indices.count
        out.append(8)
        var bits = BitPacker(out: out)
        out = []
        clear()
        var generation = self.generation
        table.withUnsafeMutableBufferPointer { table in
            var codeSize = 9
            var next = Self.firstCode
            bits.put(Self.clearCode, size: codeSize)
            guard count > 0 else {
                bits.put(Self.endCode, size: codeSize)
                return
            }
            var prefix = Int(indices[0])
            var i = 1
            while i < count {
                let k = Int(indices[i])
                i += 1
                let slot = prefix << 8 | k
                let entry = table[slot]
                if entry >> 16 == generation {
                    prefix = Int(entry & 0xFFFF)
                    continue
                }
                bits.put(prefix, size: codeSize)
                if next < Self.maximumCodes {
                    // The decoder widens its codes when its table reaches a power of
                    // two: the encoder widens as it makes that entry.
                    if next == 1 << codeSize { codeSize += 1 }
                    table[slot] = generation << 16 | UInt32(next)
                    next += 1
                } else {
                    bits.put(Self.clearCode, size: codeSize)
                    if generation == 0xFFFF {
                        table.update(repeating: 0)
                        generation = 0
                    }
                    generation += 1
                    codeSize = 9
                    next = Self.firstCode
                }
                prefix = k
            }
            bits.put(prefix, size: codeSize)
            bits.put(Self.endCode, size: codeSize)
        }
        // The generations used inside are spent: the next frame starts past them.
        self.generation = generation
        out = bits.finish()
    }

    /// Codes packed least significant bit first, cut into sub-blocks as they fill.
    private struct BitPacker {
        var out: [UInt8]
        private var block: [UInt8] = []
        private var buffer: UInt64 = 0
        private var count = 0

        init(out: [UInt8]) {
            self.out = out
            block.reserveCapacity(255)
        }

        @inline(__always)
        mutating func put(_ code: Int, size: Int) {
            buffer |= UInt64(code) << UInt64(count)
            count += size
            while count >= 8 {
                byte(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                count -= 8
            }
        }

        @inline(__always)
        private mutating func byte(_ b: UInt8) {
            block.append(b)
            if block.count == 255 { flushBlock() }
        }

        private mutating func flushBlock() {
            guard !block.isEmpty else { return }
            out.append(UInt8(block.count))
            out += block
            block.removeAll(keepingCapacity: true)
        }

        mutating func finish() -> [UInt8] {
            if count > 0 { byte(UInt8(truncatingIfNeeded: buffer)) }
            flushBlock()
            out.append(0)
            return out
        }
    }
}
