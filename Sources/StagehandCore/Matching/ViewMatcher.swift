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

    /// The candidates of one screen: each identifier's first candidate, in walk order,
    /// and the views of the identifiers met more than once (rare: kept apart so the
    /// common case is one dictionary entry per identifier).
    private struct Candidates {
        var list: [Candidate] = []
        var index: [String: Int] = [:]
        var repeated: [String: [View]] = [:]
        var repeatedOrder: [String] = []

        mutating func add(_ candidate: Candidate) {
            let id = candidate.identifier
            // One hash for the common case (a new identifier); a repeat puts the first back.
            guard let first = index.updateValue(list.count, forKey: id) else {
                list.append(candidate)
                return
            }
            index[id] = first
            if repeated[id] == nil {
                repeatedOrder.append(id)
                repeated[id] = [list[first].side.view]
            }
            repeated[id]!.append(candidate.side.view)
        }

        func isRepeated(_ id: String) -> Bool {
            !repeated.isEmpty && repeated[id] != nil
        }
    }

    private struct Candidate {
        let identifier: String
        let side: MatchedPair.Side
    }

    func pairs(from source: Screen, to destination: Screen) -> (pairs: [MatchedPair], duplicates: [Duplicate]) {
        let from = candidates(in: source)
        let to = candidates(in: destination)
        var duplicates: [Duplicate] = []
        for id in from.repeatedOrder {
            duplicates.append(Duplicate(identifier: id, inSource: true, views: from.repeated[id]!))
        }
        for id in to.repeatedOrder {
            duplicates.append(Duplicate(identifier: id, inSource: false, views: to.repeated[id]!))
        }
        var pairs: [MatchedPair] = []
        for incoming in to.list where !to.isRepeated(incoming.identifier) {
            let id = incoming.identifier
            guard let i = from.index[id], !from.isRepeated(id) else { continue }
            pairs.append(MatchedPair(identifier: id, source: from.list[i].side, destination: incoming.side))
        }
        return (pairs, duplicates)
    }

    private func candidates(in screen: Screen) -> Candidates {
        var found = Candidates()
        let offset = Point(x: screen.placement.minX - screen.root.model.bounds.minX,
                           y: screen.placement.minY - screen.root.model.bounds.minY)
        func walk(_ view: View, opacity inherited: Double) {
            guard !view.model.isHidden else { return }
            let opacity = inherited * view.model.alpha
            if let id = view.matchID, !id.isEmpty {
                let frame = Self.frame(of: view, in: screen.root).offsetBy(dx: offset.x, dy: offset.y)
                if frame.intersects(containerBounds) {
                    let opaque = opacity >= 1 && (view.model.backgroundColor?.alpha ?? 0) >= 1
                    let side = MatchedPair.Side(view: view, frame: frame, cornerRadius: view.model.cornerRadius,
                                                opacity: opacity, isOpaque: opaque)
                    found.add(Candidate(identifier: id, side: side))
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
        // Levels with no transform (and no sublayer transform above them) only translate:
        // summed here without matrices, which keeps pairing a thousand views cheap.
        var dx = 0.0, dy = 0.0
        var node = view
        while node !== root, let parent = node.superview, node.model.transform3D.isIdentity,
              parent.model.sublayerTransform.isIdentity {
            let m = node.model
            dx += m.center.x - m.bounds.origin.x - m.anchorPoint.x * m.bounds.width
            dy += m.center.y - m.bounds.origin.y - m.anchorPoint.y * m.bounds.height
            node = parent
        }
        let bounds = view.model.bounds.standardized
        if node === root || node.superview == nil { return bounds.offsetBy(dx: dx, dy: dy) }
        var corners = bounds.offsetBy(dx: dx, dy: dy).corners
        while node !== root, let parent = node.superview {
            let t = node.toSuperview(presentation: false)
            corners = corners.map { t.project(x: $0.x, y: $0.y).point }
            node = parent
        }
        return Rect(boundingBoxOf: corners)
    }
}
