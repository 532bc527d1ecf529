import Foundation
@testable import StagehandRender
import Testing

/// The GIF compressor's output read back by libgd's decoder (every pixel) and by the
/// strict decoder below (every code, up to the end code and the end of the data, which
/// libgd does not look at once it has every pixel): for pictures that end at every code
/// width (a decoder widens its codes one code behind the encoder, also for the last
/// one), that fill the table many times over (clear codes), and that are mostly runs
/// (the strings looked up without hashing).
@Suite struct LZWCompressorTests {
    /// A one-frame GIF of `indices` (`width` a row) with a 256-colour global table in
    /// which index i is `Self.color(i)`.
    static func gif(_ indices: [UInt8], width: Int, colors: Int, compressor: LZWCompressor) -> Data {
        let height = indices.count / width
        var bytes = Array("GIF89a".utf8)
        bytes += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0xF7, 0, 0]
        for i in 0..<256 {
            let c = color(i)
            bytes += [UInt8(c >> 16), UInt8((c >> 8) & 0xFF), UInt8(c & 0xFF)]
        }
        let block = GIFFrameBlock(colors: colors, transparent: colors - 1, delay: 2)
        indices.withUnsafeBufferPointer {
            block.append($0, at: ChangedRect(x: 0, y: 0, width: width, height: height), compressor: compressor, to: &bytes)
        }
        bytes.append(0x3B)
        return Data(bytes)
    }

    static func color(_ i: Int) -> UInt32 {
        UInt32(i) << 16 | UInt32(255 - i) << 8 | UInt32((i * 37) & 0xFF)
    }

    /// Pseudo-random indices below `colors - 1` (the last is the transparent one), in
    /// runs of 1...`longestRun`.
    static func indices(count: Int, colors: Int, longestRun: Int, seed: UInt64) -> [UInt8] {
        var state = seed | 1
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(truncatingIfNeeded: state >> 1)
        }
        var out: [UInt8] = []
        while out.count < count {
            let value = UInt8(next() % (colors - 1))
            out += repeatElement(value, count: min(1 + next() % longestRun, count - out.count))
        }
        return out
    }

    static func expectDecodes(_ indices: [UInt8], width: Int, colors: Int, compressor: LZWCompressor) throws {
        let gif = gif(indices, width: width, colors: colors, compressor: compressor)
        let image = try #require(GIFFirstFrame.pixels(gif), "libgd cannot read \(indices.count) pixels of \(colors) colours")
        #expect(image.width == width && image.height == indices.count / width)
        let wrong = zip(image.pixels, indices).enumerated().first { $0.element.0 & 0xFF_FFFF != color(Int($0.element.1)) }
        #expect(wrong == nil, "\(indices.count) pixels of \(colors) colours: pixel \(wrong?.offset ?? 0) differs")
        var data: [UInt8] = []
        indices.withUnsafeBufferPointer {
            compressor.compress($0, minimumCodeSize: GIFFrameBlock(colors: colors, transparent: 0, delay: 0).minimumCodeSize, into: &data)
        }
        #expect(try StrictDecoder.decode(data) == indices, "\(indices.count) pixels of \(colors) colours")
    }

    /// GIF's LZW decoding as the format describes it, refusing anything out of place: a
    /// code not yet defined, data after the end code, no end code.
    enum StrictDecoder {
        struct Malformed: Error, CustomStringConvertible {
            var description: String
        }

        static func decode(_ data: [UInt8]) throws -> [UInt8] {
            let minimum = Int(data[0])
            // The sub-blocks joined.
            var bytes: [UInt8] = []
            var i = 1
            while true {
                let n = Int(data[i])
                if n == 0 { break }
                bytes += data[(i + 1)...(i + n)]
                i += n + 1
            }
            guard i == data.count - 1 else { throw Malformed(description: "bytes after the terminating block") }
            var position = 0
            func read(_ width: Int) throws -> Int {
                guard position + width <= bytes.count * 8 else { throw Malformed(description: "no end code") }
                var code = 0
                for b in 0..<width where bytes[(position + b) / 8] >> ((position + b) % 8) & 1 != 0 { code |= 1 << b }
                position += width
                return code
            }
            let clear = 1 << minimum, end = clear + 1
            var strings: [[UInt8]] = []
            var width = 0
            var previous: [UInt8]?
            var out: [UInt8] = []
            func reset() {
                strings = (0..<clear).map { [UInt8($0)] } + [[], []]
                width = minimum + 1
                previous = nil
            }
            reset()
            guard try read(width) == clear else { throw Malformed(description: "no clear code first") }
            while true {
                let code = try read(width)
                if code == clear {
                    reset()
                    continue
                }
                if code == end { break }
                let string: [UInt8]
                if code < strings.count, code != clear, code != end {
                    string = strings[code]
                } else if code == strings.count, let previous {
                    string = previous + [previous[0]]
                } else {
                    throw Malformed(description: "code \(code) not defined (\(strings.count) are)")
                }
                if let previous, strings.count < 4096 { strings.append(previous + [string[0]]) }
                if strings.count == 1 << width, width < 12 { width += 1 }
                out += string
                previous = string
            }
            guard (position + 7) / 8 == bytes.count else { throw Malformed(description: "bytes after the end code") }
            return out
        }
    }

    @Test(arguments: [3, 5, 17, 256])
    func everyLengthEndsReadably(colors: Int) throws {
        let compressor = LZWCompressor()
        for count in 1...700 {
            try Self.expectDecodes(Self.indices(count: count, colors: colors, longestRun: 3, seed: UInt64(count)),
                                   width: count, colors: colors, compressor: compressor)
        }
    }

    @Test(arguments: [(256, 1), (256, 40), (5, 1), (5, 300), (17, 8)])
    func largePicturesFillTheTableManyTimes(colors: Int, longestRun: Int) throws {
        let compressor = LZWCompressor()
        let width = 390
        try Self.expectDecodes(Self.indices(count: width * 300, colors: colors, longestRun: longestRun, seed: 7),
                               width: width, colors: colors, compressor: compressor)
        // Reused for another picture, the compressor starts afresh.
        try Self.expectDecodes(Self.indices(count: width * 20, colors: colors, longestRun: longestRun, seed: 11),
                               width: width, colors: colors, compressor: compressor)
    }

    /// GIF's LZW one pixel at a time with a dictionary of strings, the codes packed as
    /// the compressor packs them: the compressor's shortcuts (strings looked up without
    /// hashing, runs found by their length) must give exactly these bytes.
    static func reference(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var bits: [Bool] = []
        var width = minimumCodeSize + 1
        func write(_ code: Int) {
            for b in 0..<width { bits.append(code >> b & 1 != 0) }
        }
        // (the code of a string) << 8 | the index that follows it → the longer string's code.
        var strings: [Int: Int] = [:]
        var given = end
        write(clear)
        var wroteSinceClear = false
        var current = indices.first.map(Int.init)
        for index in indices.dropFirst() {
            if let longer = strings[current! << 8 | Int(index)] {
                current = longer
                continue
            }
            write(current!)
            wroteSinceClear = true
            given += 1
            strings[current! << 8 | Int(index)] = given
            if given >= 1 << width { width += 1 }
            if given == 4095 {
                write(clear)
                strings = [:]
                width = minimumCodeSize + 1
                given = end
                wroteSinceClear = false
            }
            current = Int(index)
        }
        if let current {
            write(current)
            if wroteSinceClear, given + 1 >= 1 << width, width < 12 { width += 1 }
        }
        write(end)
        var bytes: [UInt8] = []
        for start in stride(from: 0, to: bits.count, by: 8) {
            var byte: UInt8 = 0
            for b in start..<min(start + 8, bits.count) where bits[b] { byte |= 1 << (b - start) }
            bytes.append(byte)
        }
        var out = [UInt8(minimumCodeSize)]
        for start in stride(from: 0, to: bytes.count, by: 255) {
            let block = bytes[start..<min(start + 255, bytes.count)]
            out.append(UInt8(block.count))
            out += block
        }
        out.append(0)
        return out
    }

    /// Long runs (longer than any run the table knows, and than the table holds), runs
    /// that start inside a longer string, and pictures of one index: the same bytes as
    /// the plain algorithm.
    @Test(arguments: [(5, 1), (5, 9), (5, 300), (5, 5000), (17, 40), (256, 3), (256, 700), (3, 100_000)])
    func givesThePlainAlgorithmsCodes(colors: Int, longestRun: Int) {
        let compressor = LZWCompressor()
        let size = GIFFrameBlock(colors: colors, transparent: 0, delay: 0).minimumCodeSize
        for seed: UInt64 in [3, 29] {
            let indices = Self.indices(count: 390 * 120, colors: colors, longestRun: longestRun, seed: seed)
            var data: [UInt8] = []
            indices.withUnsafeBufferPointer { compressor.compress($0, minimumCodeSize: size, into: &data) }
            #expect(data == Self.reference(indices, minimumCodeSize: size), "\(colors) colours, runs up to \(longestRun), seed \(seed)")
        }
        for count in [1, 2, 17, 4096, 390 * 844] {
            let indices = [UInt8](repeating: UInt8(colors - 2), count: count)
            var data: [UInt8] = []
            indices.withUnsafeBufferPointer { compressor.compress($0, minimumCodeSize: size, into: &data) }
            #expect(data == Self.reference(indices, minimumCodeSize: size), "\(count) pixels of one index")
        }
    }

    /// One compressor, frame after frame as a GIF's are written: a large picture, then
    /// small ones, then a larger one (the codes are packed in a buffer kept from frame to
    /// frame and grown when a frame needs more), each appended after what the output
    /// holds already, which stays as it was.
    @Test func framesOfEverySizeInTurnKeepWhatCameBefore() {
        let compressor = LZWCompressor()
        var data: [UInt8] = [0x21, 0xF9]
        var expected = data
        for (count, seed) in [(390 * 200, 5), (7, 11), (1, 13), (255 * 3, 17), (390 * 844, 19)] {
            let indices = Self.indices(count: count, colors: 256, longestRun: 2, seed: UInt64(seed))
            indices.withUnsafeBufferPointer { compressor.compress($0, minimumCodeSize: 8, into: &data) }
            expected += Self.reference(indices, minimumCodeSize: 8)
            #expect(data == expected, "\(count) pixels after the frames before")
        }
    }
}
