import Foundation
import StagehandTestSupport

/// A zip archive written byte by byte, so that a test can make every hostile archive a
/// pack reader must refuse: names with `..`, symlinks and other Unix file types, the same
/// name twice, entries that share their bytes, sizes that lie, truncation. Each entry is
/// stored or carries a deflate stream given as is.
struct TestZip {
    struct Entry {
        var name: String
        /// The bytes as stored (for `method` 8, a raw deflate stream).
        var payload: Data
        var method: UInt16 = 0
        /// The size the headers declare; the payload's size by default (stored).
        var declaredSize: UInt32?
        /// The CRC-32 the headers declare; that of the payload by default (stored).
        var crc: UInt32?
        /// The Unix mode (type and permissions): a regular file by default.
        var mode: UInt32 = 0o100644
        /// Points the central record at the local header of an earlier entry.
        var sharesDataWith: Int?

        init(_ name: String, _ payload: Data, method: UInt16 = 0, declaredSize: UInt32? = nil, mode: UInt32 = 0o100644) {
            self.name = name
            self.payload = payload
            self.method = method
            self.declaredSize = declaredSize
            self.mode = mode
        }
    }

    var entries: [Entry] = []

    var bytes: Data {
        var out = Data()
        var central = Data()
        var offsets: [UInt32] = []
        for entry in entries {
            let name = Data(entry.name.utf8)
            let crc = entry.crc ?? (entry.method == 0 ? Self.crc32(entry.payload) : 0)
            let size = entry.declaredSize ?? UInt32(entry.payload.count)
            offsets.append(UInt32(out.count))
            let offset = entry.sharesDataWith.map { offsets[$0] } ?? UInt32(out.count)
            out.append(le32(0x0403_4B50)); out.append(le16(20)); out.append(le16(0x0800)); out.append(le16(entry.method))
            out.append(le32(0)); out.append(le32(crc)); out.append(le32(UInt32(entry.payload.count))); out.append(le32(size))
            out.append(le16(UInt16(name.count))); out.append(le16(0)); out.append(name); out.append(entry.payload)
            central.append(le32(0x0201_4B50)); central.append(le16(0x031E)); central.append(le16(20)); central.append(le16(0x0800))
            central.append(le16(entry.method)); central.append(le32(0)); central.append(le32(crc))
            central.append(le32(UInt32(entry.payload.count))); central.append(le32(size)); central.append(le16(UInt16(name.count)))
            central.append(le16(0)); central.append(le16(0)); central.append(le16(0)); central.append(le16(0))
            central.append(le32(entry.mode << 16)); central.append(le32(offset)); central.append(name)
        }
        let start = UInt32(out.count)
        out.append(central)
        out.append(le32(0x0605_4B50)); out.append(le16(0)); out.append(le16(0))
        out.append(le16(UInt16(entries.count))); out.append(le16(UInt16(entries.count)))
        out.append(le32(UInt32(central.count))); out.append(le32(start)); out.append(le16(0))
        return out
    }

    private func le16(_ value: UInt16) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8)]) }
    private func le32(_ value: UInt32) -> Data { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A raw deflate stream of `count` zero bytes, in fixed-Huffman blocks: one literal
    /// zero, then copies of 258 bytes at distance 1 (13 bits each) — a small stream that
    /// inflates to a great deal.
    static func deflatedZeros(_ count: Int) -> Data {
        var writer = BitWriter()
        writer.write(1, bits: 1)          // BFINAL
        writer.write(1, bits: 2)          // BTYPE 01: fixed Huffman
        writer.writeCode(0b0011_0000, length: 8)   // literal 0
        var left = count - 1
        while left >= 258 {
            writer.writeCode(0b1100_0101, length: 8)   // length code 285: 258 bytes
            writer.writeCode(0, length: 5)             // distance code 0: distance 1
            left -= 258
        }
        for _ in 0..<left { writer.writeCode(0b0011_0000, length: 8) }
        writer.writeCode(0, length: 7)    // end of block (256)
        return writer.finished
    }

    private struct BitWriter {
        var data = Data()
        var current: UInt8 = 0
        var used = 0

        mutating func write(_ value: UInt32, bits: Int) {
            for i in 0..<bits { push(UInt8((value >> i) & 1)) }
        }

        /// Huffman codes are written most significant bit first.
        mutating func writeCode(_ code: UInt32, length: Int) {
            for i in stride(from: length - 1, through: 0, by: -1) { push(UInt8((code >> i) & 1)) }
        }

        private mutating func push(_ bit: UInt8) {
            current |= bit << used
            used += 1
            if used == 8 { data.append(current); current = 0; used = 0 }
        }

        var finished: Data { used > 0 ? data + [current] : data }
    }
}
