import StagehandCore

/// One run of a standard scenario that `StandardScenario.play` hands its caller: the
/// caller says how to record it (`run`), this says which scenario is played and, after
/// the run, whether that scenario is the one `StandardScenario.make` returns.
///
/// Three ways:
/// - `fixed`: `make`'s own scenario, nothing to check;
/// - `predicted`: the scenario of a light probe's waits, checked by the run's events
///   (see `BeatEvents`);
/// - `live`: no probe at all; each beat's wait is decided as the run goes. After the
///   beat, frames are stepped until the scene is settled (no transition running, none
///   queued, no animation): by then the beat's transitions have begun and ended on the
///   frames a probe would have seen them (a beat that starts from a settled scene plays
///   the same whenever it starts), and nothing more happens until the next beat (an
///   effect has no timer of its own; what the stage still has scheduled then — a
///   finished transition's watchdog, a check of the settled scene — starts nothing).
///   The wait is then `Plan.waits`'s, computed from those events placed where the
///   probe's long waits would have put them, and the run steps the rest of it. When
///   that cannot be done (the scene does not settle within the probe's wait, or only
///   after the wait decided, or is not settled when the next beat begins), the run
///   goes on to its end with no check, and the caller runs again with `make`'s scenario.
package final class StandardRun {
    enum Way {
        case fixed(Scenario)
        case predicted(Scenario, beatCount: Int, entries: [BeatEvents.Entry])
        case live(StandardScenario.Plan, gap: Double)
    }

    let way: Way
    package let screen: Size
    package let framesPerSecond: Int
    /// After the run: the scenario it played, when it is `make`'s; nil before the run or
    /// when that could not be told.
    private(set) var confirmed: Scenario?

    init(_ way: Way, screen: Size, framesPerSecond: Int) {
        self.way = way
        self.screen = screen
        self.framesPerSecond = framesPerSecond
    }

    /// Runs the scenario as `ScenarioRunner.run(_:diagnostics:frames:framesWanted:)` does.
    package func run(_ runner: ScenarioRunner, diagnostics: ((Diagnostic) -> Void)? = nil,
                     frames: ((Trace.Frame) -> Void)? = nil,
                     framesWanted: ((_ t: Double, _ next: Double) -> Bool)? = nil) -> ScenarioResult {
        switch way {
        case .fixed(let scenario):
            confirmed = scenario
            return runner.run(scenario, diagnostics: diagnostics, frames: frames, framesWanted: framesWanted)
        case .predicted(let scenario, let beatCount, let entries):
            let watch = BeatEvents()
            let result = runner.run(scenario, diagnostics: diagnostics, frames: frames, framesWanted: framesWanted,
                                    afterStep: watch.afterStep)
            if watch.settledAtEveryBoundary, watch.entries(of: result.trace, beatCount: beatCount) == entries {
                confirmed = scenario
            }
            return result
        case .live(let plan, let gap):
            return live(plan, gap: gap, runner, diagnostics: diagnostics, frames: frames, framesWanted: framesWanted)
        }
    }

    /// Whole frames `Stage.advance(by: seconds)` steps (at least `seconds`, allowing for
    /// the clock's rounding as the stage does).
    static func frames(_ seconds: Double, fps: Int) -> Int {
        max(0, Int((seconds * Double(fps) - 1e-9).rounded(.up)))
    }

    private func live(_ plan: StandardScenario.Plan, gap: Double, _ runner: ScenarioRunner,
                      diagnostics: ((Diagnostic) -> Void)?, frames: ((Trace.Frame) -> Void)?,
                      framesWanted: ((_ t: Double, _ next: Double) -> Bool)?) -> ScenarioResult {
        // The scenario with the probe's waits gives the run its screens; its steps are
        // performed here one by one.
        let base = plan.scenario(screen: screen, fps: framesPerSecond, waits: nil, gap: gap)
        let run = runner.begin(base, diagnostics: diagnostics, frames: frames, framesWanted: frames == nil ? nil : framesWanted)
        let stage = run.stage, fps = stage.framesPerSecond
        let transitional: Set<TransitionEvent.Kind> = [.began, .completed, .cancelled]
        // The events so far, at the times the probe would have seen them.
        var placed: [Trace.Event] = []
        var seen = 0
        func place(liveStart: Int, probeStart: Int) {
            for event in stage.transitionEvents[seen...] where transitional.contains(event.kind) {
                let frame = Int((event.time * Double(fps)).rounded())
                var e = TraceRecorder.event(event)
                e.t = TraceRecorder.round6(Double(probeStart + frame - liveStart) / Double(fps))
                placed.append(e)
            }
            seen = stage.transitionEvents.count
        }

        runner.perform(.wait(StandardScenario.lead), in: run)
        place(liveStart: 0, probeStart: 0)
        var live = stage.frameIndex, probe = stage.frameIndex
        var ok = stage.isSettled
        let gapFrames = Self.frames(gap, fps: fps)
        var waits: [Double] = []
        for (k, make) in plan.beats.enumerated() {
            runner.perform(make(screen).step, in: run)
            let own = stage.frameIndex - live
            var stepped = 0
            var wait = 0.0
            if ok {
                // The probe waits `gap` after the beat's own steps: the beat must settle within it.
                while !stage.isSettled, stepped < gapFrames {
                    stage.step()
                    stepped += 1
                }
                ok = stage.isSettled
                place(liveStart: live, probeStart: probe)
                if ok {
                    wait = plan.waits(from: Trace(fps: fps, screen: [screen.width, screen.height], frames: [], events: placed), gap: gap)[k]
                    let total = Self.frames(wait, fps: fps)
                    ok = stepped <= total
                    while stepped < total {
                        stage.step()
                        stepped += 1
                    }
                    // Nothing may begin or end once settled (the probe would have placed it elsewhere).
                    let before = placed.count
                    place(liveStart: live, probeStart: probe)
                    ok = ok && placed.count == before && stage.isSettled
                }
            }
            waits.append(wait)
            probe += own + gapFrames
            live = stage.frameIndex
        }
        runner.finish(run, settleLimit: base.settleLimit)
        if ok {
            let scenario = plan.scenario(screen: screen, fps: framesPerSecond, waits: waits, gap: gap)
            confirmed = scenario
        }
        return ScenarioResult(trace: run.recorder.trace, frameCount: run.recorder.frameCount, stage: run.stage, coordinator: run.coordinator)
    }
}
