import StagehandHost

extension Trace {
    /// The run with no fingers in its frames: what `--hide-touches` renders. Pictures draw
    /// a dot at each finger a frame records; the trace file keeps them either way.
    var withoutTouches: Trace {
        var trace = self
        for i in trace.frames.indices where trace.frames[i].touches != nil { trace.frames[i].touches = nil }
        return trace
    }
}
