import Foundation
import StagehandCore
import StagehandHost
@testable import StagehandRender
import Testing

/// The fingers of a run driven by touches, recorded in the trace and drawn as dots (the
/// iOS simulator's "show touches"), hidden by `--hide-touches`, absent where no finger
/// is down; a run without touches writes the trace it always did.
@Suite struct TouchDotTests {
    /// One finger from (100, 600) to (300, 600) over 0.5 s, held 0.2 s, lifted; nothing
    /// on the screen reacts to it (a root with no gestures), so only the dot changes.
    static let dragging = """
        {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Inbox"},
         "steps": [{"wait": 0.1}, {"drag": {"from": [100, 600], "to": [300, 600], "duration": 0.5, "hold": 0.2}}, {"wait": 0.3}]}
        """
    static let still = """
        {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Inbox"}, "steps": [{"wait": 1.1}]}
        """

    @Test func theTraceListsTheFingerWhileItIsDownAndNothingOtherwise() throws {
        let trace = try RenderEnvironment.play(Self.dragging)
        let down = trace.frames.filter { $0.touches != nil }
        #expect(!down.isEmpty)
        // Down from the drag's start (0.1 s) until it lifts (0.1 + 0.5 + 0.2 s).
        #expect(down.allSatisfy { $0.t >= 0.1 - 1e-9 && $0.t <= 0.8 + 1e-9 }, "\(down.map(\.t))")
        #expect(trace.frames.contains { $0.t > 0.85 } && trace.frames.filter { $0.t > 0.85 }.allSatisfy { $0.touches == nil })
        for frame in down {
            let touches = try #require(frame.touches)
            #expect(touches.count == 1)
            // On the straight line, at the drag's height.
            #expect(touches[0][1] == 600 && touches[0][0] >= 100 && touches[0][0] <= 300)
        }
        // Held at the end: the last frames with the finger show it at (300, 600).
        #expect(down.last?.touches == [[300, 600]])
    }

    /// No finger, no `touches` key: the trace of a run without touches is the one it
    /// always was, byte for byte (the field is left out, not written as null or []).
    @Test func aRunWithoutTouchesWritesNoTouchesField() throws {
        let trace = try RenderEnvironment.play(Self.still)
        #expect(trace.frames.allSatisfy { $0.touches == nil })
        let json = String(decoding: try JSONEncoder().encode(trace), as: UTF8.self)
        #expect(!json.contains("touches"))
        // An older trace (no field) still reads; a frame with fingers reads back the same.
        var withFinger = trace
        withFinger.frames[0].touches = [[10, 20], [30, 40]]
        let decoded = try JSONDecoder().decode(Trace.self, from: try JSONEncoder().encode(withFinger))
        #expect(decoded == withFinger)
        #expect(try JSONDecoder().decode(Trace.self, from: Data(json.utf8)) == trace)
    }

    /// A dot is drawn where the frame's finger is, in PNG and SVG: the pixel under it
    /// differs from the same frame with the finger taken out, a pixel 30 pt away does
    /// not.
    @Test func aFingerIsADotInThePictures() throws {
        let trace = try RenderEnvironment.play(Self.dragging)
        let frame = try #require(trace.frames.first { $0.touches != nil && $0.t > 0.4 })
        let finger = try #require(frame.touches?.first)
        var bare = frame
        bare.touches = nil
        let renderer = Renderer(trace: trace)
        let dotted = try #require(PixelImage(png: try renderer.png(frame: frame)))
        let plain = try #require(PixelImage(png: try renderer.png(frame: bare)))
        let (x, y) = (Int(finger[0]), Int(finger[1]))
        #expect(Bytes(dotted, x, y).distance(to: Bytes(plain, x, y)) > 40, "the dot's middle: \(Bytes(dotted, x, y)) over \(Bytes(plain, x, y))")
        // On the rim (18.5 pt out): darker than the card.
        let rim = (Bytes(dotted, x + 18, y), Bytes(plain, x + 18, y))
        #expect(rim.0.red + rim.0.green + rim.0.blue < rim.1.red + rim.1.green + rim.1.blue, "the rim: \(rim)")
        expectPixel(dotted, x + 30, y, Bytes(plain, x + 30, y), "outside the dot", tolerance: 0)
        expectPixel(dotted, x, y - 30, Bytes(plain, x, y - 30), "above the dot", tolerance: 0)
        let svg = try renderer.svg(frame: frame)
        let bareSVG = try renderer.svg(frame: bare)
        #expect(svg.count > bareSVG.count && svg.contains(TouchDot.rimColor.hex) && !bareSVG.contains(TouchDot.rimColor.hex))
    }

