import CRenderLibraries
import Foundation

/// Reads back the first frame of a GIF with libgd, to compare what the GIF shows with
/// the PNG of the same frame (the palette's error), as the tests do.
enum GIFFirstFrame {
    /// Opaque pixels; nil when libgd cannot read the GIF (or cannot be loaded).
    static func pixels(_ gif: Data) -> PixelImage? {
        image(gif, clearTransparent: false)
    }

    /// The frame's own rectangle, with the pixels of its transparent entry 0 (clear) —
    /// for composing a GIF's frames one over the other; nil when libgd cannot read it.
    static func framePixels(_ gif: Data) -> PixelImage? {
        image(gif, clearTransparent: true)
    }

    private static func image(_ gif: Data, clearTransparent: Bool) -> PixelImage? {
        guard let gd = try? RenderLibraries.gd() else { return nil }
        let image: gdImagePtr? = gif.withUnsafeBytes { raw in
            gd.ImageCreateFromGifPtr(Int32(raw.count), UnsafeMutableRawPointer(mutating: raw.baseAddress))
        }
        guard let image else { return nil }
        defer { gd.ImageDestroy(image) }
        let w = Int(image.pointee.sx), h = Int(image.pointee.sy)
        var pixels = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                // 0xAARRGGBB with gd's 7-bit alpha (127: the transparent entry),
                // converted from the palette by gd.
                let c = UInt32(bitPattern: gd.ImageGetTrueColorPixel(image, Int32(x), Int32(y)))
                pixels[y * w + x] = clearTransparent && c >> 24 == 127 ? 0 : 0xFF00_0000 | (c & 0xFF_FFFF)
            }
        }
        return PixelImage(width: w, height: h, pixels: pixels)
    }
}
