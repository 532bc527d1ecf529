import CRenderLibraries
import Dispatch
import Foundation
import StagehandShared

/// Writes an animated GIF with libgd: one global palette, frames that store only the
/// rectangle that changed, with the pixels in it that did not change made transparent,
/// disposal "none", and a loop block asking to play forever.
///
/// The changed rectangle and its transparent pixels are found here, from the frames'
/// palette indices (gd finds them pixel by pixel through its accessors when handed the
/// previous frame), and each frame's indices are written straight into the rows of a gd
/// palette image: gd then only compresses them. Its encoder is as fast as a hand-written
/// one fed the same indices (125 frames of 390 × 844 in 1.3–1.7 s against 1.8 s), and
/// giflib and cgif, measured too, were slower (3.5 s and 4.2 s).
enum GIFEncoder {
    /// The GIF showing `images[shown[0]]`, `images[shown[1]]`, …: a frame that shows the
    /// same image as the one before is written as unchanged without being looked at.
    static func encode(_ images: [RunLengthImage], shown: [Int], width: Int, height: Int, palette: GIFPalette,
                       timing: GIFTiming) throws(RenderError) -> Data {
        guard !shown.isEmpty else { throw RenderError("no frames to write as a GIF") }
        guard width > 0, height > 0, width <= 0xFFFF, height <= 0xFFFF else {
            throw RenderError("a GIF of \(width)×\(height) pixels: each side must be 1...65535")
        }
        let gd = try RenderLibraries.gd()
        var out = Data()
        var size: Int32 = 0
        // The screen's size and the global colour map come from an image of the whole
        // screen with the palette; loop count 0: forever.
        guard let (screen, _) = paletteImage(gd: gd, width: width, height: height, palette: palette) else {
            throw RenderError("libgd cannot make a \(width)×\(height) image (out of memory?)")
        }
        defer { gd.ImageDestroy(screen) }
        guard let head = gd.ImageGifAnimBeginPtr(screen, &size, 1, 0) else { throw RenderError("libgd could not start the GIF") }
        out.append(head.assumingMemoryBound(to: UInt8.self), count: Int(size))
        gd.Free(head)
        // Frames are written in as many stretches as there are cores, each on its own
        // (gd keeps an encoding's state in the call): a stretch starts from the screen the
        // frame before it leaves, which is that frame's image, so the bytes are those of
        // one pass from the first frame.
        let stretches = max(1, min(ProcessInfo.processInfo.activeProcessorCount, shown.count / 8))
        let parts = Locked([Result<Data, RenderError>](repeating: .success(Data()), count: stretches))
        DispatchQueue.concurrentPerform(iterations: stretches) { i in
            let range = (shown.count * i / stretches)..<(shown.count * (i + 1) / stretches)
            let part = Result { () throws(RenderError) -> Data in
                try frames(range, of: images, shown: shown, width: width, height: height, palette: palette,
                           timing: timing, gd: gd)
            }
            parts.withLock { $0[i] = part }
        }
        for part in parts.withLock({ $0 }) { out.append(try part.get()) }
        guard let tail = gd.ImageGifAnimEndPtr(&size) else { throw RenderError("libgd could not end the GIF") }
        out.append(tail.assumingMemoryBound(to: UInt8.self), count: Int(size))
        gd.Free(tail)
        return out
    }

