import Foundation
import StagehandCore
import StagehandHost
@testable import StagehandRender
import Testing

/// Rendered frames checked pixel by pixel at known times, against positions worked out
/// by hand from the effects' own constants. Pixels are taken at y = 700, away from the
/// titles (centred at y ≈ 422) and the navigation bar (y < 44).
@Suite struct PixelTests {
    static let width = 390.0
    static let row = 700

    // MARK: parallax-push

    /// parallax-push: the whole navigation view, with the pushed page, slides in from the
    /// right, tx = W·(1 − f); beneath it the old screen's snapshot moves left,
    /// tx = −0.3·W·f; f is UIKit's spring with damping 1 over 0.6 s. The push starts at
    /// t = 0.
    static func parallax() throws -> Trace {
        try RenderEnvironment.play("""
            {"root": {"title": "Inbox"}, "navigation": {"push": "parallax-push"},
             "steps": [{"push": {"title": "Article"}}, {"wait": 1}]}
            """)
    }

    @Test func parallaxPushMidWayShowsTheFromSnapshotLeftOfTheIncomingView() throws {
        try RenderEnvironment.requireEffect("parallax-push")
        let trace = try Self.parallax()
        let t = 6.0 / 60
        let f = Spring(duration: 0.6, dampingRatio: 1).value(at: t)
        let edge = Self.width * (1 - f)
        let snapshotRight = Self.width - 0.3 * Self.width * f
        #expect(edge > 60 && edge < 330, "the test needs the edge mid-screen: \(edge)")
        let image = try RenderEnvironment.pixels(trace, at: t)
        expectPixel(image, Int(edge) - 6, Self.row, .card("Inbox"), "the from-snapshot, just left of the incoming edge")
        expectPixel(image, Int(edge) + 6, Self.row, .card("Article"), "the incoming view, just right of its edge")
        expectPixel(image, 10, Self.row, .card("Inbox"), "the from-snapshot at the left")
        #expect(snapshotRight > edge)
    }

    @Test func parallaxPushEndsWithTheToViewEverywhere() throws {
        try RenderEnvironment.requireEffect("parallax-push")
        let trace = try Self.parallax()
        let image = try RenderEnvironment.pixels(trace, at: 0.6 + 1.0 / 60)
        for x in [5, 195, 385] {
            expectPixel(image, x, Self.row, .card("Article"), "the pushed view in place")
        }
        // The bar is back, with the pushed title's colour under it nowhere.
        expectPixel(image, 5, 20, Bytes(Palette.navigationBar), "the navigation bar")
    }

    // MARK: cube-pop

