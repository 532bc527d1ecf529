import StagehandABI

/// Matched views (ABI 1.3). On an older host there are no pairs, so a matched effect
/// plays its whole-screen fallback.
extension TransitionContext {
    /// The pairs of matched views, in the order of their incoming views; empty when
    /// none (or on a host older than ABI 1.3).
    public var matchedPairs: [MatchedPair] {
        guard let count = Host.optionalFunction(\.context_matched_pair_count),
              let pairAt = Host.optionalFunction(\.context_matched_pair) else { return [] }
        return (0..<count(handle)).compactMap { i in
            var raw = sh_matched_pair()
            raw.size = UInt32(MemoryLayout<sh_matched_pair>.size)
            guard pairAt(handle, i, &raw), let id = raw.identifier,
                  let source = MatchedPair.Side(raw.source), let destination = MatchedPair.Side(raw.destination) else { return nil }
            return MatchedPair(identifier: String(cString: id), source: source, destination: destination)
        }
    }

    /// A copy of `view` to fly (Hero's default snapshot): what it shows now, without the
    /// views of other pairs inside it, its transform and alpha reset, its frame
    /// `settledFrame(of:)`. In no hierarchy: add it to the container. `nil` on an older host.
    public func flyingCopy(of view: View) -> View? {
        guard let copy = Host.optionalFunction(\.context_flying_copy) else { return nil }
        return View(copy(handle, view.handle))
    }

    /// Moves the real `view` (a view of a pair) into the container at its settled frame,
    /// with an identity transform, to fly itself. It is back in its place, as it was,
    /// when the transition ends either way. `false` for a view of no pair.
    @discardableResult
    public func takeForFlight(_ view: View) -> Bool {
        Host.optionalFunction(\.context_take_view)?(handle, view.handle) ?? false
    }

    /// `view`'s frame in the container's coordinates as its screen stands settled (the
    /// outgoing screen at its initial frame, the incoming at its final frame).
    public func settledFrame(of view: View) -> Rect {
        guard let frame = Host.optionalFunction(\.context_settled_frame) else { return view.convert(view.bounds, to: containerView) }
        return Rect(frame(handle, view.handle))
    }
}

extension TransitionContext {
    /// The identifiers that paired nothing because two or more views of one screen
    /// carried them (the host said so in the log), in the order met: outgoing screen
    /// first, each depth first. The host's candidates: shown, with a settled frame that
    /// meets the container. An effect that must not play half a match (CSS skips every
    /// name of a transition with a duplicate) checks that this is empty.
    public var duplicateMatchIdentifiers: [String] {
        guard let bounds = containerView?.bounds else { return [] }
        var duplicates: [String] = []
        for key in [TransitionContextKey.from, .to] {
            guard let root = viewController(forKey: key)?.view else { continue }
            var seen: Set<String> = []
            func walk(_ view: View) {
                guard !view.isHidden else { return }
                if let id = view.matchID, !id.isEmpty, settledFrame(of: view).intersects(bounds) {
                    if !seen.insert(id).inserted, !duplicates.contains(id) { duplicates.append(id) }
                }
                for sub in view.subviews { walk(sub) }
            }
            walk(root)
        }
        return duplicates
    }
}
