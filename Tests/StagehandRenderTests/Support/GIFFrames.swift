import Foundation
@testable import StagehandRender

/// What a browser shows at each frame of a GIF: every frame drawn over the last (disposal
/// "none"), its transparent pixels leaving the last one showing. Each frame is decoded by
/// libgd, handed its bytes as a one-frame GIF behind the file's own header.
enum GIFFrames {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// The screen after each frame, 0xFFRRGGBB.
    static func composed(_ gif: Data) throws -> [PixelImage] {
        let structure = try GIFStructure(gif)
        let bytes = [UInt8](gif)
        var screen = [UInt32](repeating: 0xFF00_0000, count: structure.width * structure.height)
        var shown: [PixelImage] = []
        for (k, frame) in structure.frames.enumerated() {
            let single = Data(Array(structure.header) + bytes[frame.bytes] + [0x3B])
            guard let image = GIFFirstFrame.framePixels(single) else { throw Unreadable(description: "libgd cannot read frame \(k)") }
            guard image.width == frame.width, image.height == frame.height else {
                throw Unreadable(description: "frame \(k) is \(image.width)×\(image.height), its descriptor says \(frame.width)×\(frame.height)")
            }
            for y in 0..<frame.height {
                for x in 0..<frame.width where image.pixels[y * frame.width + x] != 0 {
                    screen[(frame.top + y) * structure.width + frame.left + x] = image.pixels[y * frame.width + x]
                }
            }
            shown.append(PixelImage(width: structure.width, height: structure.height, pixels: screen))
        }
        return shown
    }
}
