import Foundation
import StagehandCore
import StagehandHost
@testable import StagehandRender
import Testing

/// `FramePainter` queues a few frames per worker and paints them on whichever worker is
/// free: every frame handed over must come back once, in its own slot, painted as one
/// canvas alone paints it, and every worker's state must have seen exactly the frames it
/// painted, however many workers and however far the caller runs ahead.
@Suite struct FramePainterTests {
    /// A run of a few dozen frames: a push with the system animation, then a rest.
    static let trace: Trace = {
        let scenario = try! ScenarioParser.parse(Data("""
            {"root": {"title": "Inbox", "embedInNavigation": true},
             "steps": [{"push": {"title": "Article"}}, {"wait": 1}]}
            """.utf8), file: "painter scenario")
        return ScenarioRunner(library: RenderEnvironment.library).run(scenario).trace
    }()

    /// A digest of the canvas's pixels (FNV-1a over the words).
    static func digest(_ canvas: Canvas) -> UInt64 {
        canvas.withPixels { pixels, _ in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for word in pixels { hash = (hash ^ UInt64(word)) &* 0x0000_0100_0000_01B3 }
            return hash
        }
    }

    @Test(arguments: [1, 2, 3])
    func everyFrameComesBackInItsSlotPaintedAsOneCanvasPaintsIt(workers: Int) throws {
        let trace = Self.trace
        let screen = Size(width: trace.screen[0], height: trace.screen[1])
        let (width, height) = (Int(screen.width), Int(screen.height))
        #expect(trace.frames.count > workers * FramePainter<Int, UInt64>.framesPerWorker * 3,
                "more frames than the queue holds: \(trace.frames.count)")
        // Each worker counts the frames it paints.
        let painter = try FramePainter(width: width, height: height, screen: screen, workers: workers,
                                       state: { _ in 0 }) { (canvas: Canvas, _: Int, painted: inout Int) -> UInt64 in
            painted += 1
            return Self.digest(canvas)
        }
        var slots: [Int] = []
        for frame in trace.frames { slots.append(painter.paint(frame)) }
        let (results, states) = painter.finish()
        #expect(slots == Array(0..<trace.frames.count))
        #expect(states.count == workers)
        #expect(states.reduce(0, +) == trace.frames.count, "each frame painted once: \(states)")

        let alone = try Canvas(width: width, height: height, screen: screen)
        var widths = TitleWidths(metrics: try FontMetrics.shared())
        var expected: [UInt64] = []
        for frame in trace.frames {
            alone.draw(DisplayList(frame: frame, screen: screen, widths: &widths))
            expected.append(Self.digest(alone))
        }
        #expect(results == expected)
        #expect(Set(expected).count > 10, "the frames differ from one another")
    }

    /// A worker's state held by nothing else: its body is handed the only reference.
    final class Marker: Sendable {}

    /// A worker's state is changed in place: while a frame is painted no other copy of
    /// it lives (a copy kept by the dispatch that started the worker made the first
    /// change of a GIF's colour tables copy them whole each time a worker started).
    @Test(arguments: [1, 2])
    func aWorkersStateIsHeldByItsBodyAlone(workers: Int) throws {
        let trace = Self.trace
        let screen = Size(width: trace.screen[0], height: trace.screen[1])
        let painter = try FramePainter(width: Int(screen.width), height: Int(screen.height), screen: screen,
                                       workers: workers, state: { _ in Marker() }) { (_: Canvas, _: Int, marker: inout Marker) -> Bool in
            isKnownUniquelyReferenced(&marker)
        }
        for frame in trace.frames { _ = painter.paint(frame) }
        let (results, states) = painter.finish()
        #expect(results.count == trace.frames.count)
        #expect(results.allSatisfy { $0 }, "frames painted with a shared state: \(results.filter { !$0 }.count)")
        #expect(Set(states.map(ObjectIdentifier.init)).count == workers)
    }
}
