import Foundation
import StagehandCore
import StagehandHost
@testable import StagehandRender
import Testing

/// Plus-lighter compositing as drawn: a cross-fade of two identical images at opacities
/// p and 1 − p makes exactly the image (CSS's reason for it), where normal compositing
/// lets the backdrop show through (Hero's alpha dip).
@Suite struct PlusLighterPixelTests {
    static let backdrop = Color(red: 0, green: 0, blue: 1)
    static let sky = Color(red: 0.96, green: 0.64, blue: 0.38)

    /// A blue backdrop and, in a transparent holder above it, one picture per opacity in
    /// `alphas` at the same place (a picture is several shapes: sky, sun, hills).
    static func scene(_ alphas: [Double], _ compositing: Compositing) -> (Window) -> Void {
        { window in
            let back = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
            back.backgroundColor = backdrop
            window.addSubview(back)
            let holder = View(frame: Rect(x: 0, y: 0, width: 400, height: 400), kind: .container)
            window.addSubview(holder)
            for alpha in alphas {
                let picture = View(frame: Rect(x: 50, y: 50, width: 300, height: 200), kind: .image)
                picture.backgroundColor = sky
                picture.cornerRadius = 24
                picture.alpha = alpha
                picture.compositing = compositing
                holder.addSubview(picture)
            }
        }
    }

    /// The largest difference of any channel (premultiplied, as drawn) of any pixel.
    static func difference(_ a: PixelImage, _ b: PixelImage) -> Int {
        var worst = 0
        for (p, q) in zip(a.pixels, b.pixels) {
            for shift: UInt32 in [0, 8, 16, 24] {
                worst = max(worst, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
            }
        }
        return worst
    }

    /// The same picture to the 8-bit level: each copy's pixels times its opacity are
    /// rounded to 8 bits before they are added (cairo's opacity is itself a multiple of
    /// 1/255), so a channel may be off by the two roundings, two levels of 255; normal
    /// compositing is off by tens.
    @Test(arguments: [0.25, 0.5, 0.3, 0.9])
    func twoIdenticalImagesAtPAndOneMinusPMakeTheImage(p: Double) throws {
        let whole = try LayerPropertyPixelTests.pixels(Self.scene([1], .normal))
        let added = try LayerPropertyPixelTests.pixels(Self.scene([p, 1 - p], .plusLighter))
        #expect(Self.difference(whole, added) <= 2, "p = \(p)")
        // Normally composited, the backdrop shows through: at p = ½ a quarter of it.
        let over = try LayerPropertyPixelTests.pixels(Self.scene([p, 1 - p], .normal))
        #expect(Self.difference(whole, over) > 20)
    }

    /// Inside the picture, away from the sun and hills, the sky's exact colour.
    @Test func theSumIsTheSkysColourNotAMixWithTheBackdrop() throws {
        let image = try LayerPropertyPixelTests.pixels(Self.scene([0.5, 0.5], .plusLighter))
        expectPixel(image, 70, 70, Bytes(245, 163, 97), "the sky at its top left", tolerance: 1)
        expectPixel(image, 20, 20, Bytes(0, 0, 255), "the backdrop outside the picture", tolerance: 0)
    }

    @Test func theSVGAddsThePicturesInAnIsolatedGroup() throws {
        let (frame, renderer) = try LayerPropertyPixelTests.frame(Self.scene([0.25, 0.75], .plusLighter))
        #expect(frame.views.filter { $0.compositing == "plus-lighter" }.count == 2)
        let svg = try renderer.svg(frame: frame)
        #expect(svg.components(separatedBy: "<g style=\"isolation:isolate\" opacity=\"1\">").count == 2)
        #expect(svg.contains("<g style=\"mix-blend-mode:plus-lighter\" opacity=\"0.25\">"))
        #expect(svg.contains("<g style=\"mix-blend-mode:plus-lighter\" opacity=\"0.75\">"))
        #expect(svg.components(separatedBy: "<g ").count == svg.components(separatedBy: "</g>").count)
    }
}
