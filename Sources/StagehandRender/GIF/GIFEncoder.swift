import Foundation

/// Writes an animated GIF: one global palette, frames that store only the rectangle that
/// changed, with the pixels in it that did not change made transparent, disposal "none",
/// and a loop block asking to play forever.
///
/// The file is written here, LZW included (`LZWCompressor`), straight from the frames'
/// indices: handing each frame to libgd meant copying it into a gd image that gd then
/// read back pixel by pixel through its accessors, which was most of a GIF's time.
enum GIFEncoder {
    static func encode(_ frames: [RunLengthImage], width: Int, height: Int, palette: GIFPalette,
                       timing: GIFTiming) throws(RenderError) -> Data {
        guard !frames.isEmpty else { throw RenderError("no frames to write as a GIF") }
        guard (1...0xFFFF).contains(width), (1...0xFFFF).contains(height) else {
            throw RenderError("a GIF of \(width)×\(height) pixels: each side must be 1...65535")
        }
        // The palette's colours, then the transparent entry, which no real colour uses.
        let transparent = UInt8(palette.colors.count)
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20)
        writeHeader(to: &out, width: width, height: height, palette: palette)
        var lzw = LZWCompressor()
        var previousRuns: IndexRuns?
        // Two screens of indices, reused: this frame's and the last one stored; and the
        // changed rectangle's pixels as they are stored.
        var pixels = [UInt8](repeating: 0, count: width * height), previous = pixels
        var masked = [UInt8](repeating: 0, count: width * height)
        for (k, frame) in frames.enumerated() {
            let runs = IndexRuns(frame, palette: palette)
            defer { previousRuns = runs }
            if k > 0, runs == previousRuns {
                // An unchanged frame is one transparent pixel, which keeps the frame and
                // its delay and costs a few bytes.
                writeFrame(to: &out, rect: ChangedRect(x: 0, y: 0, width: 1, height: 1), delay: timing.delay,
                           transparent: transparent)
                masked[0] = transparent
                masked.withUnsafeBufferPointer { lzw.compress($0, start: 0, width: 1, rows: 1, stride: 1, into: &out) }
                continue
            }
            runs.write(into: &pixels)
            defer { swap(&pixels, &previous) }
            let changed = k == 0 ? ChangedRect(x: 0, y: 0, width: width, height: height)
                                 : ChangedRect(between: previous, and: pixels, width: width, height: height)
            writeFrame(to: &out, rect: changed, delay: timing.delay, transparent: transparent)
            if k == 0 {
                pixels.withUnsafeBufferPointer { lzw.compress($0, start: 0, width: width, rows: height, stride: width, into: &out) }
                continue
            }
            // A pixel equal to the one below is the transparent entry, so the frame below
            // shows through and the runs of them compress to little.
            pixels.withUnsafeBufferPointer { current in
                previous.withUnsafeBufferPointer { before in
                    masked.withUnsafeMutableBufferPointer { masked in
                        var i = 0
                        for r in 0..<changed.height {
                            let start = (changed.y + r) * width + changed.x
                            for x in 0..<changed.width {
                                let value = current[start + x]
                                masked[i] = value == before[start + x] ? transparent : value
                                i += 1
                            }
                        }
                    }
                }
            }
            masked.withUnsafeBufferPointer {
                lzw.compress($0, start: 0, width: changed.width, rows: changed.height, stride: changed.width, into: &out)
            }
        }
        out.append(0x3B)
        return Data(out)
    }

    /// The signature, the screen (its size, a global table of 256 colours), the table,
    /// and the NETSCAPE2.0 block that loops forever.
    private static func writeHeader(to out: inout [UInt8], width: Int, height: Int, palette: GIFPalette) {
        out += Array("GIF89a".utf8)
        word(width, &out)
        word(height, &out)
        out += [0xF7, 0, 0]   // a global table of 2^(7+1) entries, 8 bits per primary
        for i in 0..<256 {
            let color = i < palette.colors.count ? palette.colors[i] : (i == palette.colors.count ? palette.unusedColor : 0)
            out += [UInt8((color >> 16) & 0xFF), UInt8((color >> 8) & 0xFF), UInt8(color & 0xFF)]
        }
        out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
    }

    /// A frame's graphic control block (disposal "none", its delay in 1/100 s, the
    /// transparent entry) and its image descriptor (placed at `rect`, no local table).
    private static func writeFrame(to out: inout [UInt8], rect: ChangedRect, delay: Int, transparent: UInt8) {
        out += [0x21, 0xF9, 4, 1 << 2 | 1]
        word(delay, &out)
        out += [transparent, 0, 0x2C]
        word(rect.x, &out)
        word(rect.y, &out)
        word(rect.width, &out)
        word(rect.height, &out)
        out.append(0)
    }

    private static func word(_ value: Int, _ out: inout [UInt8]) {
        out += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)]
    }
}
