import Foundation
import StagehandCore
import StagehandHost
@testable import StagehandRender
import Testing

/// The layer properties of ABI 1.2 as drawn: real views on a 400 × 400 stage, recorded by
/// the real trace recorder and rendered to PNG, each pixel worked out by hand. Colours
/// are pure (red, green, blue, white) on the black behind everything.
@Suite struct LayerPropertyPixelTests {
    static let red = Bytes(255, 0, 0), green = Bytes(0, 255, 0), blue = Bytes(0, 0, 255), black = Bytes(0, 0, 0)

    /// The scene `build` makes in a fresh stage's window, as one recorded frame.
    static func frame(_ build: (Window) -> Void) throws -> (Trace.Frame, Renderer) {
        let stage = Stage(screen: Size(width: 400, height: 400))
        build(stage.window)
        let recorder = TraceRecorder(stage: stage, topNavigation: { nil })
        recorder.start()
        let frame = try #require(recorder.trace.frames.first)
        return (frame, Renderer(screen: Size(width: 400, height: 400)))
    }

    static func pixels(_ build: (Window) -> Void) throws -> PixelImage {
        let (frame, renderer) = try frame(build)
        return try #require(PixelImage(png: try renderer.png(frame: frame)))
    }

    static func view(_ frame: Rect, _ color: Color, in parent: View) -> View {
        let v = View(frame: frame)
        v.backgroundColor = color
        parent.addSubview(v)
        return v
    }

    static let redColor = Color(red: 1, green: 0, blue: 0), greenColor = Color(red: 0, green: 1, blue: 0)
    static let blueColor = Color(red: 0, green: 0, blue: 1)

    /// Turned half way round y, a 200 pt view at (100, 100) shows its back: mirrored, its
    /// corner (0, 0) at the right (300, 100), so its 50 pt child at (0, 0) covers x 250…300.
    @Test(arguments: [true, false])
    func aSingleSidedLayerShowingItsBackIsNotDrawn(doubleSided: Bool) throws {
        let image = try Self.pixels { window in
            let turned = Self.view(Rect(x: 100, y: 100, width: 200, height: 200), Self.redColor, in: window)
            _ = Self.view(Rect(x: 0, y: 0, width: 50, height: 50), Self.greenColor, in: turned)
            turned.transform3D = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
            turned.isDoubleSided = doubleSided
        }
        expectPixel(image, 200, 200, doubleSided ? Self.red : Self.black, "the turned view's middle")
        expectPixel(image, 275, 125, doubleSided ? Self.green : Self.black, "its child, mirrored to the right")
        expectPixel(image, 125, 125, doubleSided ? Self.red : Self.black, "the left, where the child would be unturned")
    }

    /// A sublayer transform scaling by ½ about the parent's centre (200, 200): a child
    /// covering the 400 pt parent is drawn over 100…300.
    @Test func aSublayerTransformScalesTheChildrenAboutTheCentre() throws {
        let image = try Self.pixels { window in
            let parent = Self.view(Rect(x: 0, y: 0, width: 400, height: 400), Self.blueColor, in: window)
            _ = Self.view(Rect(x: 0, y: 0, width: 400, height: 400), Self.redColor, in: parent)
            parent.sublayerTransform = Transform3D(scaleX: 0.5, y: 0.5, z: 1)
        }
        expectPixel(image, 200, 200, Self.red, "the child's middle stays at the centre")
        for (x, y) in [(90, 200), (310, 200), (200, 90), (200, 310)] {
            expectPixel(image, x, y, Self.blue, "outside 100…300: the parent")
        }
        for (x, y) in [(110, 200), (290, 200), (200, 110), (200, 290)] {
            expectPixel(image, x, y, Self.red, "inside 100…300: the child")
        }
    }

    /// A 200 pt parent at (100, 100) with 40 pt corners clips a child four times its
    /// size: nothing of the child outside the parent's rounded bounds.
    @Test(arguments: [true, false])
    func clipsToBoundsKeepsSubviewsInsideTheRoundedBounds(clips: Bool) throws {
        let (frame, renderer) = try Self.frame { window in
            let parent = Self.view(Rect(x: 100, y: 100, width: 200, height: 200), Self.blueColor, in: window)
            parent.cornerRadius = 40
            parent.clipsToBounds = clips
            _ = Self.view(Rect(x: -100, y: -100, width: 400, height: 400), Self.redColor, in: parent)
        }
        let image = try #require(PixelImage(png: try renderer.png(frame: frame)))
        expectPixel(image, 200, 200, Self.red, "the child inside the parent")
        expectPixel(image, 200, 102, Self.red, "the child along the parent's top edge")
        expectPixel(image, 50, 200, clips ? Self.black : Self.red, "the child left of the parent")
        // (102.5, 102.5) is 53 pt from the corner's centre (140, 140): outside its 40 pt arc.
        expectPixel(image, 102, 102, clips ? Self.black : Self.red, "the child beyond the rounded corner")
        let svg = try renderer.svg(frame: frame)
        #expect(svg.contains("<clipPath") == clips, "SVG clips the same way")
    }

