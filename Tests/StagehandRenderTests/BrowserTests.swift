import Foundation
import StagehandCore
import StagehandHost
@testable import StagehandRender
import StagehandTestSupport
import Testing

/// The HTML player in a real browser: headless Chromium opens the page at `#frame=N`,
/// and its screenshot must match the PNG of frame N.
///
/// Tolerance: a mean absolute error of at most 1.0 per colour component (of 255) over
/// the picture. The two renderers agree on every shape and colour; they differ in
/// anti-aliasing (cairo's and Skia's coverage along slanted edges) and above all in text
/// (hinting and sub-pixel placement of the glyphs), a few thousand pixels off by tens of
/// levels, which measures 0.1–0.5 here. The check also shows the tolerance tells frames
/// apart: the neighbouring frames of a moving transition are each further than 1.0 away.
@Suite(.serialized, .tags(.browser), .slow) struct BrowserTests {
    static let tolerance = 1.0

    static var chromium: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
        for directory in path.split(separator: ":") + ["/usr/bin", "/snap/bin"] {
            for name in names where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                return "\(directory)/\(name)"
            }
        }
        return nil
    }

    /// A screenshot of `page` at `#frame=N`, `height` pixels tall.
    static func screenshot(_ chromium: String, page: String, frame: Int, width: Int, height: Int, into scratch: Scratch) throws -> PixelImage {
        let shot = scratch.file("shot-\(frame).png")
        let run = try Child.run(chromium, [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
            "--no-first-run", "--user-data-dir=\(scratch.file("profile"))",
            "--window-size=\(width),\(height)", "--screenshot=\(shot)", "file://\(page)#frame=\(frame)",
        ], timeout: 90)
        return try #require(PixelImage(pngFile: shot), "no screenshot (status \(run.status)): \(run.errors.suffix(600))")
    }

    /// Flat screens within `tolerance`; screens with content (a list, a page with a picture
    /// and text, about thirty lines of text whose glyphs the two renderers hint and place
    /// differently: 1.8–2.2 measured) within `contentTolerance`, the neighbouring frames
    /// still further away.
    static let contentTolerance = 2.5

    @Test(.enabled(if: BrowserTests.chromium != nil, "chromium cannot be found (apt-get install -y chromium)"),
          arguments: [("slide-pop", false), ("cube-pop", false), ("cube-pop", true)])
    func theBrowserShowsTheFrameThePNGShows(effect: String, content: Bool) throws {
        let screens = content ? "" : #""screens": {"Inbox": false, "Article": false},"#
        let tolerance = content ? Self.contentTolerance : Self.tolerance
        let chromium = try #require(Self.chromium)
        try RenderEnvironment.requireEffect(effect)
        let trace = try RenderEnvironment.play("""
            {"root": {"title": "Inbox"}, "navigation": {"pop": "\(effect)"}, \(screens)
             "steps": [{"push": {"title": "Article"}}, {"wait": 0.6}, {"pop": {}}, {"wait": 0.8}]}
            """)
        let (began, ended) = try RenderEnvironment.transition(trace, effect: effect)
        let index = try #require(trace.frames.firstIndex { $0.t >= (began + ended) / 2 - 1e-6 })
        let renderer = Renderer(trace: trace)
        let scratch = try Scratch()
        let page = scratch.file("player.html")
        try renderer.html(trace: trace, title: effect).write(toFile: page, atomically: true, encoding: .utf8)

        // A window taller by the controls' bar: the picture is its top 390×844.
        let shot = try Self.screenshot(chromium, page: page, frame: index, width: renderer.width,
                                       height: renderer.height + HTMLPlayer.controlsHeight, into: scratch)
        #expect(shot.width == renderer.width && shot.height == renderer.height + HTMLPlayer.controlsHeight)
        let expected = try #require(PixelImage(png: try renderer.png(frame: trace.frames[index])))
        let error = shot.meanAbsoluteError(to: expected)
        print("\(effect)\(content ? " with content" : ""): frame \(index), browser vs PNG: mean absolute error \(error)")
        #expect(error <= tolerance, "frame \(index): mean absolute error \(error)")
        for neighbour in [index - 3, index + 3] {
            let other = try #require(PixelImage(png: try renderer.png(frame: trace.frames[neighbour])))
            let distance = shot.meanAbsoluteError(to: other)
            #expect(distance > tolerance, "frame \(neighbour) is as close as frame \(index): \(distance)")
        }
    }

    /// Matched views in the player: the standard screens' row 3 flies into the pushed
    /// page (view-transition cross-fades the pairs and the screens plus-lighter, SVG's
    /// `mix-blend-mode: plus-lighter` in an isolated group; magic-move flies two copies
    /// with round corners), then a finger drags (magic-move pops under it, held mid-way
    /// with the finger's dot). The browser shows each frame as the PNG does.
    @Test(.enabled(if: BrowserTests.chromium != nil, "chromium cannot be found (apt-get install -y chromium)"),
          arguments: ["view-transition", "magic-move"])
    func theBrowserShowsMatchedViewsAndTheFingerAsThePNGDoes(effect: String) throws {
        let chromium = try #require(Self.chromium)
        try RenderEnvironment.requireEffect(effect)
        let trace = try RenderEnvironment.play("""
            {"root": {"title": "Inbox"}, "navigation": {"push": "\(effect)", "pop": "\(effect)"}, "matched": true,
             "steps": [{"push": {"title": "Article"}}, {"wait": 0.8},
                       {"drag": {"from": [60, 500], "to": [200, 500], "duration": 0.3, "hold": 0.4}}, {"wait": 1}]}
            """)
        let (began, ended) = try RenderEnvironment.transition(trace, effect: effect)
        let flight = try #require(trace.frames.firstIndex { $0.t >= (began + ended) / 2 - 1e-6 })
        #expect(trace.frames[flight].views.contains { $0.title.hasPrefix("snapshot of") && $0.opacity > 0.05 })
        let held = try #require(trace.frames.lastIndex { $0.touches != nil })
        let renderer = Renderer(trace: trace)
        let scratch = try Scratch()
        let page = scratch.file("player.html")
        try renderer.html(trace: trace, title: effect).write(toFile: page, atomically: true, encoding: .utf8)
        for index in [flight, held] {
            let shot = try Self.screenshot(chromium, page: page, frame: index, width: renderer.width,
                                           height: renderer.height + HTMLPlayer.controlsHeight, into: scratch)
            let expected = try #require(PixelImage(png: try renderer.png(frame: trace.frames[index])))
            let error = shot.meanAbsoluteError(to: expected)
            print("\(effect): frame \(index), browser vs PNG: mean absolute error \(error)")
            #expect(error <= Self.contentTolerance, "frame \(index): mean absolute error \(error)")
            if index == flight {
                for neighbour in [index - 3, index + 3] {
                    let other = try #require(PixelImage(png: try renderer.png(frame: trace.frames[neighbour])))
                    #expect(shot.meanAbsoluteError(to: other) > Self.contentTolerance, "frame \(neighbour) is as close as frame \(index)")
                }
            } else {
                // The finger's dot is in the browser's picture too.
                var bare = trace.frames[index]
                bare.touches = nil
                let without = try #require(PixelImage(png: try renderer.png(frame: bare)))
                let finger = try #require(trace.frames[index].touches?.first)
                let (x, y) = (Int(finger[0]), Int(finger[1]))
                #expect(Bytes(shot, x, y).distance(to: Bytes(expected, x, y)) <= 3)
                #expect(Bytes(shot, x, y).distance(to: Bytes(without, x, y)) > 40, "the dot at (\(x), \(y))")
            }
        }
    }
}
