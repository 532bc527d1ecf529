import StagehandHost

/// The built-in effects split for the tests that run every effect's standard scenario:
/// `sample` holds the first effect of each kind, interactive or not (push, pop, modal,
/// interaction, …: each path of the coordinator and the engine that an effect takes),
/// and runs in the fast loop; `rest` holds the others and runs with the slow tests
/// (`longRun`). A plain `swift test` runs both, so every effect runs once.
package struct EffectSweep {
    package let sample: [EffectInfo]
    package let rest: [EffectInfo]

    package init(_ effects: [EffectInfo]) {
        var seen: Set<String> = []
        var sample: [EffectInfo] = [], rest: [EffectInfo] = []
        for effect in effects {
            if seen.insert("\(effect.kind) \(effect.interactive)").inserted {
                sample.append(effect)
            } else {
                rest.append(effect)
            }
        }
        self.sample = sample
        self.rest = rest
    }
}
