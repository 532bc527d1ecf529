import Foundation
import StagehandCore
@testable import StagehandHost
import Synchronization
import StagehandTestSupport
import Testing

/// Many stages at once on many threads, as a test runner, a gallery renderer with workers
/// or a preview server runs them: every effect of the catalog, through its standard
/// scenario (interactive ones driven by a finger that finishes and one that cancels), on
/// 8 stages driven by 8 threads for enough rounds that each thread makes about 120 runs
/// (10 rounds of a dozen effects; fewer rounds as the catalog grows). Each scene must settle as it should, and
/// each run must give exactly the trace the same scenario gives on one thread alone:
/// sharing the bundles, the host table and the handle table changes nothing.
@Suite(.tags(.longRun), .slow) struct ConcurrentStagesTests {
    static let threads = 8
    /// Runs per thread, whatever the catalog's size (at least 3 rounds of every effect).
    static let runsPerThread = 120

    static func rounds(for effects: Int) -> Int { max(3, runsPerThread / max(1, effects)) }

    /// One effect's scenario and what it must give.
    struct Case {
        let effect: EffectInfo
        let scenario: Scenario
        /// Every frame of the run, for the first round.
        let reference: Trace
        /// Its events and last frame, for the other rounds (recording every frame of
        /// every run would make this test take minutes).
        let outcome: Trace
    }

    @Test func eightStagesOnEightThreadsRunEveryEffectAsOneStageAlone() throws {
        let library = BuiltInEffects.library
        var light = ScenarioRunner(library: library)
        light.recordsFrames = false
        try #require(library.effects.count >= 8, "the catalog's effects: \(library.effects.map(\.name))")
        // A small screen at 30 Hz keeps 8 × 120 runs to a few seconds;
        // the scenario's steps are the standard ones.
        let cases = library.effects.map { effect -> Case in
            var scenario = StandardScenario.make(for: effect, library: library, screen: Size(width: 320, height: 568), framesPerSecond: 30)
            // Flat screens: what is shared between stages is the bundles and the tables,
            // not the screens' content (which only multiplies the views each run moves).
            scenario.screens = StandardScenario.flatScreens
            return Case(effect: effect, scenario: scenario, reference: ScenarioRunner(library: library).run(scenario).trace,
                        outcome: light.run(scenario).trace)
        }
        for c in cases {
            let errors = c.reference.events.filter { $0.kind == "error" }
            #expect(errors.isEmpty, "\(c.effect.name) alone: \(errors.map { $0.message ?? "" })")
        }

        let rounds = Self.rounds(for: cases.count)
        let problems = Mutex<[String]>([])
        let runs = Mutex(0)
        let done = DispatchGroup()
        for t in 0..<Self.threads {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                for round in 0..<rounds {
                    // Each thread goes through the effects from a different place, so
                    // different effects (and the same ones) run at the same time.
                    for k in cases.indices {
                        let c = cases[(k + t + round) % cases.count]
                        let found = Self.check(c, library: library, everyFrame: round == 0)
                        runs.withLock { $0 += 1 }
                        if !found.isEmpty {
                            problems.withLock { $0 += found.map { "thread \(t), round \(round), \(c.effect.name): \($0)" } }
                        }
                    }
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        done.wait()

        #expect(runs.withLock { $0 } == Self.threads * rounds * cases.count)
        let found = problems.withLock { $0 }
        #expect(found.isEmpty, "\(found.count) problems; the first: \(found.prefix(10).joined(separator: "\n"))")
    }

    /// Runs one case on this thread's own stage; what went wrong, if anything.
    static func check(_ c: Case, library: EffectLibrary, everyFrame: Bool) -> [String] {
        var runner = ScenarioRunner(library: library)
        runner.recordsFrames = everyFrame
        let result = runner.run(c.scenario)
        let expected = everyFrame ? c.reference : c.outcome
        var problems = settledSceneProblems(result)
        let trace = result.trace
        if c.effect.kind != .interaction, !trace.events.contains(where: { $0.kind == "began" && $0.effect == c.effect.name }) {
            problems.append("the effect never ran")
        }
        if c.effect.interactive || c.effect.kind == .interaction, !StandardScenario.dragsWorked(trace) {
            problems.append("the drags did not finish and cancel an interactive transition")
        }
        let warnings = result.stage.diagnostics.filter { $0.severity != .note }
        if !warnings.isEmpty { problems.append("diagnostics: \(warnings.map(\.message))") }
        if trace != expected {
            let firstEvent = zip(trace.events, expected.events).first { $0 != $1 }
            problems.append("the trace differs from the one-thread run (\(trace.frames.count) vs \(expected.frames.count) frames; "
                            + "events \(trace.events.count) vs \(expected.events.count); first differing event: \(String(describing: firstEvent)))")
        }
        return problems
    }
}
