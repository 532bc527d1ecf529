import StagehandCore
import StagehandTestSupport
@testable import StagehandHost
import Testing

/// `StandardScenario.play` gives its caller's run the very scenario `make` returns,
/// whether the run decided its waits itself, a light probe predicted them (checked by
/// the run), or the full probe had to decide after all.
@Suite struct StandardScenarioPlayTests {
    static let screen = Size(width: 390, height: 844)

    /// Plays `name`'s standard scenario the way the preview does (one run per call), and
    /// returns how it was found, the scenarios confirmed or not, and each run's events.
    static func play(_ name: String, parameters: [String: String] = [:], live: Bool = true) throws
        -> (probe: StandardScenario.Probe, scenario: Scenario, runs: Int, events: [Trace.Event]) {
        let library = BuiltInEffects.library
        let runner = ScenarioRunner(library: library, parameters: [name: parameters])
        var runs = 0
        let played = StandardScenario.played(for: try library.effect(named: name), library: library, screen: screen,
                                             framesPerSecond: 30, parameters: parameters, live: live) { run in
            runs += 1
            return run.run(runner).trace.events
        }
        return (played.probe, played.scenario, runs, played.output)
    }

    static func made(_ name: String, parameters: [String: String] = [:]) throws -> Scenario {
        let library = BuiltInEffects.library
        return StandardScenario.make(for: try library.effect(named: name), library: library, screen: screen,
                                     framesPerSecond: 30, parameters: parameters)
    }

    /// The events of a plain run of `scenario`.
    static func events(of scenario: Scenario, _ name: String, parameters: [String: String] = [:]) -> [Trace.Event] {
        ScenarioRunner(library: BuiltInEffects.library, parameters: [name: parameters]).run(scenario).trace.events
    }

    /// An `any` effect with both drags, a pop after its own push, a push: one run, which
    /// decides the waits `make`'s probe decides and is, event for event, the run of
    /// `make`'s scenario.
    @Test(arguments: ["explode", "parallax-pop", "parallax-push"])
    func aRunDecidesTheWaitsTheProbeWould(name: String) throws {
        let played = try Self.play(name)
        #expect(played.probe == .live)
        #expect(played.runs == 1)
        let made = try Self.made(name)
        #expect(played.scenario == made)
        #expect(played.events == Self.events(of: made, name))
    }

    /// magic-move with a cascade delays each fading view by its rank, so its transitions
    /// last longer the more views the screens hold. Decided by its run on the full
    /// screens, the waits are right; predicted by the light probe, they are too short, the
    /// run shows it, and the full probe decides: the same scenario either way.
    @Test func aTransitionWhoseLengthDependsOnTheContent() throws {
        let cascade = ["cascade": "0.05"]
        let made = try Self.made("magic-move", parameters: cascade)
        let live = try Self.play("magic-move", parameters: cascade)
        #expect(live.probe == .live)
        #expect(live.scenario == made)
        let light = try Self.play("magic-move", parameters: cascade, live: false)
        #expect(light.probe == .fullAfterLight)
        #expect(light.runs == 2)
        #expect(light.scenario == made)
        #expect(light.events == Self.events(of: made, "magic-move", parameters: cascade))
        // Without the cascade the length is the flights', which the light screens predict.
        #expect(try Self.play("magic-move", live: false).probe == .light)
    }