    /// A circular mask of radius 50 about the middle of a 200 pt view at (100, 100): the
    /// view and its child show only within 50 pt of (200, 200).
    @Test func aMaskClipsTheViewAndItsSubviews() throws {
        let (frame, renderer) = try Self.frame { window in
            let masked = Self.view(Rect(x: 100, y: 100, width: 200, height: 200), Self.redColor, in: window)
            _ = Self.view(Rect(x: 0, y: 0, width: 200, height: 100), Self.greenColor, in: masked)
            masked.mask = Mask(rect: Rect(x: 50, y: 50, width: 100, height: 100), cornerRadius: 50)
        }
        let image = try #require(PixelImage(png: try renderer.png(frame: frame)))
        expectPixel(image, 200, 180, Self.green, "the child, 20 pt above the centre")
        expectPixel(image, 200, 220, Self.red, "the view, 20 pt below the centre")
        expectPixel(image, 200, 245, Self.red, "45.5 pt from the centre")
        expectPixel(image, 200, 255, Self.black, "55.5 pt below the centre: masked")
        expectPixel(image, 160, 160, Self.black, "the diagonal at 56 pt: masked (a circle, not a square)")
        expectPixel(image, 120, 120, Self.black, "the child's corner: masked")
        let svg = try renderer.svg(frame: frame)
        #expect(svg.components(separatedBy: "<clipPath").count - 1 == 2, "one clip path for the view, one for its child")
    }

    /// A hard red shadow (radius 0) offset by (10, 10) under a white 100 pt view at (100,
    /// 100): five coincident layers of 12 % pile up to 1 − 0.88⁵ = 47.2 % red over black.
    @Test func aShadowHasItsRadiusOffsetAndColour() throws {
        let image = try Self.pixels { window in
            let card = Self.view(Rect(x: 100, y: 100, width: 100, height: 100), Color(white: 1), in: window)
            card.shadowOpacity = 1
            card.shadowRadius = 0
            card.shadowOffset = Size(width: 10, height: 10)
            card.shadowColor = Self.redColor
        }
        let shadow = Bytes(Int((255 * (1 - pow(0.88, 5))).rounded()), 0, 0)
        expectPixel(image, 150, 150, Bytes(255, 255, 255), "the view")
        expectPixel(image, 205, 150, shadow, "right of the view, inside the moved shadow")
        expectPixel(image, 150, 205, shadow, "below the view")
        expectPixel(image, 150, 95, Self.black, "above: the shadow moved down")
        expectPixel(image, 95, 150, Self.black, "left: the shadow moved right")
        expectPixel(image, 213, 150, Self.black, "beyond the shadow's right edge (210): radius 0, no blur")
    }

    /// Siblings overlapping over 150…300: the first added is drawn on top when its
    /// zPosition is higher.
    @Test(arguments: [0.0, 1.0])
    func zPositionOrdersSiblings(z: Double) throws {
        let image = try Self.pixels { window in
            let first = Self.view(Rect(x: 100, y: 100, width: 200, height: 200), Self.redColor, in: window)
            _ = Self.view(Rect(x: 150, y: 150, width: 200, height: 200), Self.greenColor, in: window)
            first.zPosition = z
        }
        expectPixel(image, 250, 250, z > 0 ? Self.red : Self.green, "the overlap")
        expectPixel(image, 120, 120, Self.red, "the first alone")
        expectPixel(image, 330, 330, Self.green, "the second alone")
    }

    /// A tile of a screen's snapshot (resizableSnapshotView(from:)) shows that part of
    /// the screen, content included: the lower half of a list screen whose second row's
    /// icon is at (28, 124) when whole, so at (28, 124 − 100) in a tile from y = 100.
    @Test func aSnapshotTileShowsThatPartOfTheScreenWithItsContent() throws {
        let image = try Self.pixels { window in
            let screen = View(frame: Rect(x: 0, y: 0, width: 400, height: 400), label: "Inbox")
            ScreenContent(rows: ["Anna", "Ben"]).install(in: screen, title: "Inbox")
            guard let tile = screen.resizableSnapshotView(from: Rect(x: 0, y: 100, width: 400, height: 100)) else { return }
            window.addSubview(tile)
        }
        expectPixel(image, 42, 38, Bytes(255, 149, 0), "the second row's icon (orange), moved up by the tile's origin")
        expectPixel(image, 8, 50, .card("Inbox"), "the screen's margin")
        expectPixel(image, 200, 150, Self.black, "below the tile's 100 pt: nothing")
    }
}
