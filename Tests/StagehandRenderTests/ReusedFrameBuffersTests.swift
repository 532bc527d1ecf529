import StagehandCore
@testable import StagehandRender
import Testing

/// A painting worker keeps the arrays of a frame's display list and of its packed runs
/// for the next frame (`DisplayList.init(frame:screen:widths:reusing:)`,
/// `RunLengthImage.init(_:worker:registry:runs:level:)`): whatever the frame before
/// left in them (more items, more runs, another size), a frame made in them must be the
/// frame made in new arrays.
@Suite struct ReusedFrameBuffersTests {
    /// The runs of an image, as (colour, length) pairs.
    static func runs(_ image: RunLengthImage, _ registry: ColorRegistry) -> [UInt64] {
        var runs: [UInt64] = []
        image.forEachRun { number, length in runs.append(UInt64(registry.colors[Int(number)]) << 32 | UInt64(length)) }
        return runs
    }

    @Test func framesMadeInReusedArraysAreThoseMadeInNewOnes() throws {
        let trace = try RenderEnvironment.play("""
            {"screen": {"width": 195, "height": 422, "fps": 30}, "root": {"title": "Inbox"},
             "steps": [{"push": {"title": "Article"}}, {"wait": 0.2}]}
            """)
        let screen = Size(width: 195, height: 422)
        // Two sizes, alternating, and frames with more and fewer views than the one before.
        let sizes = [(195, 422), (60, 130), (195, 422), (390, 844)]
        let frames = [trace.frames[trace.frames.count / 3], trace.frames[0], trace.frames.last!,
                      trace.frames[trace.frames.count / 2]]
        var widths = TitleWidths(metrics: try FontMetrics.shared())
        var items: [DisplayItem] = []
        var runs: [UInt32] = []
        var reusedRegistry = ColorRegistry(), freshRegistry = ColorRegistry()
        var counts: Set<Int> = []
        for ((width, height), frame) in zip(sizes, frames) {
            let reusedCanvas = try Canvas(width: width, height: height, screen: screen)
            let freshCanvas = try Canvas(width: width, height: height, screen: screen)
            var list = DisplayList(frame: frame, screen: screen, widths: &widths, reusing: &items)
            #expect(items.isEmpty)
            let fresh = DisplayList(frame: frame, screen: screen, metrics: try FontMetrics.shared())
            #expect(list.items.count == fresh.items.count)
            counts.insert(fresh.items.count)
            reusedCanvas.draw(list)
            freshCanvas.draw(fresh)
            swap(&list.items, &items)

            let reused = RunLengthImage(reusedCanvas, worker: 0, registry: &reusedRegistry, runs: &runs)
            #expect(runs.capacity >= 4096, "the buffer comes back")
            let made = RunLengthImage(freshCanvas, worker: 0, registry: &freshRegistry)
            let reusedRuns = Self.runs(reused, reusedRegistry), freshRuns = Self.runs(made, freshRegistry)
            #expect(reusedRuns == freshRuns, "\(width)×\(height): \(reusedRuns.count) runs, \(freshRuns.count) fresh")
            #expect(reusedRuns.reduce(0) { $0 + Int($1 & 0xFFFF_FFFF) } == width * height)
        }
        #expect(counts.count > 1, "frames of different numbers of items")
    }
}
