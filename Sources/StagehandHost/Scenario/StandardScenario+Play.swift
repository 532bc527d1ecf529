import StagehandCore

/// Playing the standard scenario without paying for its probe.
///
/// `make` learns each beat's wait from a probe run on the full content screens, then a
/// caller runs the result: the probe costs about what the run costs apart from
/// painting (explode makes every tile's snapshot in each of its transitions). Here the
/// caller's run decides its waits itself (`StandardRun`'s `live` way) when the plan has
/// one candidate; a plan of several (drag directions tried in turn) is probed on screens
/// of a few views (`fewViewsMatchedScreens`, whose identifiers matched effects need) and
/// its run checks the prediction (`BeatEvents`). Either way the run says whether it was
/// the run of `make`'s scenario; when it cannot tell, the full probe decides and the
/// caller runs again.
extension StandardScenario {
    /// How a scenario given to `play` came to be.
    package enum Probe: Equatable, Sendable {
        /// Decided by the run as it went.
        case live
        /// From the light probe, confirmed by its run.
        case light
        /// From the full probe, after a run that could not decide its waits.
        case fullAfterLive
        /// From the full probe, the light one not having predicted the run.
        case fullAfterLight
        /// From the full probe at once (a plan of several candidates whose first does not
        /// work on the light screens: the choice among them needs the full ones).
        case full
    }

    /// Calls `play` with a run of the scenario `make` returns for the same arguments (at
    /// most twice: see the extension's comment), and returns what its last call returned.
    /// `play` runs it (`StandardRun.run`) once, with what it records; an output of a run
    /// that turned out not to be `make`'s is dropped, so `play` must leave nothing behind
    /// that a second call does not replace.
    package static func play<Output>(for effect: EffectInfo, library: EffectLibrary, screen: Size, framesPerSecond: Int,
                                     parameters: [String: String] = [:],
                                     _ play: (StandardRun) throws -> Output) rethrows -> Output {
        try played(for: effect, library: library, screen: screen, framesPerSecond: framesPerSecond,
                   parameters: parameters, play).output
    }

    /// `play`, also saying which scenario the output comes from and how it was found.
    /// `live: false` (for tests) probes a one-candidate plan lightly as well.
    package static func played<Output>(for effect: EffectInfo, library: EffectLibrary, screen: Size, framesPerSecond: Int,
                                       parameters: [String: String] = [:], live: Bool = true,
                                       _ play: (StandardRun) throws -> Output) rethrows
        -> (scenario: Scenario, probe: Probe, output: Output) {
        func full(_ probe: Probe) throws -> (scenario: Scenario, probe: Probe, output: Output) {
            let scenario = make(for: effect, library: library, screen: screen, framesPerSecond: framesPerSecond, parameters: parameters)
            return (scenario, probe, try play(StandardRun(.fixed(scenario), screen: screen, framesPerSecond: framesPerSecond)))
        }
        func checked(_ way: StandardRun.Way, else fallback: Probe, as probe: Probe) throws -> (scenario: Scenario, probe: Probe, output: Output) {
            let run = StandardRun(way, screen: screen, framesPerSecond: framesPerSecond)
            let output = try play(run)
            guard let scenario = run.confirmed else { return try full(fallback) }
            return (scenario, probe, output)
        }
        let (runner, gap, candidates) = probing(effect, library: library, parameters: parameters)
        if live, candidates.count == 1 {
            return try checked(.live(candidates[0], gap: gap), else: .fullAfterLive, as: .live)
        }
        guard let predicted = lightPrediction(candidates, runner: runner, gap: gap, screen: screen, framesPerSecond: framesPerSecond) else {
            return try full(.full)
        }
        return try checked(.predicted(predicted.scenario, beatCount: predicted.beatCount, entries: predicted.entries),
                           else: .fullAfterLight, as: .light)
    }

    /// The scenario of the light probe's waits on the full screens, with the events each
    /// of its beats must show when run; nil when the plan's choice cannot be made light.
    static func lightPrediction(_ candidates: [Plan], runner: ScenarioRunner, gap: Double, screen: Size, framesPerSecond: Int)
        -> (scenario: Scenario, beatCount: Int, entries: [BeatEvents.Entry])? {
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
