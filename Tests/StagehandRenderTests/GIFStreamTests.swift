import Foundation
import StagehandCore
import StagehandHost
import StagehandShared
@testable import StagehandRender
import StagehandTestSupport
import Testing

/// A GIF painted while its run records (`GIFStream` fed by the runner's frame consumer,
/// as `stagehand preview` and the gallery make them) is the GIF of the recorded run,
/// byte for byte; its frames are the ones nearest each GIF frame's time.
@Suite struct GIFStreamTests {
    /// A push, a pause long enough for still frames, and a pop: frames that repeat and
    /// frames that move. On a small screen: the GIFs are compared byte for byte and
    /// frame by frame, whatever their size, and drawing costs by the pixel.
    static let scenario = """
        {"screen": {"width": 100, "height": 216, "fps": 60}, "root": {"title": "Inbox"},
         "steps": [{"wait": 0.1}, {"push": {"title": "Article"}}, {"wait": 0.8}, {"pop": {}}, {"wait": 0.3}]}
        """

    @Test(arguments: [50, 25, 30, 10])
    func aGIFPaintedWhileTheRunRecordsIsTheRecordedRunsGIF(fps: Int) throws {
        let scenario = try ScenarioParser.parse(Data(Self.scenario.utf8), file: "test scenario")
        let timing = GIFTiming(framesPerSecond: fps)
        let stream = try GIFStream(renderer: Renderer(screen: scenario.screen), timing: timing)
        let streamed = ScenarioRunner(library: RenderEnvironment.library).run(scenario, frames: stream.add)
        #expect(streamed.trace.frames.isEmpty, "the streamed run keeps no frame")
        let gif = try stream.finish()

        let trace = ScenarioRunner(library: RenderEnvironment.library).run(scenario).trace
        #expect(streamed.frameCount == trace.frames.count)
        #expect(stream.duration == trace.frames.last!.t - trace.frames.first!.t)
        let recorded = try Renderer(trace: trace).gif(trace: trace, timing: timing)
        #expect(gif == recorded, "\(gif.count) bytes streamed, \(recorded.count) recorded")
        // Recording only the frames the stream wants gives the same GIF, from only the
        // frames it shows (and every frame of the run stepped all the same).
        let choosy = try GIFStream(renderer: Renderer(screen: scenario.screen), timing: timing)
        let added = Locked(0)
        let chosen = ScenarioRunner(library: RenderEnvironment.library)
            .run(scenario, frames: { frame in
                added.withLock { $0 += 1 }
                choosy.add(frame)
            }, framesWanted: choosy.wants)
        #expect(chosen.frameCount == trace.frames.count)
        #expect(try choosy.finish() == recorded)
        #expect(choosy.duration == stream.duration)
        let distinctShown = Set(timing.frameIndices(of: trace)).count
        #expect(added.withLock { $0 } == distinctShown, "\(trace.frames.count) frames, \(distinctShown) shown")
        // And each frame shown is the recorded frame nearest its time.
        let shown = try GIFFrames.composed(gif)
        let indices = timing.frameIndices(of: trace)
        try #require(shown.count == indices.count)
        let renderer = Renderer(trace: trace)
        for k in stride(from: 0, to: indices.count, by: max(1, indices.count / 8)) {
            let png = try #require(PixelImage(png: try renderer.png(frame: trace.frames[indices[k]])))
            #expect(shown[k].meanAbsoluteError(to: png) < 0.5, "GIF frame \(k)")
        }
    }

    /// The selection made frame by frame is the nearest trace frame to each GIF frame's
    /// time (a tie going to the later frame), one GIF frame per delay from the first
    /// trace frame's time to the last's, for regular and irregular times.
    @Test(arguments: [2, 3, 4, 10])
    func eachGIFFrameShowsTheTraceFrameNearestItsTime(delay: Int) {
        let timing = GIFTiming(framesPerSecond: 100 / delay)
        #expect(timing.delay == delay)
        let regular = (0..<120).map { Self.round6(Double($0) / 60) }
        var irregular: [Double] = [0.5]
        let gaps = [0, 0.001, 0.004, 0.01, 0.0333, 0.05, 0.2]
        for i in 0..<200 { irregular.append(Self.round6(irregular.last! + gaps[(i * 7 + i / 3 + delay) % gaps.count])) }
        for times in [regular, irregular, [0.25], [0, 0.02]] {
            let trace = Trace(fps: 60, screen: [10, 10], frames: times.map {
                Trace.Frame(t: $0, stack: [], presented: [], percent: nil, views: [])
            }, events: [])
            let step = Double(delay) / 100
            let count = Int(((times.last! - times.first!) / step + 1e-6).rounded(.down)) + 1
            let expected = (0..<count).map { k -> Int in
                let target = times[0] + Double(k) * step
                var best = 0
                for (j, t) in times.enumerated() where abs(t - target) <= abs(times[best] - target) { best = j }
                return best
            }
            #expect(timing.frameIndices(of: trace) == expected, "times \(times.prefix(6))…")
        }
    }

