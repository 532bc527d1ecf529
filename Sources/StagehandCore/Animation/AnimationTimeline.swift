/// A time base for animations: Core Animation's layer time, reduced to what UIKit's
/// percent-driven interaction does with a container layer — run, pause at an offset, or
/// ramp to a target along a curve (finish forward, cancel backward).
final class AnimationTimeline {
    private enum Mode {
        case running(globalAnchor: Double, localAnchor: Double)
        case paused(local: Double)
        case ramp(fromLocal: Double, toLocal: Double, start: Double, duration: Double, curve: TimingCurve, thenRun: Bool)
    }

    private var mode: Mode

    /// A timeline that runs with the clock from local time `local` at global `now`.
    init(runningFrom local: Double, at now: Double) {
        mode = .running(globalAnchor: now, localAnchor: local)
    }

    /// A timeline held still at a local time.
    init(pausedAt local: Double) {
        mode = .paused(local: local)
    }

    func localTime(at now: Double) -> Double {
        switch mode {
        case .running(let g, let l): return l + (now - g)
        case .paused(let l): return l
        case .ramp(let from, let to, let start, let duration, let curve, let thenRun):
            guard duration > 0 else { return thenRun ? to + (now - start) : to }
            // At the end on the frame at or after start + duration (see `Stage.timeTolerance`).
            if now - start >= duration - Stage.timeTolerance { return thenRun ? to + max(0, now - start - duration) : to }
            return from + (to - from) * curve.progress(at: max(0, (now - start) / duration))
        }
    }

    var isPaused: Bool {
        if case .paused = mode { return true }
        return false
    }

    func pause(at now: Double) {
        mode = .paused(local: localTime(at: now))
    }

    func seek(toLocal local: Double) {
        mode = .paused(local: local)
    }

    func run(at now: Double) {
        mode = .running(globalAnchor: now, localAnchor: localTime(at: now))
    }

    /// Moves from the current local time to `target` over `duration` seconds of the
    /// clock along `curve`; then keeps running (`thenRun`) or holds at the target.
    func ramp(to target: Double, duration: Double, curve: TimingCurve, thenRun: Bool, at now: Double) {
        mode = .ramp(fromLocal: localTime(at: now), toLocal: target, start: now,
                     duration: max(0, duration), curve: curve, thenRun: thenRun)
    }

    /// The clock time at which a ramp reaches its target, if ramping.
    var rampEnd: Double? {
        if case .ramp(_, _, let start, let duration, _, _) = mode { return start + duration }
        return nil
    }
}
