import CKernels
import CRenderLibraries
import Dispatch
import Foundation
import StagehandShared

/// Writes an animated GIF: one global palette, frames that store only the rectangle that
/// changed, with the pixels in it that did not change made transparent, disposal "none",
/// and a loop block asking to play forever.
///
/// The changed rectangle and its transparent pixels are found here, from the frames'
/// palette indices, and each frame is compressed here too (`LZWCompressor`,
/// `GIFFrameBlock`); libgd writes only the header (the logical screen, the global colour
/// table, the loop block) and the end. Its own compressor, fed the same indices through a
/// gd palette image, was a quarter of a gallery's processor time; giflib and cgif,
/// measured too, were slower still.
enum GIFEncoder {
    /// The GIF showing `images[shown[0]]`, `images[shown[1]]`, …, handed to `write` part
    /// after part, in order: a frame that shows the same image as the one before is
    /// written as unchanged without being looked at. An image's colour numbered n by its
    /// worker w has the palette entry `entries[w][n]`.
    ///
    /// Frames are written in stretches, each on its own, a few per core so that a
    /// stretch of large changes does not keep one core busy while the others wait: a
    /// stretch starts from the screen the frame before it leaves, which is that frame's
    /// image, so the bytes are those of one pass from the first frame. The calling thread
    /// encodes stretches too, and hands each to `write` as soon as it and those before it
    /// are done, so that a file is written while the rest is encoded and the whole GIF
    /// is never held at once.
    static func encode(_ images: [RunLengthImage], shown: [Int], width: Int, height: Int, palette: GIFPalette,
                       entries: [[UInt8]], timing: GIFTiming, into write: (Data) -> Void) throws(RenderError) {
        guard !shown.isEmpty else { throw RenderError("no frames to write as a GIF") }
        guard width > 0, height > 0, width <= 0xFFFF, height <= 0xFFFF else {
            throw RenderError("a GIF of \(width)×\(height) pixels: each side must be 1...65535")
        }
        let gd = try RenderLibraries.gd()
        var size: Int32 = 0
        // The screen's size and the global colour map come from an image of the whole
        // screen with the palette; loop count 0: forever.
        guard let (screen, _) = paletteImage(gd: gd, width: width, height: height, palette: palette) else {
            throw RenderError("libgd cannot make a \(width)×\(height) image (out of memory?)")
        }
        defer { gd.ImageDestroy(screen) }
        guard let head = gd.ImageGifAnimBeginPtr(screen, &size, 1, 0) else { throw RenderError("libgd could not start the GIF") }
        let start = Data(bytes: head, count: Int(size))
        gd.Free(head)
        guard let tail = gd.ImageGifAnimEndPtr(&size) else { throw RenderError("libgd could not end the GIF") }
        let end = Data(bytes: tail, count: Int(size))
        gd.Free(tail)
        write(start)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let stretches = max(1, min(4 * cores, shown.count / 8))
        let work = GIFStretches(count: stretches) { i in
            let range = (shown.count * i / stretches)..<(shown.count * (i + 1) / stretches)
            return frames(range, of: images, shown: shown, width: width, height: height, palette: palette,
                          entries: entries, timing: timing)
        }
        work.run(helpers: cores - 1, into: write)
        write(end)
    }

