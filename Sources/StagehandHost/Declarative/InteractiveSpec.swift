/// The gesture that drives a declarative effect's pops or dismissals: which recognizer on
/// the attached controller's view, how the finger's travel maps to progress, and when a
/// release finishes. The same rules as the SDK's `GestureDrivenTransition`, as data.
struct InteractiveSpec: Equatable, Sendable {
    enum Gesture: String, Sendable { case pan, edgePan, pinch }
    enum Direction: String, Sendable { case right, left, down, up, `in`, out }
    enum Space: String, Sendable { case view, window }
    enum SystemCancel: String, Sendable { case cancel, release }
    enum CompletionSpeed: Equatable, Sendable {
        case fixed(ValueExpression)
        /// 1 − the progress at the release (the WWDC 2013 swipe-to-dismiss rule), after
        /// an update to exactly that progress.
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
    var completionSpeed: CompletionSpeed?
    var completionCurve: UInt32?
}
