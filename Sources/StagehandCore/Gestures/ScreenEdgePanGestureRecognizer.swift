/// A pan that must start at an edge of the screen and move away from it
/// (UIScreenEdgePanGestureRecognizer): the navigation controller's swipe-back gesture,
/// and the left-edge dismissal of a navigation controller presented as if pushed
/// (push-style-present's recipe, Documentation/References.md).
///
/// It fails at once when the first finger goes down farther than `edgeBand` points from
/// every edge in `edges`, and fails when its first movement beyond the hysteresis is
/// not mostly away from an edge it started on (for the left edge: rightward, and more
/// horizontal than vertical). Otherwise it is a pan. The screen is the window's bounds.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The edges a gesture may start from. Empty (the default, as UIKit) never begins.
    public var edges: RectEdge = []
    /// How far from an edge, in points, a touch may go down and still count as starting
    /// on it. UIKit does not document its band; 20 points approximates what iOS accepts
    /// for the back-swipe on a phone.
    public var edgeBand: Double = 20

    /// The edges of `edges` whose band holds the first touch of this sequence.
    private var startEdges: RectEdge = []

    public convenience init(edges: RectEdge) {
        self.init()
        self.edges = edges
    }

    open override func touchesBegan(_ touches: [Touch]) {
        let isFirst = numberOfTouches == touches.count
        super.touchesBegan(touches)
        guard isFirst, state == .possible, let first = touches.first else { return }
        startEdges = edges(near: first.location)
        if startEdges.isEmpty { setState(.failed) }
    }

    override func movementAllowsBeginning() -> Bool {
        let t = translation(in: nil)
        var away = false
        if startEdges.contains(.left), t.x > abs(t.y) { away = true }
        if startEdges.contains(.right), -t.x > abs(t.y) { away = true }
        if startEdges.contains(.top), t.y > abs(t.x) { away = true }
        if startEdges.contains(.bottom), -t.y > abs(t.x) { away = true }
        return away
    }

    open override func reset() {
        super.reset()
        startEdges = []
    }

    /// The edges of `edges` within `edgeBand` of a window point.
    private func edges(near point: Point) -> RectEdge {
        guard let screen = (arena?.window ?? view?.window)?.bounds else { return [] }
        var near: RectEdge = []
        if edges.contains(.left), point.x < screen.minX + edgeBand { near.insert(.left) }
        if edges.contains(.right), point.x >= screen.maxX - edgeBand { near.insert(.right) }
        if edges.contains(.top), point.y < screen.minY + edgeBand { near.insert(.top) }
        if edges.contains(.bottom), point.y >= screen.maxY - edgeBand { near.insert(.bottom) }
        return near
    }
}