    /// A push on a soft physical spring lasts until the spring settles, far longer than
    /// the probe waits (3 s): the transition still runs when its beat's probe wait is
    /// over, the run cannot decide, and the full probe's scenario is run again.
    @Test func aTransitionThatOutlastsTheProbesWaitFallsBackToTheFullProbe() throws {
        let workspace = try Workspace()
        let directory = try workspace.directory("effects")
        try workspace.write("effects/soft-spring.effect.json", """
            {"format": "stagehand-effect/1", "name": "soft-spring", "kind": "push", "description": "A push on a soft spring.",
             "duration": 0.3, "curve": {"spring": {"mass": 1, "stiffness": 20, "damping": 0.5}},
             "tracks": {"incoming": {"start": {"x": "100%"}}}}
            """)
        let (library, diagnostics) = TestEnvironment.load(plugins: [directory], catalog: nil)
        let effect = try library.effect(named: "soft-spring")
        #expect(!diagnostics.contains { $0.contains("soft-spring") }, "\(diagnostics)")
        let runner = ScenarioRunner(library: library)
        var runs = 0
        let played = StandardScenario.played(for: effect, library: library, screen: Self.screen, framesPerSecond: 30) { run in
            runs += 1
            return run.run(runner).trace.events
        }
        #expect(played.probe == .fullAfterLive)
        #expect(runs == 2)
        let made = StandardScenario.make(for: effect, library: library, screen: Self.screen, framesPerSecond: 30)
        #expect(played.scenario == made)
        #expect(played.output == runner.run(made).trace.events)
        // The push did outlast the probe's wait: it never ended, and the probe, seeing no
        // end, waits the bare pause after it.
        #expect(played.output.contains { $0.kind == "began" && $0.effect == "soft-spring" })
        #expect(!played.output.contains { $0.kind == "completed" || $0.kind == "cancelled" })
        #expect(made.steps.last == .wait(StandardScenario.pause))
    }

    /// A parameter that changes the length (a longer explode) is decided as well as the
    /// default: the run uses the same values.
    @Test func parametersReachTheRun() throws {
        let played = try Self.play("explode", parameters: ["duration": "1.2"])
        #expect(played.probe == .live)
        #expect(played.scenario == (try Self.made("explode", parameters: ["duration": "1.2"])))
        #expect(played.scenario != (try Self.made("explode")))
    }

    /// swipe-dismiss is dragged downward: its first candidate (a drag from the left edge)
    /// drives nothing, and which of the others `make` keeps depends on the full screens,
    /// so the full probe decides at once; pop-style-dismiss's first works, and the light
    /// probe's choice and waits are checked by its run.
    @Test func aChoiceAmongDrags() throws {
        let swipe = try Self.play("swipe-dismiss")
        #expect(swipe.probe == .full)
        #expect(swipe.runs == 1)
        #expect(swipe.scenario == (try Self.made("swipe-dismiss")))
        let popStyle = try Self.play("pop-style-dismiss")
        #expect(popStyle.probe == .light)
        #expect(popStyle.runs == 1)
        #expect(popStyle.scenario == (try Self.made("pop-style-dismiss")))
    }

    /// The run's waits step the frames `Stage.advance` steps for them.
    @Test(arguments: [24, 30, 50, 60, 120])
    func waitsStepTheStagesFrames(fps: Int) {
        for seconds in [0.0, 0.3, 0.5, 0.6, 0.8999999999999999, 0.9000000000000004, 1.4 - 0.8, 3.0, 4.0, 7.4] {
            let stage = Stage(framesPerSecond: fps)
            stage.advance(by: seconds)
            #expect(StandardRun.frames(seconds, fps: fps) == stage.frameIndex, "\(seconds) s at \(fps)")
        }
    }
}

extension StandardScenarioPlayTests {
    /// Every effect of the catalog: whichever way it was found, the scenario is `make`'s
    /// and the kept run is its run.
    @Test(.tags(.longRun), .slow) func everyEffectPlaysTheScenarioMakeReturns() throws {
        for effect in BuiltInEffects.library.effects {
            let played = try Self.play(effect.name)
            let made = try Self.made(effect.name)
            #expect(played.scenario == made, "\(effect.name)")
            #expect(played.events == Self.events(of: made, effect.name), "\(effect.name)")
            #expect(played.probe == .live || played.probe == .light || played.probe == .full, "\(effect.name): \(played.probe)")
        }
    }
}
