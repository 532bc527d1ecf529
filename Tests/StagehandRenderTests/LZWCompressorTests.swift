import Foundation
import Testing
@testable import StagehandRender

/// The GIF writer's own LZW, read back by libgd's decoder (written independently): data
/// that fills the string table many times over (noise, 4,096 codes and a clear code
/// again and again), long runs that make long strings, and one pixel, each decode to
/// exactly the indices compressed, with one compressor reused across them as a GIF's
/// frames reuse it.
@Suite struct LZWCompressorTests {
    /// Palette entry i: a colour no other entry has.
    static func color(_ i: Int) -> UInt32 {
        UInt32(i) << 16 | UInt32(255 - i) << 8 | UInt32((i * 37) & 0xFF)
    }

    /// A one-frame GIF of `indices` (`width` wide) with a 256-colour global table.
    static func gif(_ indices: [UInt8], width: Int, compressor: inout LZWCompressor) -> Data {
        let height = indices.count / width
        var out: [UInt8] = Array("GIF89a".utf8)
        out += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0xF7, 0, 0]
        for i in 0..<256 {
            let c = color(i)
            out += [UInt8(c >> 16), UInt8((c >> 8) & 0xFF), UInt8(c & 0xFF)]
        }
        out += [0x2C, 0, 0, 0, 0, UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0]
        indices.withUnsafeBufferPointer { compressor.compress($0, into: &out) }
        out.append(0x3B)
        return Data(out)
    }

    @Test func libgdReadsBackWhatWasCompressed() throws {
        var generator = SystemRandomNumberGenerator()
        let width = 300
        var noise = (0..<(width * 200)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        // A few colours only, in runs of every length: long strings, then noise again.
        var runs: [UInt8] = []
        while runs.count < width * 200 {
            runs += repeatElement(UInt8.random(in: 0...3, using: &generator), count: Int.random(in: 1...900, using: &generator))
        }
        runs.removeLast(runs.count - width * 200)
        noise.replaceSubrange(0..<width, with: repeatElement(7, count: width))
        var compressor = LZWCompressor()
        for (name, indices, w) in [("noise", noise, width), ("runs", runs, width), ("noise again", noise, width), ("one pixel", [UInt8(9)], 1)] {
            let image = try #require(GIFFirstFrame.pixels(Self.gif(indices, width: w, compressor: &compressor)), "\(name): libgd reads it")
            #expect(image.width == w && image.height == indices.count / w)
            let wrong = zip(image.pixels, indices).filter { $0 & 0xFF_FFFF != Self.color(Int($1)) }.count
            #expect(wrong == 0, "\(name): \(wrong) pixels differ")
        }
    }
}
