import Foundation
import StagehandCore
import StagehandHost
@testable import StagehandRender
import Testing

/// GIFs as a browser reads them: frames at the rate a GIF can show, every delay the
/// same, looping forever, and colours close to the PNG frames.
@Suite struct GIFTests {
    /// crossfade's standard run: a 0.1 s lead, two 0.3 s cross-dissolves, pauses. On a
    /// quarter of the preview's screen: what these tests check (frame counts and delays,
    /// changed rectangles, each frame against its PNG) does not depend on its size, and
    /// drawing costs by the pixel.
    static func trace(fps: Int) throws -> Trace {
        try RenderEnvironment.play("""
            {"screen": {"width": 100, "height": 216, "fps": \(fps)}, "root": {"title": "Inbox", "child": "First"},
             "steps": [{"wait": 0.1}, {"switchChild": {"title": "Second", "effect": "crossfade"}}, {"wait": 0.5}]}
            """)
    }

    @Test(arguments: [(50, 2), (60, 2), (25, 4), (30, 3), (240, 2), (10, 10), (1, 100)])
    func framesFollowTheRateAGIFCanShow(fps: Int, delay: Int) throws {
        let trace = try Self.trace(fps: fps)
        let timing = GIFTiming(framesPerSecond: fps)
        #expect(timing.delay == delay)
        let gif = try GIFStructure(try Renderer(trace: trace).gif(trace: trace, timing: timing))
        let duration = trace.frames.last!.t - trace.frames.first!.t
        let expected = duration * timing.framesPerSecond
        #expect(abs(Double(gif.frames.count) - expected) <= 1.0 + 1e-9,
                "\(gif.frames.count) frames for \(duration) s at \(timing.framesPerSecond) fps")
        #expect(gif.frames.allSatisfy { $0.delay == delay }, "delays: \(Set(gif.frames.map(\.delay)))")
        #expect(gif.loops == 0, "loops forever")
        #expect(gif.width == 100 && gif.height == 216)
        // The first frame is whole; later ones only what changed.
        #expect(gif.frames.first.map { $0.width == 100 && $0.height == 216 } == true)
        #expect(gif.frames.allSatisfy { $0.left + $0.width <= 100 && $0.top + $0.height <= 216 })
    }

    /// The whole palette comes from every frame: a screen that appears only late (the
    /// pushed page of a pop) keeps its exact colour, and a frame's mean error against its
    /// PNG is tiny (only anti-aliased edges are approximated).
    @Test func paletteColoursAreExact() throws {
        let trace = try RenderEnvironment.play("""
            {"screen": {"width": 195, "height": 422, "fps": 50}, "root": {"title": "Inbox"},
             "steps": [{"wait": 0.2}, {"push": {"title": "Article"}}, {"wait": 0.6}]}
            """)
        let renderer = Renderer(trace: trace)
        let gif = try renderer.gif(trace: trace, timing: GIFTiming(framesPerSecond: 50))
        let first = try #require(GIFFirstFrame.pixels(gif))
        let png = try #require(PixelImage(png: try renderer.png(frame: trace.frames[0])))
        #expect(first.meanAbsoluteError(to: png) < 0.5)
        // Article shows only at the end: its colour is in the palette exactly.
        let structure = try GIFStructure(gif)
        #expect(structure.globalColors == 256)
        // (cairo turns a colour into bytes by truncating 16-bit values: ±1 from rounding.)
        let article = Bytes.card("Article")
        #expect(structure.palette.contains { Bytes(Int($0 >> 16), Int(($0 >> 8) & 0xFF), Int($0 & 0xFF)).distance(to: article) <= 1 })
    }

    /// Each frame drawn over the last, as a browser draws it, shows its own PNG (within
    /// the palette's error): the changed rectangles and their transparent pixels lose
    /// nothing, through a push and the still frames after it. (A small screen, as above.)
    @Test(arguments: [25, 50])
    func everyFrameDrawnOverTheLastShowsItsPNG(fps: Int) throws {
        let trace = try RenderEnvironment.play("""
            {"screen": {"width": 100, "height": 216, "fps": 50}, "root": {"title": "Inbox"},
             "steps": [{"wait": 0.1}, {"push": {"title": "Article"}}, {"wait": 0.7}, {"pop": {}}, {"wait": 0.2}]}
            """)
        let renderer = Renderer(trace: trace)
        let timing = GIFTiming(framesPerSecond: fps)
        let gif = try renderer.gif(trace: trace, timing: timing)
        let shown = try GIFFrames.composed(gif)
        let indices = timing.frameIndices(of: trace)
        try #require(shown.count == indices.count)
        let structure = try GIFStructure(gif)
        #expect(structure.frames.dropFirst().contains { $0.width < 100 || $0.height < 216 }, "later frames store less than the screen")
        for (k, index) in indices.enumerated() {
            let png = try #require(PixelImage(png: try renderer.png(frame: trace.frames[index])))
            let error = shown[k].meanAbsoluteError(to: png)
            #expect(error < 0.5, "frame \(k) (trace frame \(index)): mean error \(error)")
        }
    }

    @Test func anEmptyRunIsAnErrorNotACrash() {
        let trace = try! JSONDecoder().decode(Trace.self, from: Data(#"{"fps": 60, "screen": [10, 10], "frames": [], "events": []}"#.utf8))
        #expect(throws: RenderError.self) { try Renderer(trace: trace).gif(trace: trace, timing: GIFTiming(framesPerSecond: 60)) }
    }
}
