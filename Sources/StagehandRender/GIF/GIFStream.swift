import Dispatch
import Foundation
import StagehandCore
import StagehandShared
import StagehandTrace

/// An animated GIF made from a run's frames as they are recorded: hand each frame to
/// `add` as it is made (a `ScenarioRunner`'s frame consumer) and take the GIF from
/// `finish`. Each frame the GIF shows is painted on the other cores as soon as it is
/// known to be shown, and only its runs of colour are kept (a few kilobytes), so a long
/// run of many views costs the memory of a few frames, not of the recorded run, and the
/// painting overlaps the recording.
///
/// A GIF at 50 fps of a run at 60 shows five frames in six (at 25 fps, five in twelve):
/// handed `wants` as the runner's `framesWanted`, the stream says before each frame is
/// recorded whether the GIF will show it, from its time and the next frame's, and the
/// others are never recorded.
///
/// The GIF is byte for byte the one `Renderer.gif(trace:timing:)` makes of the recorded
/// run (that one feeds its frames through a stream).
///
///     let stream = try GIFStream(renderer: Renderer(screen: scenario.screen), timing: GIFTiming(framesPerSecond: 60))
///     _ = ScenarioRunner(library: library).run(scenario, frames: stream.add, framesWanted: stream.wants)
///     let gif = try stream.finish()
public final class GIFStream {
    private let renderer: Renderer
    private let timing: GIFTiming
    private var selection: GIFFrameSelection
    /// Each worker counts the colours of the images it paints in a registry of its own
    /// (sums, so their merger is the same whatever order they finish in), and the images'
    /// runs carry the numbers it gives them instead of their colours.
    private let painter: FramePainter<GIFWorkerState, RunLengthImage>
    /// The frame added last: the only one kept (the next one decides whether it is shown).
    private var latest: Trace.Frame?
    /// Its painted image's slot, once a GIF frame shows it.
    private var latestSlot: Int?
    /// The views, fingers and slot of the frame painted last: a shown frame with the same
    /// views and fingers (a pause: only they are drawn) reuses its image instead of being
    /// painted again.
    private var painted: (views: [Trace.ViewRecord], touches: [[Double]]?, slot: Int)?
    /// Per GIF frame, the slot of the image it shows.
    private var shown: [Int] = []
    /// The slots of images shown again for a later trace frame (a pause): the palette
    /// counts an image once for each trace frame that shows it.
    private var reshown: [Int] = []
    private var firstTime: Double?
    /// The time of the last frame `add` or `wants` was given.
    private var lastTime: Double?
    /// The time `wants` was last asked about, whose frame `add` may be given next.
    private var announced: Double?

    /// A stream painting `renderer`'s pictures, resampled to `timing`.
    public init(renderer: Renderer, timing: GIFTiming) throws(RenderError) {
        self.renderer = renderer
        self.timing = timing
        selection = GIFFrameSelection(timing: timing)
        painter = try FramePainter(width: renderer.width, height: renderer.height, screen: renderer.screen,
                                   state: { _ in GIFWorkerState() }) { canvas, worker, state in
            RunLengthImage(canvas, worker: worker, registry: &state.registry, runs: &state.runs)
        }
        // libgd, which writes the GIF's header, is loaded while the run records rather
        // than when the frames are encoded: loading it and the libraries it links (tens
        // of them) took 8–25 ms, when nothing else could run on the other core. Loaded
        // once per process; a missing libgd is still reported by `finish`.
        DispatchQueue.global().async { _ = try? RenderLibraries.gd() }
    }

    /// The next frame of the run (frames come in order of time): every frame, or, after
    /// `wants` was asked about it, the frame it wanted.
    public func add(_ frame: Trace.Frame) {
        if announced != frame.t { pass(frame.t) }
        announced = nil
        latest = frame
    }

    /// Whether the GIF shows the frame at `t`, the next frame coming at `next`: asked
    /// before each frame of the run, in order (see `ScenarioRunner.run`'s `framesWanted`);
    /// only a frame it wants need be given to `add`. A frame is shown when a GIF frame's
    /// time is nearer to it than to the next (see `GIFFrameSelection`), which the next
    /// frame's time alone decides; the last frame shows nothing the frame before it does
    /// not unless some GIF frame is nearer to it, so no frame is needed after the run ends.
    public func wants(_ t: Double, next: Double) -> Bool {
        pass(t)
        announced = t
        var ahead = selection
        return ahead.add(next) > 0
    }

    /// A frame at `t` comes: the GIF frames nearest to the one before it are known now.
    private func pass(_ t: Double) {
        if firstTime == nil { firstTime = t }
        lastTime = t
        let count = selection.add(t)
        if count > 0 { shown += repeatElement(slotOfLatest(), count: count) }
        latest = nil
        latestSlot = nil
    }

    /// The seconds from the first frame added to the last.
    public var duration: Double {
        guard let firstTime, let lastTime else { return 0 }
        return lastTime - firstTime
    }

    /// The GIF of the frames added, once every frame is painted.
    public func finish() throws(RenderError) -> Data {
        var gif = Data()
        try finish { gif.append($0) }
        return gif
    }

    /// The GIF of the frames added, once every frame is painted, handed to `write` in
    /// parts, in order, each as soon as it is encoded: a file written part by part
    /// overlaps the encoding of the rest and never holds the whole GIF in memory.
    package func finish(into write: (Data) -> Void) throws(RenderError) {
        let count = selection.finish()
        if shown.count > count { shown.removeLast(shown.count - count) }
        if shown.count < count { shown += repeatElement(slotOfLatest(), count: count - shown.count) }
        let (images, states) = painter.finish()
        var registries = states.map(\.registry)
        guard !shown.isEmpty else { throw RenderError("the run has no frames") }
        for slot in reshown { images[slot].count(in: &registries[images[slot].worker]) }
        let (registry, numbers) = ColorRegistry.merged(registries)
        let palette = GIFPalette(colors: registry.colors, counts: registry.counts)
        // Each worker's numbers mapped to palette entries at once.
        let entries = numbers.map { numbers in numbers.map { palette.entries[Int($0)] } }
        try GIFEncoder.encode(images, shown: shown, width: renderer.width, height: renderer.height,
                              palette: palette, entries: entries, timing: timing, into: write)
    }

    /// The slot of the latest frame's image, painting it the first time it is shown
    /// unless its views and fingers are those of the frame painted last.
    private func slotOfLatest() -> Int {
        if let latestSlot { return latestSlot }
        let frame = latest!
        let slot: Int
        if let painted, painted.views == frame.views, painted.touches == frame.touches {
            slot = painted.slot
            reshown.append(slot)
        } else {
            slot = painter.paint(frame)
            painted = (frame.views, frame.touches, slot)
        }
        latestSlot = slot
        return slot
    }
}
