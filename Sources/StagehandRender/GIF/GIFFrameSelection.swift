/// Which trace frames a GIF shows (see `GIFTiming`: each GIF frame shows the trace frame
/// nearest its time), decided as the trace frames arrive, one at a time, in order.
///
/// A trace frame is known to be nearest to a GIF frame's time only once the frame after
/// it is known (that one could be nearer), so each `add` says how many GIF frames the
/// frame *before* it shows, and `finish` how many the last one shows. A GIF can so be
/// painted while its run is still being recorded, keeping one frame, not the run.
struct GIFFrameSelection {
    /// Seconds per GIF frame.
    let step: Double
    private var first: Double?
    private var latest = 0.0
    /// The next GIF frame not yet given a trace frame.
    private var next = 0

    init(timing: GIFTiming) {
        step = Double(timing.delay) / 100
    }

    /// The next trace frame, at `t` (not before the last one's): returns how many GIF
    /// frames, from the first not yet given, show the trace frame added before it.
    mutating func add(_ t: Double) -> Int {
        defer { latest = t }
        guard let first else {
            first = t
            return 0
        }
        // A GIF frame takes the earlier trace frame while the new one is farther from
        // its time; once the new one is as near, it and the GIF frames after it wait
        // for the next trace frame.
        var shown = 0
        while true {
            let target = first + Double(next) * step
            if abs(t - target) <= abs(latest - target) { break }
            shown += 1
            next += 1
        }
        return shown
    }

    /// After the last trace frame: how many GIF frames the whole GIF has, one per step
    /// from the first trace frame's time to the last's (0 when no frame was added).
    /// The GIF frames from the ones given so far up to it show the last trace frame.
    func finish() -> Int {
        guard let first else { return 0 }
        return Int(((latest - first) / step + 1e-6).rounded(.down)) + 1
    }
}
