import Foundation
import StagehandCore
@testable import StagehandRender
import StagehandTrace
import Testing

/// The canvas's own polygon filler: each pixel's coverage must be the exact area of the
/// pixel inside the outline, which is worked out here another way (the outline cut to the
/// pixel's square and measured by the shoelace formula), and the colour must be put over
/// what is there as premultiplied "over" does.
@Suite struct PolygonFillerTests {
    static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    /// Fills `polygons` in opaque white on a black `width`×`height` picture; each pixel's
    /// red byte.
    static func fill(_ polygons: [[Point]], width: Int, height: Int, color: RGBA = RGBA(1, 1, 1)) -> [UInt32] {
        var pixels = [UInt32](repeating: 0xFF00_0000, count: width * height)
        pixels.withUnsafeMutableBufferPointer { buffer in
            PolygonFiller().fill(polygons, color: color, pixels: buffer.baseAddress!, stride: width, width: width, height: height)
        }
        return pixels
    }

    /// The area of the pixel (x, y) inside the simple polygon `polygon`.
    static func area(of polygon: [Point], inPixel x: Int, _ y: Int) -> Double {
        let square = ConvexPolygon([p(Double(x), Double(y)), p(Double(x + 1), Double(y)), p(Double(x + 1), Double(y + 1)),
                                    p(Double(x), Double(y + 1))])!
        let piece = square.clip(polygon)
        guard !piece.isEmpty else { return 0 }
        return abs(piece.indices.reduce(0.0) { sum, i in
            let a = piece[i], b = piece[(i + 1) % piece.count]
            return sum + a.x * b.y - b.x * a.y
        }) / 2
    }

