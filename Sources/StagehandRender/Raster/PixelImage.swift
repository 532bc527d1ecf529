import CRenderLibraries
import Foundation

/// Pixels read back from a PNG (through cairo's own reader), for checking pictures: the
/// tests look at rendered frames and at browser screenshots with it.
struct PixelImage: Sendable {
    let width: Int
    let height: Int
    /// Row by row, 0xAARRGGBB, premultiplied as cairo keeps them.
    let pixels: [UInt32]

    init(width: Int, height: Int, pixels: [UInt32]) {
        (self.width, self.height, self.pixels) = (width, height, pixels)
    }

    /// nil when the file is not a PNG cairo can read (or cairo cannot be loaded).
    init?(pngFile path: String) {
        guard let cairo = try? RenderLibraries.cairo() else { return nil }
        let surface = cairo.image_surface_create_from_png(path)
        defer { cairo.surface_destroy(surface) }
        guard cairo.surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo.surface_flush(surface)
        let w = Int(cairo.image_surface_get_width(surface)), h = Int(cairo.image_surface_get_height(surface))
        let stride = Int(cairo.image_surface_get_stride(surface)) / 4
        let format = cairo.image_surface_get_format(surface)
        guard let data = cairo.image_surface_get_data(surface) else { return nil }
        let source = UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self)
        var out = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let p = source[y * stride + x]
                // RGB24 leaves the top byte undefined: the image is opaque.
                out[y * w + x] = format == CAIRO_FORMAT_RGB24 ? (p | 0xFF00_0000) : p
            }
        }
        (width, height, pixels) = (w, h, out)
    }

    init?(png data: Data) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stagehand-\(UUID().uuidString).png").path
        guard FileManager.default.createFile(atPath: path, contents: data) else { return nil }
        defer { try? FileManager.default.removeItem(atPath: path) }
        self.init(pngFile: path)
    }

    /// The colour at a pixel, un-premultiplied, as 0...255 components.
    func rgba(_ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        let p = pixels[y * width + x]
        let a = Int(p >> 24)
        guard a > 0 else { return (0, 0, 0, 0) }
        func channel(_ shift: UInt32) -> Int { (Int((p >> shift) & 0xFF) * 255 + a / 2) / a }
        return (channel(16), channel(8), channel(0), a)
    }

    /// The mean absolute difference per colour component (0...255) over the top-left
    /// area both images cover: how far two renderings of one frame are apart (a browser
    /// screenshot taller than the picture is compared on the picture alone).
    func meanAbsoluteError(to other: PixelImage) -> Double {
        let w = min(width, other.width), h = min(height, other.height)
        guard w > 0, h > 0 else { return .infinity }
        var total = 0
        for y in 0..<h {
            for x in 0..<w {
                let a = rgba(x, y), b = other.rgba(x, y)
                total += abs(a.red - b.red) + abs(a.green - b.green) + abs(a.blue - b.blue)
            }
        }
        return Double(total) / Double(3 * w * h)
    }
}
