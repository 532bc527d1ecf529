/// Where every view of some hierarchies was, and how it looked, when a transition
/// started: what cancelling puts back exactly (each view's model values — frame,
/// transform, alpha, everything — its parent, its place among its siblings, its match
/// identifier), and what ending either way puts back for the matched views an effect
/// was free to hide, fade or move during the flight.
struct HierarchyRecord {
    struct Entry {
        let view: View
        let state: ViewState
        let matchID: String?
        /// The parent and the subviews the view had then.
        let parent: View?
        let index: Int
        let subviews: [View]
    }

    /// In walk order (a view before its subviews), so a parent is back in place before
    /// its children are.
    private(set) var entries: [Entry] = []

    /// Records `roots` and everything inside them.
    init(roots: [View]) {
        for root in roots { record(root) }
    }

    /// Records only `views`, without their subviews' places (the matched views).
    init(views: [View]) {
        for view in views { entries.append(Self.entry(view)) }
    }

    private mutating func record(_ view: View) {
        entries.append(Self.entry(view))
        for sub in view.subviews { record(sub) }
    }

    private static func entry(_ view: View) -> Entry {
        let index = view.superview?.subviews.firstIndex { $0 === view } ?? 0
        return Entry(view: view, state: view.model, matchID: view.matchID, parent: view.superview, index: index,
                     subviews: view.subviews)
    }

    /// Puts every recorded view back: its look, its identifier and, with
    /// `subtrees`, exactly its recorded subviews (views added since leave, views taken
    /// away come back); the roots' own places are left to whoever restores them
    /// (the controllers' structure). Without `subtrees`, each view goes back to its
    /// recorded parent at its recorded index (clamped) when it is not there.
    func restore(subtrees: Bool) {
        for entry in entries {
            entry.view.removeAllAnimations()
            entry.view.modelValues = entry.state
            entry.view.matchID = entry.matchID
            if subtrees {
                entry.view.replaceSubviews(with: entry.subviews)
            } else if let parent = entry.parent, entry.view.superview !== parent
                        || parent.subviews.firstIndex(where: { $0 === entry.view }) != entry.index {
                parent.insertSubview(entry.view, at: entry.index)
            }
        }
    }
}