    /// Convex and concave outlines at odd positions, some running past the picture's
    /// edges: every pixel within one step of 255 of its exact coverage.
    @Test(arguments: ["turned square", "triangle", "concave arrow", "thin sliver", "past the edges"])
    func eachPixelIsCoveredByTheAreaInsideTheOutline(name: String) {
        let polygon: [Point]
        switch name {
        case "turned square":
            polygon = (0..<4).map { k in
                let a = 0.37 + Double(k) * Double.pi / 2
                return Self.p(10.3 + 7.1 * cos(a), 9.7 + 7.1 * sin(a))
            }
        case "triangle":
            polygon = [Self.p(1.2, 2.7), Self.p(18.9, 5.15), Self.p(6.4, 17.8)]
        case "concave arrow":
            polygon = [Self.p(2.5, 2.5), Self.p(17.25, 10.1), Self.p(2.5, 17.6), Self.p(7.8, 10.1)]
        case "thin sliver":
            polygon = [Self.p(1.1, 3.3), Self.p(18.7, 4.05), Self.p(18.7, 4.35), Self.p(1.1, 3.6)]
        default:
            polygon = [Self.p(-6.5, -3.2), Self.p(25.5, 4.4), Self.p(12.2, 27.9)]
        }
        let (width, height) = (20, 20)
        let pixels = Self.fill([polygon], width: width, height: height)
        var worst = 0.0, covered = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let exact = Self.area(of: polygon, inPixel: x, y) * 255
                covered += exact
                let red = Double((pixels[y * width + x] >> 16) & 255)
                worst = max(worst, abs(red - exact))
            }
        }
        #expect(covered > 255 * 5, "the case covers some pixels")
        #expect(worst <= 1.01, "a pixel is \(worst) from its exact coverage")
    }

    /// A contour inside another running the other way is a hole (as a glyph's counter);
    /// two overlapping the same way cover their overlap once.
    @Test func holesAreLeftAndOverlapsCoverOnce() {
        let outer = [Self.p(2, 2), Self.p(18, 2), Self.p(18, 18), Self.p(2, 18)]
        let hole = [Self.p(6, 6), Self.p(6, 14), Self.p(14, 14), Self.p(14, 6)]
        let ring = Self.fill([outer, hole], width: 20, height: 20)
        #expect(ring[4 * 20 + 4] & 0xFF_FFFF == 0xFF_FFFF, "the ring")
        #expect(ring[10 * 20 + 10] & 0xFF_FFFF == 0, "the hole")
        let twice = Self.fill([outer, [Self.p(6, 6), Self.p(14, 6), Self.p(14, 14), Self.p(6, 14)]], width: 20, height: 20,
                              color: RGBA(1, 1, 1, 0.5))
        #expect(twice[10 * 20 + 10] == twice[4 * 20 + 4], "the overlap is covered as the rest")
    }

    /// A colour at half alpha over a known pixel: premultiplied over, to within rounding.
    @Test func aTranslucentColourIsPutOverWhatIsThere() {
        var pixels = [UInt32](repeating: 0xFF20_4080, count: 16)
        pixels.withUnsafeMutableBufferPointer { buffer in
            PolygonFiller().fill([[Self.p(0, 0), Self.p(4, 0), Self.p(4, 4), Self.p(0, 4)]], color: RGBA(1, 0.5, 0, 0.5),
                                 pixels: buffer.baseAddress!, stride: 4, width: 4, height: 4)
        }
        // Each channel: the colour × 0.5 + what was below × 0.5; alpha stays opaque.
        let got = [pixels[5] >> 24, (pixels[5] >> 16) & 255, (pixels[5] >> 8) & 255, pixels[5] & 255].map(Double.init)
        let expected = [255, 255 * 0.5 + 0x20 * 0.5, 127.5 * 0.5 + 0x40 * 0.5, 0 + 0x80 * 0.5]
        for (channel, (g, e)) in zip(["alpha", "red", "green", "blue"], zip(got, expected)) {
            #expect(abs(g - e) <= 1, "\(channel): \(g) for \(e)")
        }
    }

    /// Nothing outside the outline's pixels changes, and an outline wholly off the
    /// picture changes nothing (and does not crash).
    @Test func pixelsOutsideTheOutlineAreLeftAlone() {
        let pixels = Self.fill([[Self.p(5, 5), Self.p(9, 5), Self.p(9, 9), Self.p(5, 9)]], width: 20, height: 20)
        for y in 0..<20 {
            for x in 0..<20 where !(5..<9).contains(x) || !(5..<9).contains(y) {
                #expect(pixels[y * 20 + x] == 0xFF00_0000, "pixel (\(x), \(y))")
            }
        }
        for away in [[Self.p(-9, -9), Self.p(-1, -9), Self.p(-1, -1)], [Self.p(30, 3), Self.p(40, 3), Self.p(35, 9)],
                     [Self.p(3, 25), Self.p(9, 25), Self.p(6, 40)]] {
            #expect(Self.fill([away], width: 20, height: 20).allSatisfy { $0 == 0xFF00_0000 })
        }
    }

    /// Several colours over one outline: the same bytes as one fill after another,
    /// partly covered edge pixels included, with an opaque colour among them.
    @Test func coloursFilledTogetherAreTheColoursFilledInTurn() {
        let tile = (0..<4).map { k -> Point in
            let a = 0.41 + Double(k) * Double.pi / 2
            return Self.p(10.2 + 7.3 * cos(a), 9.9 + 7.3 * sin(a))
        }
        for colors in [[RGBA(0.3, 0.6, 0.9, 0.8), RGBA(1, 1, 1, 0.8)],
                       [RGBA(0.9, 0.1, 0.2, 0.5), RGBA(0.2, 0.7, 0.3), RGBA(0, 0, 0, 0.3)]] {
            var together = [UInt32](repeating: 0xFF40_6080, count: 400), apart = together
            together.withUnsafeMutableBufferPointer { buffer in
                PolygonFiller().fill([tile], colors: colors, pixels: buffer.baseAddress!, stride: 20, width: 20, height: 20)
            }
            apart.withUnsafeMutableBufferPointer { buffer in
                for color in colors {
                    PolygonFiller().fill([tile], color: color, pixels: buffer.baseAddress!, stride: 20, width: 20, height: 20)
                }
            }
            #expect(together == apart)
            #expect(together.contains { $0 != 0xFF40_6080 })
        }
    }

    /// A tile's fills over a picture that is not one flat colour (stripes one to four
    /// pixels wide, translucent and opaque, on a transparent background), several colours
    /// at once and an opaque one under a translucent one: the filler's bytes must be
    /// cairo's, pixel by pixel. The pieces lie on whole pixels, where cairo's coverage is
    /// exact as the filler's is.
    @Test func overPixelsThatDifferTheFillsAreCairos() throws {
        let screen = Size(width: 40, height: 24)
        func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Shape {
            .roundedRect(Rect(x: x, y: y, width: w, height: h), radius: 0, placement: .identity)
        }
        let palette = [RGBA(0.9, 0.2, 0.1, 0.7), RGBA(0.1, 0.6, 0.9), RGBA(0.3, 0.8, 0.2, 0.35), RGBA(1, 1, 1, 0.05)]
        var items: [DisplayItem] = []
        var x = 0.0
        for k in 0..<16 {
            let w = Double(k % 4 + 1)
            items.append(DisplayItem(fills: [Fill(shape: rect(x, 0, w, 24), color: palette[k % palette.count])], label: nil))
            x += w
        }
        let tile = [rect(4, 3, 30, 18)]
        // Two translucent colours over the whole tile; an opaque one under a translucent
        // one; one colour over part of it.
        items.append(DisplayItem(fills: [Fill(shape: rect(0, 0, 40, 24), color: RGBA(0.2, 0.4, 0.9, 0.6)),
                                         Fill(shape: rect(-5, -5, 50, 40), color: RGBA(1, 0.9, 0.3, 0.45)),
                                         Fill(shape: rect(9, 5, 12, 7), color: RGBA(0.5, 0.1, 0.7, 0.8))],
                                 label: nil, clips: tile))
        items.append(DisplayItem(fills: [Fill(shape: rect(0, 0, 40, 24), color: RGBA(0.1, 0.1, 0.1)),
                                         Fill(shape: rect(0, 0, 40, 24), color: RGBA(0.9, 0.9, 0.9, 0.3))],
                                 label: nil, clips: [rect(22, 14, 15, 8)]))
        var list = DisplayList(frame: Trace.Frame(t: 0, stack: [], presented: [], percent: nil, views: []), screen: screen,
                               metrics: try FontMetrics.shared())
        list.background = RGBA(0, 0, 0, 0)
        list.items = items
        let canvas = try Canvas(width: 40, height: 24, screen: screen)
        canvas.draw(list)
        let filled = canvas.withPixels { pixels, _ in Array(pixels) }
        canvas.fillsPiecesItself = false
        canvas.draw(list)
        let cairos = canvas.withPixels { pixels, _ in Array(pixels) }
        #expect(filled == cairos)
        let row = Array(cairos[10 * 40 ..< 11 * 40])
        #expect(Set(row[4..<34]).count >= 6, "the tile lies over pixels that differ")
        #expect(Set(row.map { $0 >> 24 }).count > 2, "some of them translucent")
    }
}
