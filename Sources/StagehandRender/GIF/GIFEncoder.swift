import CRenderLibraries
import Foundation

/// Writes an animated GIF with libgd: one global palette, frames that store only the
/// rectangle that changed (gd compares each frame with the previous one and makes
/// unchanged pixels transparent), disposal "none", and a loop block asking to play
/// forever.
enum GIFEncoder {
    static func encode(_ frames: [RunLengthImage], width: Int, height: Int, palette: GIFPalette,
                       timing: GIFTiming) throws(RenderError) -> Data {
        guard !frames.isEmpty else { throw RenderError("no frames to write as a GIF") }
        let gd = try RenderLibraries.gd()
        var out = Data()
        var size: Int32 = 0
        var previous: gdImagePtr?
        defer { if let previous { gd.ImageDestroy(previous) } }
        var previousRuns: IndexRuns?
        for (k, frame) in frames.enumerated() {
            let runs = IndexRuns(frame, palette: palette)
            defer { previousRuns = runs }
            if k > 0, runs == previousRuns {
                // gd cannot store an empty change (it fails on a 0×0 rectangle): an
                // unchanged frame is one transparent pixel, which keeps the frame and
                // its delay and costs a few bytes.
                try appendUnchanged(to: &out, gd: gd, palette: palette, timing: timing)
                continue
            }
            guard let image = makeImage(runs, gd: gd, width: width, height: height, palette: palette) else {
                throw RenderError("libgd cannot make a \(width)×\(height) image (out of memory?)")
            }
            if k == 0 {
                // Global colour map, loop count 0: forever.
                guard let head = gd.ImageGifAnimBeginPtr(image, &size, 1, 0) else {
                    gd.ImageDestroy(image)
                    throw RenderError("libgd could not start the GIF")
                }
                out.append(head.assumingMemoryBound(to: UInt8.self), count: Int(size))
                gd.Free(head)
            }
            // No local colour map; delay in 1/100 s; disposal 1 (gdDisposalNone): each
            // frame is drawn over the last, which is what the changed-rectangle needs.
            guard let body = gd.ImageGifAnimAddPtr(image, &size, 0, 0, 0, Int32(timing.delay), 1, previous) else {
                gd.ImageDestroy(image)
                throw RenderError("libgd could not add frame \(k) to the GIF")
            }
            out.append(body.assumingMemoryBound(to: UInt8.self), count: Int(size))
            gd.Free(body)
            if let previous { gd.ImageDestroy(previous) }
            previous = image
        }
        guard let tail = gd.ImageGifAnimEndPtr(&size) else { throw RenderError("libgd could not end the GIF") }
        out.append(tail.assumingMemoryBound(to: UInt8.self), count: Int(size))
        gd.Free(tail)
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

    /// The image of a frame, its indices written straight into gd's rows.
    private static func makeImage(_ runs: IndexRuns, gd: stagehand_gd, width: Int, height: Int, palette: GIFPalette) -> gdImagePtr? {
        guard let (image, _) = paletteImage(gd: gd, width: width, height: height, palette: palette) else { return nil }
        guard let rows = image.pointee.pixels else {
            gd.ImageDestroy(image)
            return nil
        }
        var x = 0, y = 0
        for (value, length) in zip(runs.indices, runs.lengths) {
            var remaining = length
            while remaining > 0, y < height {
                let n = min(remaining, width - x)
                memset(rows[y]! + x, Int32(value), n)
                remaining -= n
                x += n
                if x == width { (x, y) = (0, y + 1) }
            }
        }
        return image
    }

    private static func appendUnchanged(to out: inout Data, gd: stagehand_gd, palette: GIFPalette, timing: GIFTiming) throws(RenderError) {
        guard let (pixel, transparent) = paletteImage(gd: gd, width: 1, height: 1, palette: palette) else {
            throw RenderError("libgd cannot make an image (out of memory?)")
        }
        defer { gd.ImageDestroy(pixel) }
        gd.ImageSetPixel(pixel, 0, 0, transparent)
        var size: Int32 = 0
        guard let body = gd.ImageGifAnimAddPtr(pixel, &size, 0, 0, 0, Int32(timing.delay), 1, nil) else {
            throw RenderError("libgd could not add an unchanged frame to the GIF")
        }
        out.append(body.assumingMemoryBound(to: UInt8.self), count: Int(size))
        gd.Free(body)
    }
}
