import Dispatch
import Foundation
import StagehandShared

/// Writes an animated GIF: one global palette, frames that store only the rectangle
/// that changed, with the pixels in it that did not change made transparent, disposal
/// "none", and a loop block asking to play forever. The bytes are written here (the
/// format is a few fixed blocks around LZW data, see `LZWCompressor`); libgd, which
/// wrote them before, spent most of a preview's time after painting in its encoder.
enum GIFEncoder {
    /// The GIF showing `images[shown[0]]`, `images[shown[1]]`, …: a frame that shows the
    /// same image as the one before is written as unchanged without being looked at.
    static func encode(_ images: [RunLengthImage], shown: [Int], width: Int, height: Int, palette: GIFPalette,
                       timing: GIFTiming) throws(RenderError) -> Data {
        guard !shown.isEmpty else { throw RenderError("no frames to write as a GIF") }
        guard width > 0, height > 0, width <= 0xFFFF, height <= 0xFFFF else {
            throw RenderError("a GIF of \(width)×\(height) pixels: each side must be 1...65535")
        }
        // The palette's colours, then the transparent entry that unchanged pixels take.
        let transparent = UInt8(palette.colors.count)
        var out: [UInt8] = Array("GIF89a".utf8)
        word(width, &out)
        word(height, &out)
        // A global colour table of 256 entries (8 bits), background 0, square pixels.
        out += [0xF7, 0, 0]
        for color in palette.colors + [palette.unusedColor] + Array(repeating: 0, count: 255 - palette.colors.count) {
            out += [UInt8(truncatingIfNeeded: color >> 16), UInt8(truncatingIfNeeded: color >> 8), UInt8(truncatingIfNeeded: color)]
        }
        // NETSCAPE2.0, loop count 0: forever.
        out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        // Frames are written in as many stretches as there are cores, each on its own:
        // a stretch starts from the screen the frame before it leaves, which is that
        // frame's image, so the bytes are those of one pass from the first frame.
        let stretches = max(1, min(ProcessInfo.processInfo.activeProcessorCount, shown.count / 8))
        let parts = Locked([[UInt8]](repeating: [], count: stretches))
        DispatchQueue.concurrentPerform(iterations: stretches) { i in
            let range = (shown.count * i / stretches)..<(shown.count * (i + 1) / stretches)
            let bytes = frames(range, of: images, shown: shown, width: width, height: height, palette: palette,
                               transparent: transparent, timing: timing)
            parts.withLock { $0[i] = bytes }
        }
        for part in parts.withLock({ $0 }) { out += part }
        out.append(0x3B)
        return Data(out)
    }

    /// The frames `range` of `shown`, written one after the other.
    private static func frames(_ range: Range<Int>, of images: [RunLengthImage], shown: [Int], width: Int, height: Int,
                               palette: GIFPalette, transparent: UInt8, timing: GIFTiming) -> [UInt8] {
        var out: [UInt8] = []
        var lzw = LZWCompressor()
        // Two screens of indices, reused: this frame's and the last one stored.
        var pixels = [UInt8](repeating: 0, count: width * height), previous = pixels
        var previousRuns: IndexRuns?
        if range.lowerBound > 0 {
            let before = IndexRuns(images[shown[range.lowerBound - 1]], palette: palette)
            before.write(into: &previous)
            previousRuns = before
        }
        // The indices a frame stores (its changed rectangle), reused.
        var stored: [UInt8] = []
        stored.reserveCapacity(width * height)
        for k in range {
            let slot = shown[k]
            if k > 0, slot == shown[k - 1] {
                unchangedFrame(transparent: transparent, timing: timing, lzw: &lzw, &out)
                continue
            }
            let runs = IndexRuns(images[slot], palette: palette)
            defer { previousRuns = runs }
            if k > 0, runs == previousRuns {
                unchangedFrame(transparent: transparent, timing: timing, lzw: &lzw, &out)
                continue
            }
            runs.write(into: &pixels)
            defer { swap(&pixels, &previous) }
            let changed = k == 0 ? ChangedRect(x: 0, y: 0, width: width, height: height)
                                 : ChangedRect(between: previous, and: pixels, width: width, height: height)
            frameHead(changed, transparent: transparent, timing: timing, &out)
            // A pixel equal to the last frame's is the transparent entry, so the frame
            // below shows through and the runs of them compress to little.
            stored.removeAll(keepingCapacity: true)
            pixels.withUnsafeBufferPointer { current in
                previous.withUnsafeBufferPointer { before in
                    for y in changed.y..<(changed.y + changed.height) {
                        let start = y * width + changed.x
                        if k == 0 {
                            stored += current[start..<(start + changed.width)]
                        } else {
                            for at in start..<(start + changed.width) {
                                let value = current[at]
                                stored.append(value == before[at] ? transparent : value)
                            }
                        }
                    }
                }
            }
            stored.withUnsafeBufferPointer { lzw.compress($0, into: &out) }
        }
        return out
    }

    /// A 16-bit little-endian number.
    private static func word(_ value: Int, _ out: inout [UInt8]) {
        out += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }

    /// A frame's graphic control extension (disposal 1, "none": each frame is drawn over
    /// the last, which the changed rectangle and its transparent pixels need; the delay
    /// in 1/100 s; the transparent entry) and its image descriptor (placed at `rect`, no
    /// colour table of its own).
    private static func frameHead(_ rect: ChangedRect, transparent: UInt8, timing: GIFTiming, _ out: inout [UInt8]) {
        out += [0x21, 0xF9, 4, 1 << 2 | 1]
        word(timing.delay, &out)
        out += [transparent, 0, 0x2C]
        for value in [rect.x, rect.y, rect.width, rect.height] { word(value, &out) }
        out.append(0)
    }

    /// A frame that changes nothing: one transparent pixel, which keeps the frame and
    /// its delay and costs a few bytes (a GIF frame cannot be empty).
    private static func unchangedFrame(transparent: UInt8, timing: GIFTiming, lzw: inout LZWCompressor, _ out: inout [UInt8]) {
        frameHead(ChangedRect(x: 0, y: 0, width: 1, height: 1), transparent: transparent, timing: timing, &out)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { pixel in
            pixel[0] = transparent
            lzw.compress(UnsafeBufferPointer(pixel), into: &out)
        }
    }
}
