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

extension Trace.Frame {
    /// The frame with no fingers: `--hide-touches` for a frame painted as it is recorded.
    var withoutTouches: Trace.Frame {
        var frame = self
        frame.touches = nil
        return frame
    }
}
