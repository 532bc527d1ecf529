/// GIF's variant of LZW, compressing a frame's palette indices into the bytes of its
/// image data (the minimum code size, the codes in sub-blocks of at most 255 bytes, the
/// empty block that ends them).
///
/// libgd's compressor reads each pixel through a function call and probes a hash table
/// of 5,003 entries in two arrays. Here each string's entry is one 32-bit word — the
/// code in the high 12 bits, (prefix code, next index) in the low 20 — in an open table
/// of 8,192 words (32 KB, at most half full: it stays in the nearest cache), probed
/// linearly from a multiplicative hash. A dense table of 4,096 × 256 codes (2 MB) missed
/// the cache at nearly every pixel, and a tree of first children and siblings walked
/// long lists of siblings: both were slower than libgd.
///
/// Most pixels repeat the one before (flat colours, the transparent pixels of what did
/// not change), and the string a code stands for always ends with the pixel before, so a
/// string followed by its own last index is looked up in a plain array by code instead,
/// without hashing. And a string of one index repeated (x, xx, xxx, …: what a long run
/// makes) is looked up by its length: while the string so far is such a run and the
/// pixels go on repeating it, the longest known run they fill is found in one step
/// rather than one look-up a pixel, each look-up waiting for the one before (that chain
/// was half of the compressor's time). The codes are those of the plain algorithm, one
/// pixel at a time. One compressor per thread, reused frame after frame.
///
/// Codes grow by one bit when the next code to be given reaches the current width's
/// limit, and the table starts again (a clear code) when code 4,095 has been given —
/// the moments at which a decoder, one code behind the encoder, does the same.
///
/// A class, as it owns its tables' memory; used by one thread at a time.
final class LZWCompressor {
    /// 0: empty; else `code << 20 | prefix << 8 | index`.
    private let table: UnsafeMutablePointer<UInt32>
    /// Per code, the code of its string followed by the string's own last index (0:
    /// none); such strings are never in `table`. Not kept for runs of one index.
    private let repeated: UnsafeMutablePointer<UInt16>
    /// `runs[x << 12 | k]`: the code of index x repeated k times, for k in
    /// 1...`longestRun[x]` (2 MB reserved, of which only the rows of indices that run
    /// are ever touched).
    private let runs: UnsafeMutablePointer<UInt16>
    /// Per index, the longest run of it that has a code.
    private let longestRun: UnsafeMutablePointer<UInt16>

    private static let largestCode = 4095
    private static let tableBits: UInt32 = 13
    private static let tableSize = 1 << Int(tableBits)
    /// `runs`' row: 4,096 lengths per index.
    private static let runBits = 12

    init() {
        table = .allocate(capacity: Self.tableSize)
        table.initialize(repeating: 0, count: Self.tableSize)
        repeated = .allocate(capacity: Self.largestCode + 1)
        repeated.initialize(repeating: 0, count: Self.largestCode + 1)
        // Left uninitialised but for each index alone: a length is read only once it is
        // written (at most `longestRun`).
        runs = .allocate(capacity: 256 << Self.runBits)
        for x in 0..<256 { (runs + (x << Self.runBits | 1)).initialize(to: UInt16(x)) }
        longestRun = .allocate(capacity: 256)
        longestRun.initialize(repeating: 1, count: 256)
    }

    deinit {
        table.deallocate()
        repeated.deallocate()
        runs.deallocate()
        longestRun.deallocate()
        packed.deallocate()
    }

