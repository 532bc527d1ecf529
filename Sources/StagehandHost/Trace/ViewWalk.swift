import StagehandCore
import StagehandGeometry

/// The views of one frame, recorded by walking the window's tree back to front, and the
/// numbers that overflowed on the way.
///
/// Every frame a GIF shows records every view (a screen cut into tiles: a thousand and
/// more), on the thread that steps the stage, so the walk is kept lean: its state is
/// this value's (one exclusive access for the whole walk, not a checked access to
/// captured variables for every number), each view's presentation is worked out once,
/// and a record is made in place in `views`, not copied there.
struct ViewWalk {
    var views: [Trace.ViewRecord] = []
    /// Numbers that were infinite or NaN, written as 0 (`r`).
    private(set) var overflowed = 0
    /// The title of the view being recorded when the first number overflowed.
    private(set) var firstOverflow: String?
    /// The title of the view being recorded (the last one, once the walk is done).
    private var title = ""
    /// Whether views are recorded from their memos and leave memos for the next frames
    /// (see `ViewRecordMemo`); `false` records every view afresh and keeps nothing, which
    /// tests compare with.
    var usesMemos = true

    /// `x` rounded to six decimals (`TraceRecorder.round6`); 0, counted, if it is not
    /// finite. Every number a bundle gives the host is finite and bounded
    /// (`NumberRule`), but the scene multiplies them (a chain of scaled views, a
    /// projection): what overflows all the same is written as 0 so that the trace can
    /// always be written (JSON has no NaN) and no renderer sees it.
    @inline(__always)
    mutating func r(_ x: Double) -> Double {
        guard x.isFinite else { return overflow() }
        return TraceRecorder.round6(x)
    }

    /// `r`'s rare case, apart: inlined, it would have every rounding hold on to `title`.
    @inline(never)
    private mutating func overflow() -> Double {
        overflow(in: title)
    }

    /// `overflow()` in the view titled `title`.
    @inline(never)
    private mutating func overflow(in title: String) -> Double {
        overflowed += 1
        if firstOverflow == nil { firstOverflow = title }
        return 0
    }

    /// Records `v` and its subviews. Each view's map to the window is its own (with its
    /// superview's sublayer transform, `parentSublayer`), flattened, then its
    /// superview's: one product per view instead of walking up to the window for every
    /// corner, which costs the depth of the tree again for each view of a deep one.
    mutating func record(_ v: View, depth: Int, opacity: Double, parentSublayer: Transform3D?,
                         parentToWindow: Transform3D) {
        if usesMemos, Self.isNone(parentSublayer), let memo = v.recordMemo {
            return record(v, memo: memo, depth: depth, opacity: opacity, parentToWindow: parentToWindow)
        }
        let overflowedBefore = overflowed
        // Under an animation the presentation is worked out from the running curves:
        // once per view, and its sublayer transform handed to the subviews.
        let p = v.presentation
        // `View.toSuperview()` from the states at hand.
        var toSuperview = p.toSuperview
        if let parentSublayer { toSuperview = toSuperview.concatenating(parentSublayer) }
        let flatToSuperview = Self.flattened(toSuperview)
        let toWindow = flatToSuperview.concatenating(parentToWindow)
        let shown = opacity * p.alpha
        let t = p.transform
        // Computed (from the bounds, anchor, center and a 3D transform's projected
        // corners): once, not once per number.
        let frame = p.frame
        let controller = v.viewController
        title = controller?.title ?? v.label ?? v.name ?? v.kind.rawValue
        let color = p.backgroundColor.map { (r($0.red), r($0.green), r($0.blue), r($0.alpha)) }
        // The bounds' corners in `Rect.corners`' order, without making that array.
        let b = p.bounds
        let c0 = toWindow.project(x: b.minX, y: b.minY).point
        let c1 = toWindow.project(x: b.maxX, y: b.minY).point
        let c2 = toWindow.project(x: b.maxX, y: b.maxY).point
        let c3 = toWindow.project(x: b.minX, y: b.maxY).point
        let corners = (r(c0.x), r(c0.y), r(c1.x), r(c1.y), r(c2.x), r(c2.y), r(c3.x), r(c3.y))
        let frame4 = (r(frame.origin.x), r(frame.origin.y), r(frame.width), r(frame.height))
        let transform6 = (r(t.a), r(t.b), r(t.c), r(t.d), r(t.tx), r(t.ty))
        // Made in place in `views` and finished there: a record built aside and then
        // appended is copied. Its lists are held in place (no arrays: see `NumberList`),
        // and made there from the numbers.
        views.append(Trace.ViewRecord(
            title: title,
            kind: v.kind.rawValue, source: v.sourceKind?.rawValue, depth: depth,
            frame: frame4, transform: transform6,
            alpha: r(p.alpha), opacity: r(shown), hidden: p.isHidden,
            corners: corners,
            color: color, cornerRadius: r(p.cornerRadius), shadow: r(p.shadowOpacity)))
        let last = views.count - 1
        let flatSublayer = p.sublayerTransform.isIdentity
        recordLayerProperties(of: p, flatSublayer: flatSublayer, at: last)
        if let id = v.matchID, !id.isEmpty { views[last].match = id }
        if p.compositing != .normal { views[last].compositing = p.compositing.rawValue }
        let inOrder = v.subviewsAreInDrawingOrder
        // `sublayerTransformInBounds`, without testing the transform for the identity again.
        let sublayer = flatSublayer ? nil : p.sublayerTransformInBounds
        // Kept for the next frames when they can use it (see `ViewRecordMemo`): not for
        // a view with any of the rarer fields, which it does not hold.
        if usesMemos, Self.isNone(parentSublayer), overflowed == overflowedBefore, !v.isAnimating,
           views.withUnsafeBufferPointer({ Self.hasOnlyCommonFields($0.baseAddress! + last) }) {
            v.recordMemo = ViewRecordMemo(
                title: controller == nil ? title : v.label ?? v.name ?? v.kind.rawValue,
                hasController: controller != nil, kind: v.kind.rawValue, source: v.sourceKind?.rawValue, frame: frame4,
                transform: transform6, alpha: r(p.alpha), hidden: p.isHidden, color: color,
                cornerRadius: r(p.cornerRadius), shadow: r(p.shadowOpacity), presentedAlpha: p.alpha, bounds: b,
                flatToSuperview: flatToSuperview, subviewsInOrder: inOrder)
        }
        // `subviews` holds every subview for the walk, so each is passed on borrowed, not
        // retained and released: a view with subviews is weakly referenced by them, so
        // its count lives in a side table, a memory access more each time.
        let subviews = inOrder ? v.subviews : v.subviewsInDrawingOrder
        guard !subviews.isEmpty else { return }
        for i in subviews.indices {
            Unmanaged.passUnretained(subviews[i])._withUnsafeGuaranteedRef {
                record($0, depth: depth + 1, opacity: shown, parentSublayer: sublayer, parentToWindow: toWindow)
            }
        }
    }

