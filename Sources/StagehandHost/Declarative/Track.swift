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
    /// Instead of a duration, delay and curve: the part of the phase's curve the track
    /// plays on, from one fraction of its progress to another (Material's fade-through:
    /// a view gone when the phase's curve reaches 35 %). The track then runs exactly as
    /// that piece of the curve does, in time and in shape.
    var progress: ProgressSpan?

    struct ProgressSpan: Equatable, Sendable {
        var from: Double
        var to: Double
    }

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

    /// Whether it moves the view's transform (x and y count only when it moves by the transform).
    var transforms: Bool {
        properties.contains { $0.isTransform && !(moveBy == .frame && ($0 == .x || $0 == .y)) }
    }

    /// Start and end exchanged: the track played the other way (`backward: reverse`).
    var reversed: Track {
        var track = self
        track.start = end
        track.end = start
        track.keyframes = keyframes.reversed().map { Keyframe(at: 1 - $0.at, pose: $0.pose) }
        track.progress = progress.map { ProgressSpan(from: 1 - $0.to, to: 1 - $0.from) }
        return track
    }
}
