/// What one snapshot carries down its copy of a hierarchy: the region it keeps (if any),
/// the views it leaves out, the transforms from the level being copied up to the
/// region's space, and the extents worked out on the way that their views could not keep.
///
/// One value passed down the recursion rather than arguments rebuilt at every level: the
/// chain of transforms is one array pushed and popped, not a new array per subview.
struct SnapshotPass {
    /// Only subviews whose drawing can reach it are copied (in the root's bounds
    /// coordinates); `nil`: every visible subview.
    let region: Rect?
    let excluding: Set<ObjectIdentifier>
    /// The transforms from the bounds of the view being copied up to the root's, the
    /// root's child first: a box is mapped through them from the last to the first.
    var upward: [Transform3D] = []
    /// Extents of views that could not keep theirs (see `View.drawnExtent(memo:)`).
    var memo: [ObjectIdentifier: Rect?] = [:]

    init(region: Rect?, excluding: Set<ObjectIdentifier>) {
        self.region = region
        self.excluding = excluding
    }

    /// `box`, in a subview's bounds, mapped through `toSuperview` (the subview's) and then
    /// every level of `upward` to the region's space; `nil` when it is unbounded.
    func boxInRegionSpace(_ box: Rect, toSuperview: Transform3D) -> Rect? {
        guard var b = View.boundingBox(of: box, through: toSuperview) else { return nil }
        for t in upward.reversed() {
            guard let next = View.boundingBox(of: b, through: t) else { return nil }
            b = next
        }
        return b
    }
}