    /// Appends the image data of `indices` (each below `1 << minimumCodeSize`;
    /// `minimumCodeSize` 2...8, as the GIF format allows) to `out`.
    func compress(_ indices: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, into out: inout [UInt8]) {
        precondition((2...8).contains(minimumCodeSize), "GIF's minimum code size is 2...8")
        out.append(UInt8(minimumCodeSize))
        let clear = 1 << minimumCodeSize, end = clear + 1
        // Every pixel gives at most one code of at most 12 bits, and the table starts
        // again at most once per 3,838 codes: the packed codes fit in this, with room
        // for the last 32-bit store.
        let bound = (indices.count + indices.count / 3838 + 4) * 12 / 8 + 8
        if packedCapacity < bound {
            packed.deallocate()
            packed = .allocate(capacity: bound)
            packedCapacity = bound
        }
        var codes = BitWriter(packed)
        var width = minimumCodeSize + 1
        // The last code given; none yet beyond the two reserved ones.
        var given = end
        codes.write(clear, width)
        guard let base = indices.baseAddress, indices.count > 0 else {
            codes.write(end, width)
            codes.finish(&out)
            return
        }
        let count = indices.count
        var before = base[0]
        var prefix = Int(before)
        // The string so far is `before` this many times (0: it is not one index repeated).
        var length = 1
        // Whether a code was written since the last clear (a decoder adds no string
        // for the first).
        var wroteSinceClear = false
        let (table, repeated, runs, longestRun) = (self.table, self.repeated, self.runs, self.longestRun)
        let mask = Self.tableSize - 1
        let runBits = Self.runBits
        // Only the single indices have codes; a code given later is emptied when given.
        table.update(repeating: 0, count: Self.tableSize)
        repeated.update(repeating: 0, count: clear)
        longestRun.update(repeating: 1, count: clear)
        var i = 1
        while i < count {
            let index = base[i]
            // Where the string of `prefix` followed by `index` goes once given a code:
            // `table`'s slot, or -1 for `repeated`, -2 for `runs`.
            var slot = -1
            if index == before {
                if length > 0 {
                    // The string is a run of `index`, and so are the pixels from here to
                    // `stop`: take the longest known run they fill. Only as far as one
                    // past that run is looked at: the rest of a long run is looked at
                    // once, by the strings that follow.
                    let row = Int(index) << runBits
                    let longest = Int(longestRun[Int(index)])
                    let limit = min(count, i + longest - length + 1)
                    var stop = i + 1
                    let same = SIMD16<UInt8>(repeating: index)
                    while stop + 16 <= limit,
                          all(UnsafeRawPointer(base + stop).loadUnaligned(as: SIMD16<UInt8>.self) .== same) {
                        stop += 16
                    }
                    while stop < limit, base[stop] == index { stop += 1 }
                    if length + stop - i <= longest {
                        length += stop - i
                        prefix = Int(runs[row | length])
                        i = stop
                        continue
                    }
                    // The longest known run, followed by one more `index`.
                    i += longest - length
                    length = longest
                    prefix = Int(runs[row | longest])
                    slot = -2
                } else {
                    let code = repeated[prefix]
                    if code != 0 {
                        prefix = Int(code)
                        i += 1
                        continue
                    }
                }
            } else {
                // The string of `prefix` followed by `index`: its code, or the empty slot
                // where it would go.
                let key = UInt32(prefix) << 8 | UInt32(index)
                slot = Int((key &* 0x9E37_79B1) >> (32 - Self.tableBits))
                var entry = table[slot]
                while entry != 0, entry & 0xF_FFFF != key {
                    slot = (slot + 1) & mask
                    entry = table[slot]
                }
                before = index
                if entry != 0 {
                    prefix = Int(entry >> 20)
                    length = 0
                    i += 1
                    continue
                }
            }
            codes.write(prefix, width)
            wroteSinceClear = true
            given += 1
            switch slot {
            case -2:
                runs[Int(index) << runBits | (length + 1)] = UInt16(given)
                longestRun[Int(index)] = UInt16(length + 1)
            case -1:
                repeated[prefix] = UInt16(given)
            default:
                table[slot] = UInt32(given) << 20 | UInt32(prefix) << 8 | UInt32(index)
            }
            repeated[given] = 0
            if given >= 1 << width { width += 1 }
            if given == Self.largestCode {
                codes.write(clear, width)
                table.update(repeating: 0, count: Self.tableSize)
                repeated.update(repeating: 0, count: clear)
                longestRun.update(repeating: 1, count: clear)
                width = minimumCodeSize + 1
                given = end
                wroteSinceClear = false
            }
            prefix = Int(index)
            length = 1
            i += 1
        }
        codes.write(prefix, width)
        // The decoder adds a string for that last code (unless it is the first after a
        // clear), and may widen its codes for it before reading the end code.
        if wroteSinceClear, given + 1 >= 1 << width, width < 12 { width += 1 }
        codes.write(end, width)
        codes.finish(&out)
    }

    /// The packed codes of the frame being compressed, before they are cut into
    /// sub-blocks; grown to the largest frame seen.
    private var packed = UnsafeMutablePointer<UInt8>.allocate(capacity: 0)
    private var packedCapacity = 0

    /// Packs codes least significant bit first into `packed`, four bytes at a time:
    /// the sub-blocks' length bytes are put in when the codes are copied out, so
    /// writing a code costs a shift and an or, and a store every 32 bits.
    private struct BitWriter {
        let start: UnsafeMutablePointer<UInt8>
        private var next: UnsafeMutablePointer<UInt8>
        private var bits: UInt64 = 0
        private var count: UInt64 = 0

        init(_ start: UnsafeMutablePointer<UInt8>) {
            self.start = start
            next = start
        }

        @inline(__always)
        mutating func write(_ code: Int, _ width: Int) {
            bits |= UInt64(code) << count
            count += UInt64(width)
            if count >= 32 {
                UnsafeMutableRawPointer(next).storeBytes(of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
                next += 4
                bits >>= 32
                count -= 32
            }
        }

        /// Flushes the last bytes and appends the codes to `out` in sub-blocks of at
        /// most 255 bytes, closed by the empty one.
        mutating func finish(_ out: inout [UInt8]) {
            while count > 0 {
                next.pointee = UInt8(truncatingIfNeeded: bits)
                next += 1
                bits >>= 8
                count = count >= 8 ? count - 8 : 0
            }
            var from = start
            while from < next {
                let length = min(255, next - from)
                out.append(UInt8(length))
                out.append(contentsOf: UnsafeBufferPointer(start: from, count: length))
                from += length
            }
            out.append(0)
        }
    }
}
