import StagehandSDK

/// The way a Hero transition moves: the incoming view travels this way onto the screen
/// and the outgoing one this way off it (`left`: in from the right edge, out past the
/// left one), as Hero's `Direction`.
public enum HeroDirection: String, CaseIterable, Sendable {
    case left, right, up, down

    /// The other way: what the way back plays.
    var opposite: HeroDirection {
        switch self {
        case .left: return .right
        case .right: return .left
        case .up: return .down
        case .down: return .up
        }
    }

    /// Where a view one screen away stands, as a translation: a view `appearing` starts
    /// there, one disappearing ends there. Moving left, the incoming view starts one
    /// width to the right (+width) and the outgoing one ends one width to the left.
    func offset(appearing: Bool, in size: Size) -> Point {
        switch self {
        case .left: return Point(x: appearing ? size.width : -size.width, y: 0)
        case .right: return Point(x: appearing ? -size.width : size.width, y: 0)
        case .up: return Point(x: 0, y: appearing ? size.height : -size.height)
        case .down: return Point(x: 0, y: appearing ? -size.height : size.height)
        }
    }
}
