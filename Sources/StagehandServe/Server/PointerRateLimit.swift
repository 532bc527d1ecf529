/// Drops pointer moves beyond 1,000 a second (one connection's): a page sends one per
/// mouse event, a few hundred a second at most, so more is a broken or hostile client,
/// and the stage only uses one move per frame anyway. Presses and releases always pass,
/// so a finger is never left down by a dropped release.
struct PointerRateLimit {
    static let perSecond = 1000

    private var windowStart = 0.0
    private var count = 0
    /// Moves dropped in the current second (reported once, when the second ends).
    private(set) var dropped = 0

    /// Whether to handle a pointer event arriving at `now` (seconds); `report` receives
    /// the number dropped in the second just ended, when there were any.
    mutating func admit(isMove: Bool, now: Double, report: (Int) -> Void) -> Bool {
        if now - windowStart >= 1 {
            if dropped > 0 { report(dropped) }
            windowStart = now
            count = 0
            dropped = 0
        }
        count += 1
        guard isMove, count > Self.perSecond else { return true }
        if dropped == 0 { report(0) }
        dropped += 1
        return false
    }
}