    /// The frames `range` of `shown`, written one after the other.
    private static func frames(_ range: Range<Int>, of images: [RunLengthImage], shown: [Int], width: Int, height: Int,
                               palette: GIFPalette, entries: [[UInt8]], timing: GIFTiming) -> Data {
        // Room for an eighth of a byte per pixel of the frames at once (their runs of
        // unchanged pixels compress to far less): grown by doubling instead, the bytes
        // were copied at each step into fresh pages, faulted in again. Pages reserved
        // and not written cost nothing.
        var out: [UInt8] = []
        out.reserveCapacity(range.count * (width * height / 8) + 4096)
        let block = GIFFrameBlock(colors: palette.colors.count + 1, transparent: palette.colors.count, delay: timing.delay)
        let compressor = LZWCompressor()
        // Two screens of indices, reused: this frame's and the last one stored; and the
        // changed rectangle's indices.
        let count = width * height
        var pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: count + RunLengthImage.indexPadding)
        var previous = UnsafeMutablePointer<UInt8>.allocate(capacity: count + RunLengthImage.indexPadding)
        let rectangle = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        defer {
            pixels.deallocate()
            previous.deallocate()
            rectangle.deallocate()
        }
        if range.lowerBound > 0 {
            let before = images[shown[range.lowerBound - 1]]
            before.writeIndices(entries[before.worker], into: previous)
        }
        // gd could not store an empty change (a 0×0 rectangle), nor can a GIF decoder be
        // relied on to read one: an unchanged frame is one transparent pixel, which keeps
        // the frame and its delay and costs a few bytes.
        func appendUnchanged() {
            let clear = [UInt8(truncatingIfNeeded: block.transparent)]
            clear.withUnsafeBufferPointer { block.append($0, at: ChangedRect(x: 0, y: 0, width: 1, height: 1), compressor: compressor, to: &out) }
        }
        for k in range {
            let slot = shown[k]
            if k > 0, slot == shown[k - 1] {
                appendUnchanged()
                continue
            }
            let image = images[slot]
            image.writeIndices(entries[image.worker], into: pixels)
            let changed: ChangedRect
            if k == 0 {
                changed = ChangedRect(x: 0, y: 0, width: width, height: height)
            } else if let rect = ChangedRect(between: previous, and: pixels, width: width, height: height) {
                changed = rect
            } else {
                // Other colours, the same entries.
                appendUnchanged()
                continue
            }
            cut(changed, of: pixels, previous: k == 0 ? nil : previous, width: width,
                transparent: UInt8(truncatingIfNeeded: block.transparent), into: rectangle)
            block.append(UnsafeBufferPointer(start: rectangle, count: changed.width * changed.height), at: changed,
                         compressor: compressor, to: &out)
            swap(&pixels, &previous)
        }
        return Data(out)
    }

    /// An empty palette image with the GIF's palette plus the transparent entry.
    private static func paletteImage(gd: stagehand_gd, width: Int, height: Int, palette: GIFPalette) -> (gdImagePtr, Int32)? {
        guard let image = gd.ImageCreate(Int32(width), Int32(height)) else { return nil }
        for color in palette.colors {
            _ = gd.ImageColorAllocate(image, Int32((color >> 16) & 0xFF), Int32((color >> 8) & 0xFF), Int32(color & 0xFF))
        }
        let spare = palette.unusedColor
        let transparent = gd.ImageColorAllocate(image, Int32((spare >> 16) & 0xFF), Int32((spare >> 8) & 0xFF), Int32(spare & 0xFF))
        gd.ImageColorTransparent(image, transparent)
        return (image, transparent)
    }

    /// The `rect` of a frame, row after row, into `out`; a pixel equal to `previous`'s
    /// is the transparent entry, so the frame below shows through and the runs of them
    /// compress to little. The rows are compared as many bytes at a time as the
    /// processor's vectors hold (`stagehand_gif_cut_row`).
    private static func cut(_ rect: ChangedRect, of current: UnsafePointer<UInt8>, previous before: UnsafePointer<UInt8>?,
                            width: Int, transparent: UInt8, into out: UnsafeMutablePointer<UInt8>) {
        let level = stagehand_kernel_level()
        for r in 0..<rect.height {
            let start = (rect.y + r) * width + rect.x
            let row = r * rect.width
            guard let before else {
                (out + row).update(from: current + start, count: rect.width)
                continue
            }
            stagehand_gif_cut_row(level, current + start, before + start, rect.width, transparent, out + row)
        }
    }
}
