import Foundation

/// A GIF's structure, parsed here by hand (independently of libgd, which wrote it): the
/// logical screen, the loop count of the NETSCAPE2.0 block, and each frame's delay and
/// rectangle from its Graphic Control Extension and image descriptor.
struct GIFStructure {
    struct Frame {
        var delay: Int
        var disposal: Int
        var left, top, width, height: Int
        /// Its bytes in the file, from its Graphic Control Extension to the end of its
        /// image data.
        var bytes: Range<Int> = 0..<0
    }

    var width = 0
    var height = 0
    var globalColors = 0
    /// The global colour table, 0xRRGGBB.
    var palette: [UInt32] = []
    var loops: Int?
    var frames: [Frame] = []
    /// The signature, the logical screen descriptor and the global colour table.
    var header: ArraySlice<UInt8> = []

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        var i = 0
        func byte() throws -> Int {
            guard i < bytes.count else { throw Malformed(description: "truncated at \(i)") }
            defer { i += 1 }
            return Int(bytes[i])
        }
        func word() throws -> Int { try byte() | (try byte() << 8) }
        func skipSubBlocks() throws {
            while true {
                let n = try byte()
                if n == 0 { return }
                i += n
            }
        }
        guard bytes.count > 13, String(decoding: bytes[0..<6], as: UTF8.self) == "GIF89a" else {
            throw Malformed(description: "not a GIF89a")
        }
        i = 6
        width = try word()
        height = try word()
        let packed = try byte()
        _ = try byte()
        _ = try byte()
        if packed & 0x80 != 0 {
            globalColors = 1 << ((packed & 7) + 1)
            for _ in 0..<globalColors {
                palette.append(UInt32(try byte()) << 16 | UInt32(try byte()) << 8 | UInt32(try byte()))
            }
        }
        header = bytes[0..<i]
        var pending: (delay: Int, disposal: Int, start: Int)?
        while true {
            switch try byte() {
            case 0x21:
                let label = try byte()
                if label == 0xF9 {
                    let start = i - 2
                    guard try byte() == 4 else { throw Malformed(description: "graphic control extension of the wrong size") }
                    let flags = try byte()
                    let delay = try word()
                    _ = try byte()
                    pending = (delay, (flags >> 2) & 7, start)
                    try skipSubBlocks()
                } else if label == 0xFF {
                    let n = try byte()
                    let name = String(decoding: bytes[i..<min(i + n, bytes.count)], as: UTF8.self)
                    i += n
                    if name == "NETSCAPE2.0", try byte() == 3, try byte() == 1 {
                        loops = try word()
                    }
                    try skipSubBlocks()
                } else {
                    try skipSubBlocks()
                }
            case 0x2C:
                let left = try word(), top = try word(), w = try word(), h = try word()
                let flags = try byte()
                if flags & 0x80 != 0 { i += 3 * (1 << ((flags & 7) + 1)) }
                _ = try byte()
                try skipSubBlocks()
                guard let control = pending else { throw Malformed(description: "frame \(frames.count) has no graphic control extension") }
                frames.append(Frame(delay: control.delay, disposal: control.disposal, left: left, top: top, width: w, height: h,
                                    bytes: control.start..<i))
                pending = nil
            case 0x3B:
                return
            case let other:
                throw Malformed(description: "unexpected block 0x\(String(other, radix: 16)) at \(i - 1)")
            }
        }
    }
}
