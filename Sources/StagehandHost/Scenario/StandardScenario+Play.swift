import StagehandCore

/// Playing the standard scenario without paying for its probe on the full screens.
///
/// `make` learns each beat's waits from a probe run on the full content screens, then a
/// caller runs the result: on content-heavy screens the probe costs about as much as
/// the run (explode snapshots every tile of both screens in each). Here the probe runs
/// on screens of a few views (`fewViewsMatchedScreens`, whose identifiers matched effects
/// need), and the run the caller makes anyway checks the prediction: if every beat of
/// that run began, ended and cancelled its transitions on the very frames the light
/// probe said (counted from the beat's start), and the scene was settled whenever a wait
/// was over, then the full probe would have seen the same frames (a beat starting from a
/// settled scene plays the same whenever it starts, and after the settled end of its
/// wait nothing happens until the next beat) and decided the same waits: the run is
/// the one `make`'s scenario gives. Otherwise (a transition whose length depends on the
/// screens' content, a drag that behaves differently over them) the full probe decides
/// and the caller runs again.
extension StandardScenario {
    /// How a scenario given to `play` came to be.
    package enum Probe: Equatable, Sendable {
        /// From the light probe, confirmed by its own run.
        case light
        /// From the full probe, the light one not having predicted the run.
        case fullAfterLight
        /// From the full probe at once (a plan of several candidates whose first does not
        /// work on the light screens: the choice among them needs the full ones).
        case full
    }

    /// Calls `play` with the scenario `make` returns for the same arguments (at most
    /// twice: see the extension's comment), and returns what its last call returned.
    /// `play` runs the scenario it is given, passing `afterStep` to the runner (the
    /// check of the prediction), and returns the run's trace (its events, frames or not)
    /// with its own output; an output from a run whose scenario turned out wrong is
    /// dropped, so `play` must leave nothing behind that a second call does not replace.
    package static func play<Output>(for effect: EffectInfo, library: EffectLibrary, screen: Size, framesPerSecond: Int,
                                     parameters: [String: String] = [:],
                                     _ play: (_ scenario: Scenario, _ afterStep: @escaping (Int, Stage, Coordinator) -> Void) throws
                                        -> (trace: Trace, output: Output)) rethrows -> Output {
        try played(for: effect, library: library, screen: screen, framesPerSecond: framesPerSecond,
                   parameters: parameters, play).output
    }

    /// `play`, also saying which scenario the output comes from and how it was found.
    package static func played<Output>(for effect: EffectInfo, library: EffectLibrary, screen: Size, framesPerSecond: Int,
                                       parameters: [String: String] = [:],
                                       _ play: (_ scenario: Scenario, _ afterStep: @escaping (Int, Stage, Coordinator) -> Void) throws
                                          -> (trace: Trace, output: Output)) rethrows
        -> (scenario: Scenario, probe: Probe, output: Output) {
        let ignore: (Int, Stage, Coordinator) -> Void = { _, _, _ in }
        func full(_ probe: Probe) throws -> (scenario: Scenario, probe: Probe, output: Output) {
            let scenario = make(for: effect, library: library, screen: screen, framesPerSecond: framesPerSecond, parameters: parameters)
            return (scenario, probe, try play(scenario, ignore).output)
        }
        guard let predicted = lightPrediction(for: effect, library: library, screen: screen, framesPerSecond: framesPerSecond,
                                              parameters: parameters) else { return try full(.full) }
        let watch = BeatEvents()
        let (trace, output) = try play(predicted.scenario, watch.afterStep)
        guard watch.settledAtEveryBoundary, watch.entries(of: trace, beatCount: predicted.beatCount) == predicted.entries else {
            return try full(.fullAfterLight)
        }
        return (predicted.scenario, .light, output)
    }

    /// The scenario of the light probe's waits on the full screens, with the events each
    /// of its beats must show when run; nil when the plan's choice cannot be made light.
    static func lightPrediction(for effect: EffectInfo, library: EffectLibrary, screen: Size, framesPerSecond: Int,
                                parameters: [String: String]) -> (scenario: Scenario, beatCount: Int, entries: [BeatEvents.Entry])? {
        let (runner, gap, candidates) = probing(effect, library: library, parameters: parameters)
        guard let plan = candidates.first else { return nil }
        let watch = BeatEvents()
        let probe = runner.run(plan.scenario(screen: screen, fps: framesPerSecond, waits: nil, gap: gap, screens: fewViewsMatchedScreens),
                               afterStep: watch.afterStep).trace
        // `make` keeps the first candidate whose drags work, else the first: with more
        // than one, only a first that works here can be checked by its own run (the
        // others' outcomes on the full screens are not known).
        if candidates.count > 1, !(plan.expectsDrags && dragsWorked(probe)) { return nil }
        guard let entries = watch.entries(of: probe, beatCount: plan.beats.count) else { return nil }
        let waits = plan.waits(from: probe, gap: gap)
        return (plan.scenario(screen: screen, fps: framesPerSecond, waits: waits, gap: gap), plan.beats.count, entries)
    }
}
