/// Pairs the views of two screens that carry the same match identifier, by the rules
/// Documentation/MatchedViews.md states (each has a test):
///
/// - Each screen is walked depth first, a view before its subviews, subviews in subview
///   order (not drawing order), from the screen's root view, the root included.
/// - A hidden view is skipped with everything inside it.
/// - A view whose frame (see `MatchedPair`) misses the container's bounds is skipped
///   (Hero's rule: a list row scrolled away does not fly in from off screen); its
///   subviews are still walked.
/// - An identifier carried by two or more candidate views on one side is reported once,
///   naming the identifier and the first two views, and matches nothing on either side
///   (CSS skips such a name; Hero silently takes the last one, the bug this prevents).
/// - The pairs come in the order of their destination views in the walk.
/// - Nested matched views make a pair each; a matched view inside a clipping or
///   transformed ancestor is measured through its ancestors' transforms and without
///   their clipping.
struct ViewMatcher {
    /// One screen: its root view and where the root stands in the container.
    struct Screen {
        let root: View
        /// The root's frame in the container (its initial or final frame).
        let placement: Rect
    }

    /// An identifier carried by more than one candidate view of one side.
    struct Duplicate {
        let identifier: String
        /// `true`: the outgoing screen.
        let inSource: Bool
        let views: [View]
    }

    let containerBounds: Rect

    /// The candidates of one screen: identifier → views carrying it, in walk order, and
    /// the order identifiers were first met.
    private struct Candidates {
        var byIdentifier: [String: [Candidate]] = [:]
        var order: [String] = []
    }

    private struct Candidate {
        let view: View
        let side: MatchedPair.Side
    }

    func pairs(from source: Screen, to destination: Screen) -> (pairs: [MatchedPair], duplicates: [Duplicate]) {
        let from = candidates(in: source)
        let to = candidates(in: destination)
        var duplicates: [Duplicate] = []
        for id in from.order where from.byIdentifier[id]!.count > 1 {
            duplicates.append(Duplicate(identifier: id, inSource: true, views: from.byIdentifier[id]!.map(\.view)))
        }
        for id in to.order where to.byIdentifier[id]!.count > 1 {
            duplicates.append(Duplicate(identifier: id, inSource: false, views: to.byIdentifier[id]!.map(\.view)))
        }
        var pairs: [MatchedPair] = []
        for id in to.order {
            guard let incoming = to.byIdentifier[id], incoming.count == 1,
                  let outgoing = from.byIdentifier[id], outgoing.count == 1 else { continue }
            pairs.append(MatchedPair(identifier: id, source: outgoing[0].side, destination: incoming[0].side))
        }
        return (pairs, duplicates)
    }

    private func candidates(in screen: Screen) -> Candidates {
        var found = Candidates()
        let offset = Point(x: screen.placement.minX - screen.root.model.bounds.minX,
                           y: screen.placement.minY - screen.root.model.bounds.minY)
        func walk(_ view: View, opacity inherited: Double) {
            let state = view.model
            guard !state.isHidden else { return }
            let opacity = inherited * state.alpha
            if let id = view.matchID, !id.isEmpty {
                let frame = Self.frame(of: view, in: screen.root).offsetBy(dx: offset.x, dy: offset.y)
                if frame.intersects(containerBounds) {
                    let opaque = opacity >= 1 && (state.backgroundColor?.alpha ?? 0) >= 1
                    let side = MatchedPair.Side(view: view, frame: frame, cornerRadius: state.cornerRadius,
                                                opacity: opacity, isOpaque: opaque)
                    if found.byIdentifier[id] == nil { found.order.append(id) }
                    found.byIdentifier[id, default: []].append(Candidate(view: view, side: side))
                }
            }
            for sub in view.subviews { walk(sub, opacity: opacity) }
        }
        walk(screen.root, opacity: 1)
        return found
    }

    /// The bounding box of `view`'s bounds in `root`'s bounds coordinates, through every
    /// transform between them (model values), each level flattened as Core Animation
    /// flattens a layer into its parent.
    static func frame(of view: View, in root: View) -> Rect {
        var corners = view.model.bounds.corners
        var node = view
        while node !== root, let parent = node.superview {
            let t = node.toSuperview(presentation: false)
            corners = corners.map { t.project(x: $0.x, y: $0.y).point }
            node = parent
        }
        return Rect(boundingBoxOf: corners)
    }
}
