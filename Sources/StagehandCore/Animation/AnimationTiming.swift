/// How an animation's fraction moves over its active duration.
enum AnimationTiming {
    /// A Bézier timing function over the duration.
    case curve(TimingCurve)
    /// A spring's displacement at the local time in seconds (may overshoot 1).
    case spring(Spring)
    /// Keyframe slices: each (relative start, relative end, value index); between
    /// slices the last reached value holds. Values live in the animation.
    case keyframes([KeyframeSlice])

    struct KeyframeSlice {
        var start: Double
        var end: Double
    }
}
