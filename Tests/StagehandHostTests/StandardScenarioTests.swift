import Foundation
import StagehandTestSupport
import StagehandCore
@testable import StagehandHost
import Testing

/// The standard scenario of every effect in the catalog runs it, and an interactive one
/// is also driven by a finger that finishes, then by one that cancels.
@Suite struct StandardScenarioTests {
    /// The first effect of each kind (the fast loop runs these).
    @Test func eachKindsFirstEffectShowsItselfWithoutErrors() {
        let sweep = EffectSweep(BuiltInEffects.library.effects)
        #expect(sweep.sample.count >= 10, "\(sweep.sample.map(\.name))")
        Self.showWithoutErrors(sweep.sample)
    }

    /// The other effects: with the first ones, every effect of the catalog.
    @Test(.tags(.longRun), .slow) func everyOtherEffectShowsItselfWithoutErrors() {
        let sweep = EffectSweep(BuiltInEffects.library.effects)
        #expect(!sweep.rest.isEmpty)
        Self.showWithoutErrors(sweep.rest)
    }

    /// At 30 frames a second: what is checked (errors, the drags' outcomes, rest at both
    /// ends) does not depend on the frame rate, and each frame records every view.
    static func showWithoutErrors(_ effects: [EffectInfo]) {
        let library = BuiltInEffects.library
        for effect in effects {
            let scenario = StandardScenario.make(for: effect, library: library, screen: Size(width: 390, height: 844), framesPerSecond: 30)
            let trace = ScenarioRunner(library: library).run(scenario).trace
            let errors = trace.events.filter { $0.kind == "error" }
            #expect(errors.isEmpty, "\(effect.name): \(errors.map { $0.message ?? "" })")
            if effect.kind != .interaction {
                #expect(trace.events.contains { $0.kind == "began" && $0.effect == effect.name }, "\(effect.name) never ran")
            }
            if effect.interactive || effect.kind == .interaction {
                #expect(StandardScenario.dragsWorked(trace), "\(effect.name): drags \(trace.events.map { "\($0.kind) \($0.effect) \($0.interactive)" })")
            }
            // Starts and ends at rest, with a pause after the last transition.
            #expect(trace.frames.first?.percent == nil && trace.frames.last?.percent == nil, "\(effect.name)")
            let lastEnd = trace.events.filter { $0.kind == "completed" || $0.kind == "cancelled" }.map(\.t).max() ?? 0
            let end = trace.frames.last?.t ?? 0
            #expect(end - lastEnd >= StandardScenario.pause - 0.05, "\(effect.name): \(end - lastEnd) s after the last transition")
        }
    }

    /// parallax-pop is shown after its own bundle's push, whose snapshot it brings back;
    /// a pop whose bundle has no push effect follows UIKit's push.
    @Test func aPopIsShownAfterItsOwnBundlesPush() throws {
        let library = BuiltInEffects.library
        let screen = Size(width: 390, height: 844)
        let parallax = StandardScenario.make(for: try library.effect(named: "parallax-pop"), library: library,
                                             screen: screen, framesPerSecond: 60)
        #expect(parallax.push == "parallax-push" && parallax.pop == "parallax-pop")
        let slide = StandardScenario.make(for: try library.effect(named: "slide-pop"), library: library,
                                          screen: screen, framesPerSecond: 60)
        #expect(slide.push == nil && slide.pop == "slide-pop")
    }
}
