import StagehandABI

/// Two views, one in the outgoing screen and one in the incoming, that carried the same
/// match identifier when the transition started: what a matched effect flies from one
/// place to the other. The host pairs them by the rules of the repository's
/// Documentation/MatchedViews.md (depth first, in the order of the incoming views; views
/// outside the container or hidden are not paired; an identifier twice on one side
/// pairs neither).
public struct MatchedPair: Hashable {
    /// One side of a pair.
    public struct Side: Hashable {
        /// The real view; valid until the transition ends.
        public let view: View
        /// Its frame in the container's coordinates as its screen stands settled (the
        /// outgoing screen at its initial frame, the incoming at its final frame).
        public let frame: Rect
        public let cornerRadius: Double
        /// Its alpha times its ancestors' up to its screen's root view.
        public let opacity: Double
        /// Opacity 1 and an opaque background colour: Hero cross-fades a pair only when
        /// a side is not opaque.
        public let isOpaque: Bool

        init?(_ side: sh_matched_side) {
            guard let view = View(side.view) else { return nil }
            self.view = view
            frame = Rect(side.frame)
            cornerRadius = side.corner_radius
            opacity = side.opacity
            isOpaque = side.opaque
        }
    }

    public let identifier: String
    /// The view in the outgoing (`from`) screen.
    public let source: Side
    /// The view in the incoming (`to`) screen.
    public let destination: Side
}
