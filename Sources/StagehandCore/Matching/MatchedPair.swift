/// Two views, one in the outgoing screen and one in the incoming, that carry the same
/// match identifier when a transition starts: what a matched effect flies from one place
/// to the other (Hero's `heroID` pair, a `view-transition-name` group).
///
/// Frames are in the container's coordinates as each screen stands when it is settled:
/// the outgoing screen at its initial frame, the incoming at its final frame, each
/// view's bounds mapped through every ancestor's transform up to its screen (the
/// bounding box, when a transform rotates it), its ancestors' clipping ignored — the
/// flying copy is drawn whole, above the screens. Numbers are taken once, at the start,
/// from the model values: a pair does not follow a view the app moves later.
///
/// A value used by the one thread driving its stage, as the views it names are.
public struct MatchedPair {
    /// One side of a pair.
    public struct Side {
        /// The real view: the context keeps both screens, and so it, alive until the
        /// transition ends.
        public let view: View
        /// The view's frame in the container's coordinates (see `MatchedPair`).
        public let frame: Rect
        /// Its corner radius.
        public let cornerRadius: Double
        /// How opaque it is as drawn: its alpha times every ancestor's up to its screen's
        /// root view, the root included.
        public let opacity: Double
        /// Whether it is opaque: opacity 1 and a background colour without transparency
        /// (Hero cross-fades a pair only when a side is not opaque).
        public let isOpaque: Bool
    }

    /// The identifier both views carry.
    public let identifier: String
    /// The view in the outgoing screen (the transition's `from` side).
    public let source: Side
    /// The view in the incoming screen (the `to` side).
    public let destination: Side
}
