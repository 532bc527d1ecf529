import StagehandABI

/// A pan that begins only from a screen edge (UIScreenEdgePanGestureRecognizer), as a
/// navigation controller's own back-swipe.
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The edges a touch may start from.
    public let edges: RectEdge

    /// Installs an edge pan on `view`; `nil` if the host refused.
    public init?(edges: RectEdge, on view: View, action: @escaping (ScreenEdgePanGestureRecognizer) -> Void) {
        self.edges = edges
        super.init(installing: SH_GESTURE_SCREEN_EDGE_PAN, edges: edges, on: view) {
            action(unsafeDowncast($0, to: ScreenEdgePanGestureRecognizer.self))
        }
    }
}
