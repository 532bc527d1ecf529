import StagehandTrace

/// When a GIF's frames are shown. A GIF gives each frame a delay in hundredths of a
/// second, and browsers treat 0 or 1 as 10 (a tenth of a second): the fastest honest GIF
/// is 2/100 s a frame, 50 fps. So a 60 fps run cannot be shown at 60 fps; it is
/// resampled at the nearest rate the format can show (100 / delay, delay a whole number
/// ≥ 2): 60 → 50 fps, 30 → 33⅓ fps, 25 → 25 fps. Each GIF frame shows the trace frame
/// nearest its time, so motion keeps its real speed.
public struct GIFTiming: Hashable, Sendable {
    /// Hundredths of a second per frame, at least 2.
    public let delay: Int

    /// The timing nearest `framesPerSecond` that a GIF can show.
    public init(framesPerSecond: Int) {
        delay = max(2, Int((100 / Double(max(framesPerSecond, 1))).rounded()))
    }

    /// The rate the GIF really plays at.
    public var framesPerSecond: Double { 100 / Double(delay) }

    /// The indices of the trace frames the GIF shows, one per `delay`, from the first
    /// frame's time to the last's (as `GIFFrameSelection` decides them).
    func frameIndices(of trace: Trace) -> [Int] {
        var selection = GIFFrameSelection(timing: self)
        var indices: [Int] = []
        for (j, frame) in trace.frames.enumerated() {
            indices += repeatElement(j - 1, count: selection.add(frame.t))
        }
        let count = selection.finish()
        if indices.count > count { indices.removeLast(indices.count - count) }
        return indices + repeatElement(trace.frames.count - 1, count: count - indices.count)
    }
}