    /// cube-pop turns the two pages as faces of a cube: mid-way both faces show, with
    /// perspective, so their top edges slope (a face is a trapezoid, not a rectangle).
    /// Flat screens, so every row of a face below the bar is its card colour.
    @Test func cubePopMidWayFacesAreNotAxisAlignedRectangles() throws {
        try RenderEnvironment.requireEffect("cube-pop")
        let trace = try RenderEnvironment.play("""
            {"root": {"title": "Inbox"}, "navigation": {"pop": "cube-pop"},
             "screens": {"Inbox": false, "Article": false},
             "steps": [{"push": {"title": "Article"}}, {"wait": 0.6}, {"pop": {}}, {"wait": 1}]}
            """)
        let (began, ended) = try RenderEnvironment.transition(trace, effect: "cube-pop")
        let t = ((began + ended) / 2 * 60).rounded() / 60
        let image = try RenderEnvironment.pixels(trace, at: t)
        let inbox = Bytes.card("Inbox"), article = Bytes.card("Article")
        // The shared edge: where the middle row turns from one face to the other.
        let middle = image.height / 2 + 60
        let edge = try #require((1..<image.width).first { x in
            Bytes(image, x - 1, middle).distance(to: inbox) <= 2 && Bytes(image, x, middle).distance(to: inbox) > 2
        }, "no edge between the faces on row \(middle)")
        #expect(edge > 40 && edge < image.width - 40, "the edge is mid-screen: \(edge)")
        #expect(Bytes(image, edge + 3, middle).distance(to: article) <= 2, "the other face right of the edge")

        /// The first row from the top (below the bar) where column x shows `color`.
        func top(_ x: Int, _ color: Bytes) -> Int? {
            (45..<image.height).first { Bytes(image, x, $0).distance(to: color) <= 2 }
        }
        // Near the shared edge the faces reach almost to the top; away from it they
        // start lower and lower: slanted top edges.
        // The faces' outer edges, on the same row.
        let outerLeft = try #require((0..<edge).first { Bytes(image, $0, middle).distance(to: inbox) <= 2 })
        let outerRight = try #require((edge..<image.width).last { Bytes(image, $0, middle).distance(to: article) <= 2 })
        let nearLeft = try #require(top(edge - 6, inbox)), farLeft = try #require(top(outerLeft + 6, inbox))
        let nearRight = try #require(top(edge + 6, article)), farRight = try #require(top(outerRight - 6, article))
        #expect(farLeft - nearLeft > 40, "left face's top edge: y \(nearLeft) near the edge, \(farLeft) far from it")
        #expect(farRight - nearRight > 40, "right face's top edge: y \(nearRight) near the edge, \(farRight) far from it")
        // And the rendered edge follows the projected corners within a pixel and a half.
        let frame = try RenderEnvironment.frame(trace, at: t)
        let face = try #require(frame.views.first { $0.title == "Inbox" && $0.kind == "view" })
        let (tl, tr) = (face.corners[0], face.corners[1])
        let x = Double(outerLeft + 6) + 0.5
        let expected = tl[1] + (tr[1] - tl[1]) * (x - tl[0]) / (tr[0] - tl[0])
        #expect(abs(Double(farLeft) + 0.5 - expected) <= 2, "top edge at x = \(outerLeft + 6): \(farLeft), corners say \(expected)")
    }

    // MARK: slide-pop and crossfade (present from the start)

    /// slide-pop under a finger: the popped view follows the finger exactly (linear), so
    /// while the finger holds at fraction p of the width, its left edge is at p·W.
    @Test func slidePopFollowsTheFinger() throws {
        let p = 0.4
        let trace = try RenderEnvironment.play("""
            {"root": {"title": "Inbox"}, "navigation": {"interactivePop": "slide-pop"},
             "steps": [{"push": {"title": "Article"}}, {"wait": 0.5},
                       {"drag": {"from": [40, 400], "to": [\(40 + p * Self.width), 400], "duration": 0.3, "hold": 0.3}}]}
            """)
        let image = try RenderEnvironment.pixels(trace, at: 0.9)
        let edge = Int(p * Self.width)
        expectPixel(image, edge - 4, Self.row, .card("Inbox"), "the page revealed left of the popped view")
        expectPixel(image, edge + 4, Self.row, .card("Article"), "the popped view right of its edge")
        expectPixel(image, 385, Self.row, .card("Article"), "the popped view at the right")
    }

    /// crossfade, UIKit's cross-dissolve between two children: opaque at every instant.
    /// Over 0.3 s on ease-in-out, which is symmetric, at 0.15 s the blend is half way: a
    /// pixel is 0.5·new + 0.5·old, nothing of the container's own card behind them; at
    /// 0.05 s it is f·new + (1 − f)·old with f = easeInOut(1/6).
    @Test func crossfadeHalfWayIsTheAverageOfTheTwoChildren() throws {
        let trace = try RenderEnvironment.play("""
            {"root": {"title": "Inbox", "child": "First"},
             "steps": [{"wait": 0.1}, {"switchChild": {"title": "Second", "effect": "crossfade"}}, {"wait": 0.5}]}
            """)
        let (began, _) = try RenderEnvironment.transition(trace, effect: "crossfade")
        let t = began + 0.15
        let frame = try RenderEnvironment.frame(trace, at: t)
        let cards = frame.views.filter { $0.kind == "view" }.map(\.title)
        #expect(cards == ["Inbox", "First", "Second"], "back to front: \(cards)")
        let image = try RenderEnvironment.pixels(trace, at: t)
        let (a, b) = (Palette.card(for: "First"), Palette.card(for: "Second"))
        func blend(_ f: Double, _ k: KeyPath<RGBA, Double>) -> Int { Int(((f * b[keyPath: k] + (1 - f) * a[keyPath: k]) * 255).rounded()) }
        func mix(_ f: Double) -> Bytes { Bytes(blend(f, \.red), blend(f, \.green), blend(f, \.blue)) }
        expectPixel(image, 195, Self.row, mix(0.5), "half of each child, nothing of the background", tolerance: 2)
        let early = TimingCurve.easeInOut.progress(at: 0.05 / 0.3)
        expectPixel(try RenderEnvironment.pixels(trace, at: began + 0.05), 195, Self.row, mix(early),
                    "early on, mostly the old child", tolerance: 2)
        // Before and after: one child only.
        expectPixel(try RenderEnvironment.pixels(trace, at: began), 195, Self.row, .card("First"), "before")
        expectPixel(try RenderEnvironment.pixels(trace, at: began + 0.3 + 1.0 / 60), 195, Self.row, .card("Second"), "after")
    }
}
