import StagehandABI

/// Screen edges (UIRectEdge), for `ScreenEdgePanGestureRecognizer`.
public struct RectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public static let top = RectEdge(rawValue: UInt32(SH_EDGE_TOP))
    public static let left = RectEdge(rawValue: UInt32(SH_EDGE_LEFT))
    public static let bottom = RectEdge(rawValue: UInt32(SH_EDGE_BOTTOM))
    public static let right = RectEdge(rawValue: UInt32(SH_EDGE_RIGHT))
    public static let all: RectEdge = [.top, .left, .bottom, .right]
}
