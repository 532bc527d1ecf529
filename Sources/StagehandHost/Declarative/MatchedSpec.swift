/// How a declarative effect flies the transition's matched pairs (views of the two
/// screens sharing a match identifier, Documentation/MatchedViews.md): Hero's magic move
/// as data. Each pair flies as two flying copies from the source's frame to the
/// destination's (position, size, corner radius, shadow) while the real views are
/// hidden; an opaque pair fades one side, one that is not cross-fades with plus-lighter.
struct MatchedSpec: Equatable, Sendable {
    enum Duration: Equatable, Sendable {
        /// Hero's auto duration: 0.208 s + min(distance, 500) / 3000, the distance being
        /// how far the centre and the size travel (each a Euclidean length).
        case auto
        case fixed(ValueExpression)
    }

    enum Fade: String, Sendable {
        /// An opaque pair fades one side (forward the destination's copy in, on top; back
        /// the source's out, on top); a pair with a side that is not opaque cross-fades.
        case auto
        /// Every pair cross-fades both copies, plus-lighter, in a holder of their own.
        case cross
    }

    /// How long the tracks that have no timing of their own last.
    enum TracksLast: String, Sendable {
        /// The file's `duration`.
        case duration
        /// As long as the longest flight when there is a pair (Hero fades the rest of the
        /// screens over it); the file's `duration` when there is none.
        case longestFlight
    }

    /// The identifiers of the pairs that fly; `nil`: every pair.
    var pairs: [String]?
    var duration = Duration.auto
    /// `nil`: the phase's curve (and, under a finger, what it becomes then).
    var curve: CurveSpec?
    var fade = Fade.auto
    var tracksLast = TracksLast.duration
}
