/// What a view remembers of its `drawnExtent()` between snapshots: an effect cuts one
/// screen into hundreds of tiles in a row, and each tile asks every view it passes for the
/// box of everything under it; worked out afresh, that walks the whole subtree again for
/// every tile at every level.
///
/// A view keeps its extent only while nothing the extent reads can change unseen: the
/// model values, the subview list and the animation rows of the view and of every visible
/// view under it (a change to any of them forgets the extent of the view and of the
/// ancestors that kept theirs, see `View.forgetDrawnExtent`), and only when nothing there
/// animates (a running animation moves the presentation with the clock, which no setter
/// sees). A view keeps its extent only if every visible subview kept its own, so an
/// ancestor that forgot nothing has descendants that forgot nothing either, which is what
/// lets forgetting stop at the first ancestor that kept nothing.
enum DrawnExtentCache {
    case unknown
    case known(Rect?)

    var isKnown: Bool {
        if case .known = self { return true }
        return false
    }
}
