/// The gesture that drives a declarative effect's pops or dismissals: which recognizer on
/// the attached controller's view, how the finger's travel maps to progress, and when a
/// release finishes. The same rules as the SDK's `GestureDrivenTransition`, as data.
struct InteractiveSpec: Equatable, Sendable {
    enum Gesture: String, Sendable { case pan, edgePan, pinch }
    /// Which way is forward. `horizontal` and `vertical` count travel either way along
    /// their axis (its absolute value), as VCTransitionsLibrary's swipes do.
    enum Direction: String, Sendable { case right, left, down, up, horizontal, vertical, `in`, out }
    enum Space: String, Sendable { case view, window }
    enum SystemCancel: String, Sendable { case cancel, release }
    enum CompletionSpeed: Equatable, Sendable {
        case fixed(ValueExpression)
        /// 1 − the progress at the release (the WWDC 2013 swipe-to-dismiss rule), at least
        /// 0.01 so that a transition released at its end still ends.
        case remaining
    }

    var gesture: Gesture
    /// Edge-pan edges, as SH_EDGE_* bits.
    var edges: UInt32 = 0
    var direction: Direction
    /// The travel that counts as the whole transition; `%` of the attached view's extent
    /// along the direction's axis.
    var distance: ValueExpression = .percentOfContainer(100)
    var space: Space = .view
    var threshold: ValueExpression = .number(0.5)
    var flickVelocity: ValueExpression?
    /// Seconds of the release velocity added to the progress before the threshold test.
    var projection: ValueExpression?
    var minimumTouches: Int?
    var maximumTouches: Int?
    var replacesSystemPop = false
    var waitsForSystemPop = false
    var startsAtZero = false
    var systemCancel: SystemCancel = .cancel
    var beginOnlyIfMostlyAlong = false
    /// Begins only while the finger has moved, or is moving, this way (in the window):
    /// VCTransitionsLibrary's vertical swipe pops only downward.
    var beginOnlyMoving: Direction?
    /// Updates the transition to the release point before finishing or cancelling it.
    var updatesOnRelease = false
    var completionSpeed: CompletionSpeed?
    var completionCurve: UInt32?

}

extension InteractiveSpec.Direction {
    /// Whether travel is measured along x.
    var isHorizontal: Bool { self == .right || self == .left || self == .horizontal }
}

/// The gesture rules of a declarative effect for each operation it drives: an effect
/// that both pops and dismisses (`any`) drives the pop of a navigation controller it is
/// attached to and the dismissal of a presented controller, each by its own rules (the
/// `interactive` block, with its `pop` or `dismiss` object's keys over it).
struct Interaction: Equatable, Sendable {
    var popping: InteractiveSpec?
    var dismissing: InteractiveSpec?
}
