/// Copying only the part of a hierarchy that a region shows: a tile of a resizable
/// snapshot holds the views its rectangle covers, not the whole screen, so an effect that
/// cuts a screen into hundreds of tiles costs about as much as one snapshot.
extension View {
    /// A box in this view's bounds coordinates that holds everything it and its visible
    /// subviews draw now (presentation values): its bounds, its shadow, and its subviews'
    /// boxes, cut to the bounds when it clips. One point wider on every side, for the
    /// antialiased edges. `nil` when no finite box is known (a corner behind the eye).
    func drawnExtent() -> Rect? {
        var memo: [ObjectIdentifier: Rect?] = [:]
        return drawnExtent(memo: &memo)
    }

    /// `drawnExtent()`, kept on the view while nothing it reads changes (see
    /// `DrawnExtentCache`), and in `memo` for views that cannot keep it (something under
    /// them animates) for as long as the caller's one snapshot lasts: a snapshot asks each
    /// level's subviews for their extents, and each of those is made of the extents below.
    func drawnExtent(memo: inout [ObjectIdentifier: Rect?]) -> Rect? {
        if case .known(let extent) = drawnExtentCache { return extent }
        if !memo.isEmpty, let extent = memo[ObjectIdentifier(self)] { return extent }
        let (extent, keep) = workOutDrawnExtent(memo: &memo)
        if keep {
            drawnExtentCache = .known(extent)
        } else {
            memo.updateValue(extent, forKey: ObjectIdentifier(self))
        }
        return extent
    }

    /// The extent from the subviews' extents, and whether it may be kept: only when this
    /// view does not animate and every visible subview kept its own.
    private func workOutDrawnExtent(memo: inout [ObjectIdentifier: Rect?]) -> (Rect?, keep: Bool) {
        let p = presentation
        var keep = animationRows.count == 0
        var box = p.bounds.standardized
        var children: Rect?
        let sublayer = p.sublayerTransformInBounds
        // `isHidden` is not animatable: the model's is what shows, read without working
        // out the whole presentation of every subview.
        for sub in subviews where !sub.model.isHidden {
            let e = sub.drawnExtent(memo: &memo)
            if !sub.drawnExtentCache.isKnown { keep = false }
            guard let e, let mapped = Self.boundingBox(of: e, through: sub.toSuperview(sublayer: sublayer)) else {
                if p.clipsToBounds { children = p.bounds.standardized; continue }
                // The subviews after this one were not asked: nothing to keep.
                return (nil, false)
            }
            children = children.map { Self.union($0, mapped) } ?? mapped
        }
        if let c = children {
            // Clipped children draw nothing outside the bounds, which the box holds already.
            if !p.clipsToBounds { box = Self.union(box, c) }
        }
        return (Self.withShadow(box, p), keep)
    }

    /// `toSuperview()` with the superview's `sublayerTransformInBounds` already worked
    /// out (a parent's, shared by all its subviews): the same transform.
    func toSuperview(sublayer: Transform3D?) -> Transform3D {
        Self.toSuperview(own: presentation, sublayer: sublayer)
    }

    /// `toSuperview()` from this view's presentation `own` and the superview's
    /// `sublayerTransformInBounds`.
    static func toSuperview(own: ViewState, sublayer: Transform3D?) -> Transform3D {
        let t = own.toSuperview
        guard let sublayer else { return t }
        return t.concatenating(sublayer)
    }

    /// Forgets the drawn extent of this view and of every ancestor that kept one, after a
    /// change to something it reads (its model, subviews or animations). An ancestor
    /// that kept nothing has no ancestor that kept anything reading through it (see
    /// `DrawnExtentCache`), so the walk stops there: with nothing kept, a change costs
    /// a look at the superview.
    func forgetDrawnExtent() {
        drawnExtentCache = .unknown
        var node = superview
        while let n = node, n.drawnExtentCache.isKnown {
            n.drawnExtentCache = .unknown
            node = n.superview
        }
    }

    /// `box` grown by the view's shadow (a blurred copy of its shape, moved by the
    /// offset; its blur reaches well under three radii) and by one point for antialiasing.
    private static func withShadow(_ box: Rect, _ p: ViewState) -> Rect? {
        var out = box
        if p.shadowOpacity > 0 {
            let blur = 3 * abs(p.shadowRadius) + 1
            let shadow = box.offsetBy(dx: p.shadowOffset.width, dy: p.shadowOffset.height).insetBy(dx: -blur, dy: -blur)
            out = union(out, shadow)
        }
        let grown = out.insetBy(dx: -1, dy: -1)
        return grown.minX.isFinite && grown.minY.isFinite && grown.maxX.isFinite && grown.maxY.isFinite ? grown : nil
    }

    /// The box holding `box` after `t`, flattened; `nil` when a corner falls behind the
    /// eye. The corners in `Rect.corners`' order, without that array: a tile maps a box
    /// up every level for every subview it passes.
    static func boundingBox(of box: Rect, through t: Transform3D) -> Rect? {
        let x0 = box.minX, y0 = box.minY, x1 = box.maxX, y1 = box.maxY
        guard let a = projected(x0, y0, t), let b = projected(x1, y0, t),
              let c = projected(x1, y1, t), let d = projected(x0, y1, t) else { return nil }
        return Rect(boundingBoxOf: a, b, c, d)
    }

    /// A corner through `t`; `nil` behind the eye or off to infinity.
    private static func projected(_ x: Double, _ y: Double, _ t: Transform3D) -> Point? {
        let (point, w) = t.project(x: x, y: y)
        guard w > 1e-9, point.x.isFinite, point.y.isFinite else { return nil }
        return point
    }

    /// The box of both: the box of their top left and bottom right corners.
    private static func union(_ a: Rect, _ b: Rect) -> Rect {
        Rect(boundingBoxOf: Point(x: a.minX, y: a.minY), Point(x: a.maxX, y: a.maxY),
             Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.maxY))
    }
}
