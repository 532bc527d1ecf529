/// The changes made inside one animation block (CATransaction's role): collected while
/// the block runs, turned into animations when it returns.
final class AnimationTransaction {
    enum Kind {
        /// `animate(withDuration:...)`.
        case basic(AnimationParameters)
        /// `animateKeyframes`: slices collected from `addKeyframe` calls.
        case keyframes(AnimationParameters)
        /// An `addKeyframe` block inside a keyframes transaction: changes belong to the
        /// outer transaction's slice `slice`.
        case keyframe(slice: Int)
        /// `performWithoutAnimation`.
        case disabled
    }

    struct Change {
        let view: View
        let property: AnimatableProperty
        /// The model value before the first change in this transaction.
        let old: AnimatableValue
        /// What was on screen when the first change was made.
        let onScreen: AnimatableValue
        var new: AnimatableValue
        /// For keyframes: (slice index, value) in the order made.
        var keyframeValues: [(slice: Int, value: AnimatableValue)]
    }

    /// A keyframe slice: the relative start and end of an `addKeyframe` call.
    struct Slice {
        var start: Double
        var end: Double
    }

    let kind: Kind
    private(set) var changes: [Change] = []
    /// Where each (view, property) pair is in `changes`: a block that moves hundreds of
    /// views (an explode's tiles) would otherwise search the whole list at every change.
    /// `ObjectIdentifier` is safe as a key: `changes` keeps the view alive meanwhile.
    private var index: [ChangeKey: Int] = [:]

    private struct ChangeKey: Hashable {
        let view: ObjectIdentifier
        let property: AnimatableProperty
    }
    /// For keyframes: the relative (start, end) of each slice; slice 0 is the whole.
    var slices: [Slice] = [.init(start: 0, end: 1)]

    init(kind: Kind) { self.kind = kind }

    func record(view: View, property: AnimatableProperty, old: AnimatableValue,
                onScreen: AnimatableValue, new: AnimatableValue, slice: Int) {
        let key = ChangeKey(view: ObjectIdentifier(view), property: property)
        if let i = index[key] {
            changes[i].new = new
            changes[i].keyframeValues.append((slice, new))
        } else {
            index[key] = changes.count
            changes.append(Change(view: view, property: property, old: old, onScreen: onScreen,
                                  new: new, keyframeValues: [(slice, new)]))
        }
    }
}

/// Everything an `animate` call says about time.
struct AnimationParameters {
    var duration: Double
    var delay: Double
    var options: AnimationOptions
    var timing: Timing

    enum Timing {
        case curve(TimingCurve)
        case spring(Spring)
    }
}
