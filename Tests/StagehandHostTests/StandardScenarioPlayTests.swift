import StagehandCore
import StagehandTestSupport
@testable import StagehandHost
import Testing

/// `StandardScenario.play` gives its caller's run the very scenario `make` returns,
/// whether the light probe predicted it (checked by that run) or the full probe had to
/// decide after all.
@Suite struct StandardScenarioPlayTests {
    static let screen = Size(width: 390, height: 844)

    /// Plays `name`'s standard scenario the way the preview does (one run per scenario
    /// given), and returns how it was found, the scenarios run in order, and the kept
    /// run's events.
    static func play(_ name: String, parameters: [String: String] = [:]) throws
        -> (probe: StandardScenario.Probe, scenario: Scenario, runs: [Scenario], events: [Trace.Event]) {
        let library = BuiltInEffects.library
        let runner = ScenarioRunner(library: library, parameters: [name: parameters])
        var runs: [Scenario] = []
        let played = StandardScenario.played(for: try library.effect(named: name), library: library, screen: screen,
                                             framesPerSecond: 30, parameters: parameters) { scenario, afterStep in
            runs.append(scenario)
            let trace = runner.run(scenario, afterStep: afterStep).trace
            return (trace, trace.events)
        }
        return (played.probe, played.scenario, runs, played.output)
    }

    static func made(_ name: String, parameters: [String: String] = [:]) throws -> Scenario {
        let library = BuiltInEffects.library
        return StandardScenario.make(for: try library.effect(named: name), library: library, screen: screen,
                                     framesPerSecond: 30, parameters: parameters)
    }

    /// Effects whose transitions last the same over any content (an `any` one with both
    /// drags, a pop after its own push, a push): one run, of `make`'s scenario.
    @Test(arguments: ["explode", "parallax-pop", "parallax-push"])
    func aLightProbeThatPredictsTheRunIsKept(name: String) throws {
        let played = try Self.play(name)
        #expect(played.probe == .light)
        #expect(played.runs.count == 1)
        let made = try Self.made(name)
        #expect(played.scenario == made)
        #expect(played.runs == [made])
        // The kept run is the run of `make`'s scenario, event for event.
        let library = BuiltInEffects.library
        #expect(played.events == ScenarioRunner(library: library, parameters: [name: [:]]).run(made).trace.events)
    }

    /// magic-move with a cascade delays each fading view of a screen by its rank, so its
    /// transitions last longer the more views the screens hold: the light probe's waits
    /// are too short, the run shows it, and the full probe decides, for the same scenario
    /// as `make`'s.
    @Test func aTransitionWhoseLengthDependsOnTheContentFallsBackToTheFullProbe() throws {
        let cascade = ["cascade": "0.05"]
        let played = try Self.play("magic-move", parameters: cascade)
        #expect(played.probe == .fullAfterLight)
        let made = try Self.made("magic-move", parameters: cascade)
        #expect(played.scenario == made)
        #expect(played.runs.count == 2)
        #expect(played.runs.last == made)
        // The first run was of other waits (the light probe's), on the same screens.
        #expect(played.runs.first != made)
        #expect(played.runs.first?.screens == made.screens)
        // The kept run is the run of `make`'s scenario, event for event.
        let library = BuiltInEffects.library
        #expect(played.events == ScenarioRunner(library: library, parameters: ["magic-move": cascade]).run(made).trace.events)
        // Without the cascade the length is the flights', which the light screens predict.
        #expect(try Self.play("magic-move").probe == .light)
    }

    /// A parameter that changes the length (a longer explode) is predicted as well as the
    /// default: the probes run with the same values as the run.
    @Test func parametersReachTheLightProbe() throws {
        let played = try Self.play("explode", parameters: ["duration": "1.2"])
        #expect(played.probe == .light)
        #expect(played.scenario == (try Self.made("explode", parameters: ["duration": "1.2"])))
        #expect(played.scenario != (try Self.made("explode")))
    }

    /// swipe-dismiss is dragged downward: its first candidate (a drag from the left edge)
    /// drives nothing, and which of the others `make` keeps depends on the full screens,
    /// so the full probe decides at once.
    @Test func aChoiceAmongDragsIsMadeOnTheFullScreens() throws {
        let played = try Self.play("swipe-dismiss")
        #expect(played.probe == .full)
        #expect(played.runs.count == 1)
        #expect(played.scenario == (try Self.made("swipe-dismiss")))
    }
}

extension StandardScenarioPlayTests {
    /// Every effect of the catalog: whichever way it was found, the scenario run last is
    /// `make`'s.
    @Test(.tags(.longRun), .slow) func everyEffectPlaysTheScenarioMakeReturns() throws {
        for effect in BuiltInEffects.library.effects {
            let played = try Self.play(effect.name)
            #expect(played.scenario == (try Self.made(effect.name)), "\(effect.name)")
            #expect(played.runs.last == played.scenario, "\(effect.name)")
        }
    }
}
