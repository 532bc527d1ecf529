/// Copying only the part of a hierarchy that a region shows: a tile of a resizable
/// snapshot holds the views its rectangle covers, not the whole screen, so an effect that
/// cuts a screen into hundreds of tiles costs about as much as one snapshot.
extension View {
    /// A box in this view's bounds coordinates that holds everything it and its visible
    /// subviews draw now (presentation values): its bounds, its shadow, and its subviews'
    /// boxes, cut to the bounds when it clips. One point wider on every side, for the
    /// antialiased edges. `nil` when no finite box is known (a corner behind the eye).
    func drawnExtent() -> Rect? {
        let p = presentation
        var box = p.bounds.standardized
        var children: Rect?
        // `isHidden` is not animatable: the model's is what shows, read without working
        // out the whole presentation of every subview.
        for sub in subviews where !sub.model.isHidden {
            guard let e = sub.drawnExtent(), let mapped = Self.boundingBox(of: e, through: [sub.toSuperview()]) else {
                if p.clipsToBounds { children = p.bounds.standardized; continue }
                return nil
            }
            children = children.map { Self.union($0, mapped) } ?? mapped
        }
        if let c = children {
            // Clipped children draw nothing outside the bounds, which the box holds already.
            if !p.clipsToBounds { box = Self.union(box, c) }
        }
        return Self.withShadow(box, p)
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
        return [grown.minX, grown.minY, grown.maxX, grown.maxY].allSatisfy(\.isFinite) ? grown : nil
    }

    /// The box holding `box` after each transform of `chain` in turn, each level
    /// flattened as a layer is into its parent; `nil` when a corner falls behind the eye
    /// (the image is then unbounded).
    static func boundingBox(of box: Rect, through chain: [Transform3D]) -> Rect? {
        var b = box
        for t in chain {
            var points: [Point] = []
            points.reserveCapacity(4)
            for c in b.corners {
                let (point, w) = t.project(x: c.x, y: c.y)
                guard w > 1e-9, point.x.isFinite, point.y.isFinite else { return nil }
                points.append(point)
            }
            b = Rect(boundingBoxOf: points)
        }
        return b
    }

    private static func union(_ a: Rect, _ b: Rect) -> Rect {
        Rect(boundingBoxOf: [Point(x: a.minX, y: a.minY), Point(x: a.maxX, y: a.maxY),
                             Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.maxY)])
    }

    private static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY)
        let x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        guard x0 <= x1, y0 <= y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