    /// Pause frames reuse the frame before's picture in a GIF only when the finger has
    /// not moved either: a finger moving over a still scene still moves in the GIF, and
    /// where it rests, the GIF shows its dot.
    @Test func aGIFShowsTheFingerMovingOverAStillScene() throws {
        let trace = try RenderEnvironment.play(Self.dragging)
        let gif = try Renderer(trace: trace).gif(trace: trace, timing: GIFTiming(framesPerSecond: 25))
        let shown = try GIFFrames.composed(gif)
        // The scene never changes; the dot does: more than a handful of distinct pictures.
        #expect(Set(shown.map(\.pixels)).count > 5, "\(Set(shown.map(\.pixels)).count) distinct pictures")
        // 0.7 s (frame 17 at 25 fps): the finger held at (300, 600); at the end, lifted.
        let held = shown[17], last = try #require(shown.last)
        #expect(Bytes(held, 300, 600).distance(to: Bytes(last, 300, 600)) > 40)
        #expect(Bytes(held, 100, 700) == Bytes(last, 100, 700))
    }

    /// `stagehand play --out x.png` as a user runs it: the dot where the finger is,
    /// none with `--hide-touches`, and a run without touches the same either way.
    @Test func playDrawsTheFingerUnlessToldToHideIt() throws {
        let scratch = try Scratch()
        try Self.dragging.write(toFile: scratch.file("drag.json"), atomically: true, encoding: .utf8)
        try Self.still.write(toFile: scratch.file("still.json"), atomically: true, encoding: .utf8)
        let finger = try #require(try RenderEnvironment.frame(try RenderEnvironment.play(Self.dragging), at: 0.5).touches?.first)
        let cli = RenderCLITests()
        func picture(_ scenario: String, _ extra: [String]) throws -> PixelImage {
            let out = scratch.file("\(scenario)\(extra.count).png")
            let run = try cli.stagehand(["play", scratch.file(scenario + ".json"), "--out", out, "--time", "0.5"] + extra)
            #expect(run.status == 0, "\(run.errors)")
            return try #require(PixelImage(png: try Data(contentsOf: URL(fileURLWithPath: out))))
        }
        let shown = try picture("drag", []), hidden = try picture("drag", ["--hide-touches"])
        let (x, y) = (Int(finger[0]), Int(finger[1]))
        #expect(Bytes(shown, x, y).distance(to: Bytes(hidden, x, y)) > 40, "the dot at (\(x), \(y))")
        expectPixel(hidden, x, y, Bytes(hidden, x - 60, y), "no dot: the card as beside it", tolerance: 0)
        expectPixel(shown, x - 60, y, Bytes(hidden, x - 60, y), "away from the finger", tolerance: 0)
        let still = try picture("still", []), stillHidden = try picture("still", ["--hide-touches"])
        #expect(still.pixels == stillHidden.pixels, "no finger, nothing to hide")
        // Without a picture the flag has nothing to do: refused, naming it.
        let refused = try cli.stagehand(["play", scratch.file("drag.json"), "--hide-touches"])
        #expect(refused.status == 1 && refused.errors.contains("--hide-touches"), "\(refused.errors)")
    }

    /// `stagehand preview` of an interactive effect: its standard scenario drives it with
    /// a finger, so the HTML player's frames hold the dots; `--hide-touches` leaves them out.
    @Test func previewShowsTheStandardScenariosFingerUnlessToldToHideIt() throws {
        try RenderEnvironment.requireEffect("slide-pop")
        let scratch = try Scratch()
        let cli = RenderCLITests()
        for hide in [false, true] {
            let out = scratch.file("slide-pop-\(hide).html")
            let run = try cli.stagehand(["preview", "slide-pop", "--out", out, "--fps", "20"] + (hide ? ["--hide-touches"] : []))
            #expect(run.status == 0, "\(run.errors)")
            let page = try String(contentsOfFile: out, encoding: .utf8)
            #expect(page.contains(TouchDot.rimColor.hex) == !hide, "dots in the player: \(!hide)")
        }
    }
}