    /// A frame's runs, read back, are its pixels (alpha aside): runs shorter than the
    /// packed length byte and runs far longer (a flat screen).
    @Test func runsReadBackAsThePaintedPixels() throws {
        let trace = try RenderEnvironment.play("""
            {"screen": {"width": 195, "height": 422, "fps": 30}, "root": {"title": "Inbox"},
             "steps": [{"push": {"title": "Article"}}, {"wait": 0.2}]}
            """)
        let canvas = try Canvas(width: 195, height: 422, screen: Size(width: 195, height: 422))
        var registry = ColorRegistry()
        for frame in [trace.frames[0], trace.frames[trace.frames.count / 3]] {
            canvas.draw(DisplayList(frame: frame, screen: Size(width: 195, height: 422), metrics: try FontMetrics.shared()))
            let image = RunLengthImage(canvas, worker: 0, registry: &registry)
            var decoded: [UInt32] = []
            var lengths: [Int] = []
            image.forEachRun { number, length in
                decoded += repeatElement(registry.colors[Int(number)], count: length)
                lengths.append(length)
            }
            #expect(lengths.contains { $0 >= 255 } && lengths.contains { $0 < 255 })
            let pixels = canvas.withPixels { pixels, stride in
                (0..<422).flatMap { y in (0..<195).map { x in pixels[y * stride + x] & 0xFF_FFFF } }
            }
            #expect(decoded == pixels)
        }
    }

    /// The palette counts the colours of every trace frame the GIF shows, once each,
    /// also a frame whose picture is the one before it (a pause, painted once while the
    /// workers count what they paint): the GIF's colour table is the palette of those
    /// frames painted one by one.
    @Test(arguments: [25, 50])
    func thePaletteCountsEveryFrameShownOnce(fps: Int) throws {
        let scenario = try ScenarioParser.parse(Data(Self.scenario.utf8), file: "test scenario")
        let timing = GIFTiming(framesPerSecond: fps)
        let trace = ScenarioRunner(library: RenderEnvironment.library).run(scenario).trace
        let gif = [UInt8](try Renderer(trace: trace).gif(trace: trace, timing: timing))
        let shown = Set(timing.frameIndices(of: trace)).sorted()
        let pictures = Set(shown.map { trace.frames[$0].views })
        try #require(pictures.count < shown.count, "the pause shows one picture in several frames")
        let canvas = try Canvas(width: 100, height: 216, screen: scenario.screen)
        var histogram = ColorTable<Int>()
        var registry = ColorRegistry()
        for i in shown {
            canvas.draw(DisplayList(frame: trace.frames[i], screen: scenario.screen, metrics: try FontMetrics.shared()))
            RunLengthImage(canvas, worker: 0, registry: &registry).forEachRun { number, length in
                histogram.add(length, to: registry.colors[Int(number)])
            }
        }
        let counted = histogram.entries
        let colors = GIFPalette(colors: counted.map(\.color), counts: counted.map(\.value)).colors
        let table = colors.flatMap { [UInt8($0 >> 16), UInt8(($0 >> 8) & 0xFF), UInt8($0 & 0xFF)] }
        let written = Array(gif[13..<(13 + table.count)])
        let firstDifference = table.indices.first { written[$0] != table[$0] }.map { $0 / 3 }
        #expect(firstDifference == nil, "the GIF's colour table differs from the palette of the frames shown at entry \(firstDifference ?? 0)")
    }

    @Test func aStreamGivenNoFrameSaysSo() throws {
        let stream = try GIFStream(renderer: Renderer(screen: Size(width: 20, height: 20)), timing: GIFTiming(framesPerSecond: 50))
        #expect(throws: RenderError.self) { try stream.finish() }
        #expect(stream.duration == 0)
    }

    static func round6(_ x: Double) -> Double { (x * 1e6).rounded() / 1e6 }
}
