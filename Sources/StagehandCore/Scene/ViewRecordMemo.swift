import StagehandGeometry

/// What a trace recorder keeps of a view that does not change (`View.recordMemo`), so
/// that the next frame records it without working its presentation out again: every
/// number of its record that the view alone decides, already rounded, and the numbers
/// the rest is made from. The host's recorder makes it and reads it (`ViewWalk`); here
/// it is only held, and dropped by every change to what it was made from.
///
/// An effect that cuts a screen into hundreds of tiles records every view copied into
/// every tile, every frame, and none of them ever changes: only the tiles move. Their
/// records differ from frame to frame only in `depth`, `opacity` and `corners`, which
/// come from the superviews; those are still worked out every frame, from the same
/// numbers in the same order as without a memo, so a trace is the same to the bit.
package final class ViewRecordMemo {
    /// The record's title; for a controller's view, the title it has without one (its
    /// controller's, which can change unseen, is read again every frame).
    package let title: String
    /// Whether the view is a controller's.
    package let hasController: Bool
    package let kind: String
    package let source: String?
    package let frame: (Double, Double, Double, Double)
    package let transform: (Double, Double, Double, Double, Double, Double)
    package let alpha: Double
    package let hidden: Bool
    package let color: (Double, Double, Double, Double)?
    package let cornerRadius: Double
    package let shadow: Double
    /// The presentation's alpha, not rounded: what the subviews' opacity is made from.
    package let presentedAlpha: Double
    /// The presentation's bounds: the corners are theirs.
    package let bounds: Rect
    /// The view's map to its superview, flattened.
    package let flatToSuperview: Transform3D
    /// Whether the subviews are drawn in their order (`View.subviewsAreInDrawingOrder`).
    package let subviewsInOrder: Bool

    package init(title: String, hasController: Bool, kind: String, source: String?, frame: (Double, Double, Double, Double),
                 transform: (Double, Double, Double, Double, Double, Double), alpha: Double, hidden: Bool,
                 color: (Double, Double, Double, Double)?, cornerRadius: Double, shadow: Double,
                 presentedAlpha: Double, bounds: Rect, flatToSuperview: Transform3D, subviewsInOrder: Bool) {
        self.title = title; self.hasController = hasController; self.kind = kind; self.source = source; self.frame = frame; self.transform = transform
        self.alpha = alpha; self.hidden = hidden; self.color = color; self.cornerRadius = cornerRadius
        self.shadow = shadow; self.presentedAlpha = presentedAlpha; self.bounds = bounds
        self.flatToSuperview = flatToSuperview; self.subviewsInOrder = subviewsInOrder
    }
}
