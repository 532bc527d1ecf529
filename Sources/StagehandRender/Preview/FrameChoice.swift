import StagehandTrace

/// Which frame of a run to show when one picture is asked for.
public enum FrameChoice {
    /// How far through its transition a contact sheet shows each effect: two fifths, not
    /// half, because half-way is where a flip or a turning page stands edge-on and shows
    /// nothing of either screen.
    public static let stillFraction = 0.4

    /// The frame nearest `time` (the first or last one outside the run).
    public static func frame(at time: Double, in trace: Trace) -> Trace.Frame? {
        trace.frames.min { abs($0.t - time) < abs($1.t - time) }
    }

    /// Mid-way (or `fraction` of the way) through the first transition of `effect` — or,
    /// when that effect never shows in the events (a gesture effect drives another's
    /// transition), the first interactive transition, else the first transition of all;
    /// the middle of the run when nothing ran.
    public static func defaultTime(in trace: Trace, effect: String? = nil, fraction: Double = 0.5) -> Double {
        let events = trace.events.sorted { $0.t < $1.t }
        let begins = events.filter { $0.kind == "began" }
        let chosen = begins.first { $0.effect == effect } ?? begins.first { effect != nil && $0.interactive } ?? begins.first
        guard let began = chosen else {
            return ((trace.frames.first?.t ?? 0) + (trace.frames.last?.t ?? 0)) / 2
        }
        let end = events.first { ($0.kind == "completed" || $0.kind == "cancelled") && $0.t >= began.t
            && $0.effect == began.effect && $0.operation == began.operation }?.t ?? trace.frames.last?.t ?? began.t
        return began.t + (end - began.t) * fraction
    }
}