    /// The frames `range` of `shown`, written one after the other.
    private static func frames(_ range: Range<Int>, of images: [RunLengthImage], shown: [Int], width: Int, height: Int,
                               palette: GIFPalette, timing: GIFTiming, gd: stagehand_gd) throws(RenderError) -> Data {
        var out = Data()
        // An unchanged frame's bytes are the same every time: made once.
        var unchanged: Data?
        func appendUnchanged() throws(RenderError) {
            if unchanged == nil { unchanged = try unchangedFrame(gd: gd, palette: palette, timing: timing) }
            out.append(unchanged!)
        }
        // Two screens of indices, reused: this frame's and the last one stored.
        var pixels = [UInt8](repeating: 0, count: width * height), previous = pixels
        var previousRuns: IndexRuns?
        if range.lowerBound > 0 {
            let before = IndexRuns(images[shown[range.lowerBound - 1]], palette: palette)
            before.write(into: &previous)
            previousRuns = before
        }
        for k in range {
            let slot = shown[k]
            if k > 0, slot == shown[k - 1] {
                try appendUnchanged()
                continue
            }
            let runs = IndexRuns(images[slot], palette: palette)
            defer { previousRuns = runs }
            if k > 0, runs == previousRuns {
                // gd cannot store an empty change (it fails on a 0×0 rectangle): an
                // unchanged frame is one transparent pixel, which keeps the frame and
                // its delay and costs a few bytes.
                try appendUnchanged()
                continue
            }
            runs.write(into: &pixels)
            defer { swap(&pixels, &previous) }
            let changed = k == 0 ? ChangedRect(x: 0, y: 0, width: width, height: height)
                                 : ChangedRect(between: previous, and: pixels, width: width, height: height)
            guard let image = makeImage(pixels, previous: k == 0 ? nil : previous, in: changed, width: width, gd: gd,
                                        palette: palette) else {
                throw RenderError("libgd cannot make a \(changed.width)×\(changed.height) image (out of memory?)")
            }
            defer { gd.ImageDestroy(image) }
            // No local colour map; placed at the changed rectangle; delay in 1/100 s;
            // disposal 1 (gdDisposalNone): each frame is drawn over the last, which is
            // what the changed rectangle and its transparent pixels need.
            var size: Int32 = 0
            guard let body = gd.ImageGifAnimAddPtr(image, &size, 0, Int32(changed.x), Int32(changed.y), Int32(timing.delay), 1, nil) else {
                throw RenderError("libgd could not add frame \(k) to the GIF")
            }
            out.append(body.assumingMemoryBound(to: UInt8.self), count: Int(size))
            gd.Free(body)
        }
        return out
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

    /// The `rect` of a frame as a gd image, its indices written straight into gd's rows;
    /// a pixel equal to `previous`'s is the transparent entry, so the frame below shows
    /// through and the runs of them compress to little.
    private static func makeImage(_ pixels: [UInt8], previous: [UInt8]?, in rect: ChangedRect, width: Int,
                                  gd: stagehand_gd, palette: GIFPalette) -> gdImagePtr? {
        guard let (image, transparent) = paletteImage(gd: gd, width: rect.width, height: rect.height, palette: palette) else { return nil }
        guard let rows = image.pointee.pixels else {
            gd.ImageDestroy(image)
            return nil
        }
        let clear = UInt8(truncatingIfNeeded: transparent)
        let before = previous ?? []
        pixels.withUnsafeBufferPointer { current in
            before.withUnsafeBufferPointer { before in
                for r in 0..<rect.height {
                    let row = rows[r]!
                    let start = (rect.y + r) * width + rect.x
                    if before.isEmpty {
                        for x in 0..<rect.width { row[x] = current[start + x] }
                    } else {
                        for x in 0..<rect.width {
                            let value = current[start + x]
                            row[x] = value == before[start + x] ? clear : value
                        }
                    }
                }
            }
        }
        return image
    }

    private static func unchangedFrame(gd: stagehand_gd, palette: GIFPalette, timing: GIFTiming) throws(RenderError) -> Data {
        guard let (pixel, transparent) = paletteImage(gd: gd, width: 1, height: 1, palette: palette) else {
            throw RenderError("libgd cannot make an image (out of memory?)")
        }
        defer { gd.ImageDestroy(pixel) }
        gd.ImageSetPixel(pixel, 0, 0, transparent)
        var size: Int32 = 0
        guard let body = gd.ImageGifAnimAddPtr(pixel, &size, 0, 0, 0, Int32(timing.delay), 1, nil) else {
            throw RenderError("libgd could not add an unchanged frame to the GIF")
        }
        defer { gd.Free(body) }
        return Data(bytes: body, count: Int(size))
    }
}
