extension MatchedPair {
    /// The pairs between an outgoing screen and an incoming one, each root standing at
    /// its placement in a container of `containerBounds`: what a transition computes
    /// when it starts (`TransitionContext.matchedPairs`), by the same rules, without a
    /// transition; duplicates match nothing and are not reported here. Visible to
    /// the package (not public) for `stagehand bench`, which times the pairing alone.
    package static func pairs(outgoing: View, placedAt outgoingPlacement: Rect, incoming: View, placedAt incomingPlacement: Rect,
                             containerBounds: Rect) -> [MatchedPair] {
        ViewMatcher(containerBounds: containerBounds)
            .pairs(from: .init(root: outgoing, placement: outgoingPlacement), to: .init(root: incoming, placement: incomingPlacement))
            .pairs
    }
}
