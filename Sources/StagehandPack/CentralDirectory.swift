import Foundation

/// The zip archive's central directory as its bytes say, read here rather than through
/// the archive library because a pack is checked for what that library smooths over: the
/// Unix file type of each entry (a FIFO or device reads as a plain file there), entries
/// that share their data (the zip form of a hard link, and of the overlapping "zip bomb"),
/// the same name twice, and a directory that runs past the end of the file.
struct CentralDirectory {
    struct Record {
        var path: String
        /// The Unix mode's file type bits (`S_IFMT`), when the entry was made on Unix.
        var unixType: UInt32?
        var compressedSize: UInt64
        var uncompressedSize: UInt64
        var localHeaderOffset: UInt64
    }

    var records: [Record]

    private static let endSignature: [UInt8] = [0x50, 0x4B, 0x05, 0x06]
    private static let recordSignature: UInt32 = 0x0201_4B50
    static let localSignature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    /// Reads it from `bytes` (the whole archive), or says why the archive is not one.
    init(_ bytes: [UInt8], fail: (String) -> PackError) throws(PackError) {
        func u16(_ at: Int) -> UInt32 { UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> UInt32 { u16(at) | u16(at + 2) << 16 }
        // The end record is the last 22 bytes, or fewer than 64 KiB before the end when
        // the archive has a comment.
        var end: Int?
        var at = bytes.count - 22
        while at >= 0 && at >= bytes.count - 22 - 0xFFFF {
            if Array(bytes[at..<at + 4]) == Self.endSignature { end = at; break }
            at -= 1
        }
        guard let end else {
            throw fail("is truncated or damaged: it has no end of central directory record, which closes every zip archive")
        }
        let count = Int(u16(end + 10))
        let size = Int(u32(end + 12))
        let offset = Int(u32(end + 16))
        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
            throw fail("is a ZIP64 archive; a pack is a plain zip archive (far below 4 GiB)")
        }
        guard offset + size <= end else {
            throw fail("is truncated or damaged: its central directory (bytes \(offset)..<\(offset + size)) runs past its end record at \(end)")
        }
        var records: [Record] = []
        var cursor = offset
        for index in 0..<count {
            guard cursor + 46 <= offset + size, u32(cursor) == Self.recordSignature else {
                throw fail("is truncated or damaged: central directory record \(index + 1) of \(count) is missing or malformed")
            }
            let nameLength = Int(u16(cursor + 28)), extraLength = Int(u16(cursor + 30)), commentLength = Int(u16(cursor + 32))
            let next = cursor + 46 + nameLength + extraLength + commentLength
            guard next <= offset + size else {
                throw fail("is truncated or damaged: central directory record \(index + 1) runs past the directory")
            }
            let madeBy = u16(cursor + 4) >> 8
            let external = u32(cursor + 38)
            let path = String(decoding: bytes[(cursor + 46)..<(cursor + 46 + nameLength)], as: UTF8.self)
            records.append(Record(path: path, unixType: madeBy == 3 || madeBy == 19 ? (external >> 16) & 0o170000 : nil,
                                  compressedSize: UInt64(u32(cursor + 20)), uncompressedSize: UInt64(u32(cursor + 24)),
                                  localHeaderOffset: UInt64(u32(cursor + 42))))
            cursor = next
        }
        // Each entry's data must lie between its own local header and the next one: two
        // records that point into the same bytes are refused.
        let sorted = records.sorted { $0.localHeaderOffset < $1.localHeaderOffset }
        for (first, second) in zip(sorted, sorted.dropFirst()) where first.localHeaderOffset + 30 + first.compressedSize > second.localHeaderOffset {
            throw fail("\(second.path) shares its data with \(first.path) (the zip form of a hard link, or an overlapping zip bomb); a pack's entries each hold their own bytes")
        }
        if let last = sorted.last, last.localHeaderOffset + 30 + last.compressedSize > UInt64(offset) {
            throw fail("is truncated or damaged: the data of \(last.path) runs into the central directory")
        }
        self.records = records
    }
}
