/// One property of one view moving from a value to another: what Core Animation calls a
/// basic (or keyframe, or spring) animation on a layer. The engine evaluates it each
/// frame; its view shows `currentValue` until it ends.
final class PropertyAnimation {
    let view: View
    let property: AnimatableProperty
    /// The values passed through: `[from, to]`, or one per keyframe boundary.
    let values: [AnimatableValue]
    let timing: AnimationTiming
    /// When it starts, in its timeline's local time (delay included).
    let beginTime: Double
    let duration: Double
    let timeline: AnimationTimeline
    let group: AnimationGroup
    var currentValue: AnimatableValue

    init(view: View, property: AnimatableProperty, values: [AnimatableValue], timing: AnimationTiming,
         beginTime: Double, duration: Double, timeline: AnimationTimeline, group: AnimationGroup) {
        self.view = view
        self.property = property
        self.values = values
        self.timing = timing
        self.beginTime = beginTime
        self.duration = max(0, duration)
        self.timeline = timeline
        self.group = group
        self.currentValue = values[0]
    }

    var from: AnimatableValue { values[0] }
    var to: AnimatableValue { values[values.count - 1] }

    /// The value at a local time of the timeline. Before the begin time the animation
    /// holds its first value (UIKit fills delayed animations backwards).
    func value(atLocalTime t: Double) -> AnimatableValue {
        let elapsed = t - beginTime
        guard elapsed > 0 else { return from }
        guard elapsed < duration else { return to }
        switch timing {
        case .curve(let curve):
            return .interpolate(from, to, curve.progress(at: elapsed / duration))
        case .spring(let spring):
            return .interpolate(from, to, spring.value(at: elapsed))
        case .keyframes(let slices):
            let x = elapsed / duration
            var index = -1
            for (i, s) in slices.enumerated() where s.start <= x { index = i }
            guard index >= 0 else { return from }
            let s = slices[index]
            if x >= s.end || s.end <= s.start { return values[index + 1] }
            return .interpolate(values[index], values[index + 1], (x - s.start) / (s.end - s.start))
        }
    }

    func hasEnded(atLocalTime t: Double) -> Bool { t - beginTime >= duration }
}