    /// Records `v` from what was kept of it (see `ViewRecordMemo`), and its subviews: the
    /// numbers its superviews decide worked out as `record` works them out, the rest
    /// as they were.
    private mutating func record(_ v: View, memo: ViewRecordMemo, depth: Int, opacity: Double,
                                 parentToWindow: Transform3D) {
        let toWindow = memo.flatToSuperview.concatenating(parentToWindow)
        let shown = opacity * memo.presentedAlpha
        let b = memo.bounds
        let c0 = toWindow.project(x: b.minX, y: b.minY).point
        let c1 = toWindow.project(x: b.maxX, y: b.minY).point
        let c2 = toWindow.project(x: b.maxX, y: b.maxY).point
        let c3 = toWindow.project(x: b.minX, y: b.maxY).point
        let corners = (r(c0.x, of: memo, v), r(c0.y, of: memo, v), r(c1.x, of: memo, v), r(c1.y, of: memo, v),
                       r(c2.x, of: memo, v), r(c2.y, of: memo, v), r(c3.x, of: memo, v), r(c3.y, of: memo, v))
        views.append(Trace.ViewRecord(
            title: memo.hasController ? Self.title(of: v, memo) : memo.title, kind: memo.kind, source: memo.source,
            depth: depth,
            frame: memo.frame, transform: memo.transform, alpha: memo.alpha, opacity: r(shown, of: memo, v),
            hidden: memo.hidden, corners: corners, color: memo.color, cornerRadius: memo.cornerRadius,
            shadow: memo.shadow))
        let subviews = memo.subviewsInOrder ? v.subviews : v.subviewsInDrawingOrder
        guard !subviews.isEmpty else { return }
        for i in subviews.indices {
            Unmanaged.passUnretained(subviews[i])._withUnsafeGuaranteedRef {
                record($0, depth: depth + 1, opacity: shown, parentSublayer: nil, parentToWindow: toWindow)
            }
        }
    }

    /// Whether `t` is nil: `t == nil` compares a whole transform with one made for it.
    @inline(__always)
    private static func isNone(_ t: Transform3D?) -> Bool {
        if case .none = t { return true }
        return false
    }

