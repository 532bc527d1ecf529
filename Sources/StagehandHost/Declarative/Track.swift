/// How one role's view moves: from a start pose to an end pose (each property not
/// written in one is at rest there), or through keyframes; by its transform (the
/// default) or, with `moveBy: frame`, by offsetting its frame from where it rests.
struct Track: Equatable, Sendable {
    enum Movement: String, Sendable { case transform, frame }

    var moveBy: Movement = .transform
    var start = Pose()
    var end = Pose()
    var keyframes: [Keyframe] = []
    var duration: ValueExpression?
    var delay: ValueExpression?
    var curve: CurveSpec?

    struct Keyframe: Equatable, Sendable {
        /// From 0 to 1 of the track's duration, strictly increasing.
        var at: Double
        var pose: Pose
    }

    /// Every property the track writes somewhere.
    var properties: Set<Pose.Property> {
        var set = start.properties.union(end.properties)
        for keyframe in keyframes { set.formUnion(keyframe.pose.properties) }
        return set
    }

    /// Start and end exchanged: the track played the other way (`backward: reverse`).
    var reversed: Track {
        var track = self
        track.start = end
        track.end = start
        track.keyframes = keyframes.reversed().map { Keyframe(at: 1 - $0.at, pose: $0.pose) }
        return track
    }
}
