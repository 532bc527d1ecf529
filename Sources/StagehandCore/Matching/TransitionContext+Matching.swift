/// What a matched effect asks of the context besides the pairs: where a view stands in
/// the container, a flying copy, and the real view taken out to fly.
extension TransitionContext {
    /// `view`'s frame in the container's coordinates as its screen stands settled (the
    /// outgoing screen at its initial frame, the incoming at its final frame; see
    /// `MatchedPair`), for any view of either screen; for another view, its bounding box
    /// mapped to the container now.
    public func settledFrame(of view: View) -> Rect {
        for screen in matchedScreens where view === screen.root || view.isDescendant(of: screen.root) {
            let root = screen.root
            return ViewMatcher.frame(of: view, in: root)
                .offsetBy(dx: screen.placement.minX - root.model.bounds.minX, dy: screen.placement.minY - root.model.bounds.minY)
        }
        return Rect(boundingBoxOf: view.model.bounds.corners.map { view.convert($0, to: containerView) })
    }

    /// A snapshot of `view` to fly (Hero's default): what it shows now, without the
    /// views of other pairs inside it (they fly on their own), its transform and alpha
    /// reset, its frame `settledFrame(of:)`. In no hierarchy: the effect adds it to the
    /// container.
    public func flyingCopy(of view: View) -> View {
        var inner = matchedViews
        inner.remove(ObjectIdentifier(view))
        let copy = view.snapshotView(excluding: inner)
        copy.matchID = nil
        copy.modelValues.anchorPoint = Point(x: 0.5, y: 0.5)
        copy.modelValues.setFrame(settledFrame(of: view))
        return copy
    }

    /// Moves the real `view`, a view of one of this transition's pairs, into the
    /// container at `settledFrame(of:)` with an identity transform, to fly itself
    /// (Hero's `.noSnapshot`: content that changes keeps changing). It goes back to its
    /// place, as it was, when the transition ends either way. `false`, and nothing
    /// done, for a view of no pair.
    @discardableResult
    public func takeForFlight(_ view: View) -> Bool {
        guard matchedViews.contains(ObjectIdentifier(view)) else { return false }
        let frame = settledFrame(of: view)
        containerView.addSubview(view)
        view.modelValues.transform3D = .identity
        view.modelValues.anchorPoint = Point(x: 0.5, y: 0.5)
        view.modelValues.setFrame(frame)
        return true
    }
}