    /// `r` for a view `v` recorded from its memo, whose title the walk does not hold.
    @inline(__always)
    private mutating func r(_ x: Double, of memo: ViewRecordMemo, _ v: View) -> Double {
        guard x.isFinite else { return overflow(in: Self.title(of: v, memo)) }
        return TraceRecorder.round6(x)
    }

    /// The title of `v`, recorded from its memo: its controller's, read now, if it has one.
    private static func title(of v: View, _ memo: ViewRecordMemo) -> String {
        guard memo.hasController else { return memo.title }
        return v.viewController?.title ?? memo.title
    }

    /// Whether `record` has none of the fields that `ViewRecordMemo` does not hold (the
    /// layer properties of ABI 1.2, a match identifier, a compositing).
    private static func hasOnlyCommonFields(_ record: UnsafePointer<Trace.ViewRecord>) -> Bool {
        let r = record
        return r.pointee.doubleSided == nil && r.pointee.sublayerTransform == nil && r.pointee.clips == nil
            && r.pointee.mask == nil && r.pointee.size == nil && r.pointee.shadowRadius == nil
            && r.pointee.shadowOffset == nil && r.pointee.shadowColor == nil && r.pointee.zPosition == nil
            && r.pointee.match == nil && r.pointee.compositing == nil
    }

    /// `m.concatenating(TraceRecorder.flatten)`, bit for bit, without the product: with
    /// every entry finite, each row times the flattening's diagonal (1, 1, 0, 1) is the
    /// row's first, second and fourth entries, each added to +0 as the product sums
    /// from +0 (a −0 becomes +0), and +0 third. A row with an infinity or a NaN (its
    /// products with 0 are NaN) takes the product itself.
    static func flattened(_ m: Transform3D) -> Transform3D {
        let sum = m.m11 + m.m12 + m.m13 + m.m14 + m.m21 + m.m22 + m.m23 + m.m24
            + m.m31 + m.m32 + m.m33 + m.m34 + m.m41 + m.m42 + m.m43 + m.m44
        guard sum.isFinite else { return m.concatenating(TraceRecorder.flatten) }
        return Transform3D(m11: 0 + m.m11, m12: 0 + m.m12, m13: 0, m14: 0 + m.m14,
                           m21: 0 + m.m21, m22: 0 + m.m22, m23: 0, m24: 0 + m.m24,
                           m31: 0 + m.m31, m32: 0 + m.m32, m33: 0, m34: 0 + m.m34,
                           m41: 0 + m.m41, m42: 0 + m.m42, m43: 0, m44: 0 + m.m44)
    }

    /// The layer properties of ABI 1.2 into `views[i]`, each only where it differs from
    /// its default (rarely: most views have none). Each number is rounded before the
    /// record is reached, so no access to `views` overlaps one to the rest of the walk's
    /// state. `flatSublayer`: whether the sublayer transform is the identity.
    private mutating func recordLayerProperties(of p: ViewState, flatSublayer: Bool, at i: Int) {
        if !p.isDoubleSided { views[i].doubleSided = false }
        if !flatSublayer {
            let m = p.sublayerTransform
            let numbers = [r(m.m11), r(m.m12), r(m.m13), r(m.m14), r(m.m21), r(m.m22), r(m.m23), r(m.m24),
                           r(m.m31), r(m.m32), r(m.m33), r(m.m34), r(m.m41), r(m.m42), r(m.m43), r(m.m44)]
            views[i].sublayerTransform = numbers
        }
        if p.clipsToBounds { views[i].clips = true }
        if let mask = p.mask {
            let numbers = [r(mask.rect.origin.x - p.bounds.origin.x), r(mask.rect.origin.y - p.bounds.origin.y),
                           r(mask.rect.width), r(mask.rect.height), r(mask.cornerRadius)]
            views[i].mask = numbers
        }
        if p.clipsToBounds || p.mask != nil {
            let numbers = [r(p.bounds.width), r(p.bounds.height)]
            views[i].size = numbers
        }
        if p.shadowRadius != 3 {
            let number = r(p.shadowRadius)
            views[i].shadowRadius = number
        }
        if p.shadowOffset != Size(width: 0, height: -3) {
            let numbers = [r(p.shadowOffset.width), r(p.shadowOffset.height)]
            views[i].shadowOffset = numbers
        }
        if p.shadowColor != .black {
            let c = p.shadowColor
            let numbers = [r(c.red), r(c.green), r(c.blue), r(c.alpha)]
            views[i].shadowColor = numbers
        }
        if p.zPosition != 0 {
            let number = r(p.zPosition)
            views[i].zPosition = number
        }
    }
}
