import Foundation
import StagehandCore
import StagehandHost
@testable import StagehandRender
import Testing

/// Screens with content, rendered and read back at positions worked out by hand from
/// the layout (Documentation/Scenario.md): a 44 pt header, 16 pt margins, rows of 52 pt
/// in a white group with 12 pt corners, a picture 60 % as tall as it is wide (at most
/// 220 pt), lines of 24 pt, a 50 pt button.
@Suite struct ContentPixelTests {
    /// iOS's colours as the content uses them.
    static let bar = Bytes(247, 247, 247), white = Bytes(255, 255, 255), red = Bytes(255, 59, 48), tint = Bytes(0, 122, 255)

    static func still(_ screens: String, pushed: Bool = false) throws -> (Trace, PixelImage) {
        let steps = pushed ? #"[{"push": {"title": "Article"}}, {"wait": 1}]"# : #"[{"wait": 0.1}]"#
        let trace = try RenderEnvironment.play("""
            {"root": {"title": "Inbox", "embedInNavigation": \(pushed)}, "screens": {\(screens)}, "steps": \(steps)}
            """)
        let last = try #require(trace.frames.last)
        let png = try Renderer(trace: trace).png(frame: last)
        return (trace, try #require(PixelImage(png: png)))
    }

    @Test func aListScreenShowsItsHeaderRowsIconsAndSeparators() throws {
        let (_, image) = try Self.still(#""Inbox": {"rows": ["Anna", "Ben"]}"#)
        expectPixel(image, 5, 20, Self.bar, "the header strip, left of its centred title")
        // The group spans x 16...374, y 60...164 (two rows of 52).
        expectPixel(image, 8, 100, .card("Inbox"), "the screen's margin, left of the group")
        expectPixel(image, 17, 61, .card("Inbox"), "outside the group's rounded corner (centre (28, 72), radius 12)")
        expectPixel(image, 300, 66, Self.white, "the first row, above and right of its text")
        expectPixel(image, 42, 86, Self.red, "the first row's icon: 28 × 28 at (28, 72), red")
        expectPixel(image, 42, 138, Bytes(255, 149, 0), "the second row's icon, orange")
        // The separator is 0.5 pt at y 111.5: half of pixel row 111 over white.
        expectPixel(image, 200, 111, Bytes(227, 227, 228), "the separator, half a pixel of (198, 198, 200)", tolerance: 2)
        expectPixel(image, 30, 111, Self.white, "the separator starts at the text (x 68), not under the icon")
        expectPixel(image, 195, 300, .card("Inbox"), "below the group, the screen itself")
    }

    @Test func aDetailScreenShowsItsPictureTextAndButton() throws {
        let (trace, image) = try Self.still(#""Inbox": false, "Article": {"back": "Inbox", "image": true, "text": ["One", "Two"], "button": "Reply"}"#,
                                            pushed: true)
        // The picture: x 16...374, y 60...274.8 (358 × 0.6 = 214.8 tall).
        let picture = try #require(trace.frames.last?.views.first { $0.kind == "image" })
        let sky = try #require(picture.color).map { $0 * 255 }
        let (w, h) = (358.0, 214.8)
        expectPixel(image, 30, 75, Bytes(Int(sky[0].rounded()), Int(sky[1].rounded()), Int(sky[2].rounded())), "the sky")
        func shade(_ k: Double, toward t: Double) -> Bytes {
            Bytes(Int((sky[0] + (t - sky[0]) * k).rounded()), Int((sky[1] + (t - sky[1]) * k).rounded()),
                  Int((sky[2] + (t - sky[2]) * k).rounded()))
        }
        expectPixel(image, Int(16 + 0.76 * w), Int(60 + 0.28 * h), shade(0.7, toward: 255), "the sun, 70 % toward white")
        expectPixel(image, Int(16 + 0.62 * w), Int(60 + 0.95 * h), shade(0.45, toward: 0), "the near hill, 45 % toward black")
        // Two lines of text in a group of 20 + 48 pt from y 290.8; the button 50 pt below a
        // 16 pt margin, from y 374.8 to 424.8.
        expectPixel(image, 300, 300, Self.white, "the text's group, right of its lines")
        expectPixel(image, 30, 390, Self.tint, "the button, left of its title")
        expectPixel(image, 195, 440, .card("Article"), "below the button, the screen itself")
        expectPixel(image, 5, 20, Bytes(Palette.navigationBar), "the navigation controller's bar covers the page's header")
    }

    /// parallax-push snapshots the old screen: the snapshot carries the list, so its first
    /// icon (28...56 at rest) moves with it, tx = −0.3·W·f.
    @Test func aSnapshotShowsTheContentOfTheScreenItCopies() throws {
        try RenderEnvironment.requireEffect("parallax-push")
        let trace = try RenderEnvironment.play("""
            {"root": {"title": "Inbox"}, "navigation": {"push": "parallax-push"},
             "steps": [{"push": {"title": "Article"}}, {"wait": 1}]}
            """)
        let spring = Spring(duration: 0.6, dampingRatio: 1)
        let t = try #require((1...30).map { Double($0) / 60 }.first { spring.value(at: $0) >= 0.15 })
        let tx = -0.3 * 390 * spring.value(at: t)
        #expect(tx < -15 && tx > -45, "the test needs the snapshot moved by more than the margin: \(tx)")
        let frame = try RenderEnvironment.frame(trace, at: t)
        let snapshot = try #require(frame.views.firstIndex { $0.kind == "snapshot" && $0.source == "view" && !$0.hidden })
        #expect(frame.views[snapshot + 1].depth == frame.views[snapshot].depth + 1 && frame.views[snapshot + 1].kind == "panel",
                "the snapshot's first subview is the copied header")
        let image = try RenderEnvironment.pixels(trace, at: t)
        let iconRight = 56 + tx
        expectPixel(image, Int(iconRight) - 3, 86, Self.red, "the icon, moved with the snapshot")
        expectPixel(image, Int(iconRight) + 3, 86, Self.white, "right of the moved icon, its row")
    }
}
