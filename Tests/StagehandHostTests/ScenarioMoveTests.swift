import Foundation
import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// A `move` step continues the finger a drag left down: the same touch, no second touch
/// down (a drag always puts one down, and on a finger still down the window makes that
/// a move with a warning, as it always has).
@Suite struct ScenarioMoveTests {
    static let press = #"{"drag": {"from": [4, 400], "to": [100, 400], "duration": 0.2, "release": false}}"#

    @Test func aMoveAfterADragLeftDownIsReadWithADragsDefaults() throws {
        let s = try parse(#"{"steps": [\#(Self.press), {"move": {"to": [300, 400]}}, "#
                          + #"{"drag": {"from": [0, 0], "to": [1, 1], "release": false}}, "#
                          + #"{"move": {"to": [5, 5], "duration": 0.1, "hold": 0.2, "release": false}}, {"wait": 1}, "#
                          + #"{"move": {"to": [6, 6], "duration": 0, "release": "cancel"}}]}"#)
        #expect(s.steps[1] == .move(to: Point(x: 300, y: 400), duration: 0.3, hold: 0, release: .lift))
        #expect(s.steps[3] == .move(to: Point(x: 5, y: 5), duration: 0.1, hold: 0.2, release: .hold))
        #expect(s.steps[5] == .move(to: Point(x: 6, y: 6), duration: 0, hold: 0, release: .cancel))
        // A move's time counts towards the run's length, as a drag's does.
        let frame = 1.0 / 60
        #expect(abs(s.longestDuration - (10 + frame + (0.2 + frame) + (0.3 + frame) + (0.3 + frame) + (0.1 + frame + 0.2) + 1 + frame)) < 1e-9)
    }

    @Test func aMoveWithNoFingerDownOrBadFieldsIsRefused() {
        let noFinger = #"no finger is down to move; a move continues a drag (or move) that ended with "release": false"#
        #expect(failure(#"{"steps": [{"move": {"to": [1, 1]}}]}"#) == "error: s.json: steps[0].move: " + noFinger)
        #expect(failure(#"{"steps": [{"drag": {"from": [0, 0], "to": [1, 1]}}, {"wait": 1}, {"move": {"to": [1, 1]}}]}"#)
                == "error: s.json: steps[2].move: " + noFinger)
        #expect(failure(#"{"steps": [\#(Self.press), {"move": {"to": [1, 1], "release": "cancel"}}, {"move": {"to": [2, 2]}}]}"#)
                == "error: s.json: steps[2].move: " + noFinger)
        #expect(failure(#"{"steps": [\#(Self.press), {"move": {"from": [0, 0], "to": [1, 1]}}]}"#)
                == "error: s.json: steps[1].move.from: unknown key; expected one of duration, hold, release, to")
        #expect(failure(#"{"steps": [\#(Self.press), {"move": {"duration": 1}}]}"#)
                == "error: s.json: steps[1].move.to: missing; expected [x, y]")
        #expect(failure(#"{"steps": [\#(Self.press), {"move": {"to": [1, 1], "hold": -1}}]}"#)
                == "error: s.json: steps[1].move.hold: expected a number in 0.0...600.0, got -1.0")
        #expect(failure(#"{"steps": [\#(Self.press), {"move": {"to": [1, 1], "release": "lift"}}]}"#)
                == #"error: s.json: steps[1].move.release: expected true, false or "cancel""#)
        #expect(failure(#"{"steps": [\#(Self.press), {"move": [1, 1]}]}"#).hasPrefix("error: s.json: steps[1].move: expected an object"))
    }

    /// One pop driven in three legs: with `move` steps the finger goes down once and the
    /// run says nothing; written as three drags (as before `move` existed) each later leg
    /// goes down again, which still means a move of the same touch, with a warning each.
    @Test func movesContinueTheTouchWithoutASecondTouchDown() throws {
        func play(_ legs: String) throws -> (events: [String], warnings: [String], frames: Int) {
            let scenario = try parse(#"{"navigation": {"interactivePop": "parallax-pop"}, "steps": ["#
                                     + #"{"push": {"title": "Detail"}}, {"wait": 1}, \#(legs)]}"#)
            var warnings: [String] = []
            let result = ScenarioRunner(library: BuiltInEffects.library).run(scenario) { diagnostic in
                if diagnostic.severity == .warning { warnings.append(diagnostic.message) }
            }
            let events = result.trace.events.filter { $0.operation == "pop" }.map { "\($0.kind) \($0.interactive)" }
            return (events, warnings, result.frameCount)
        }
        let moves = try play(Self.press + #", {"move": {"to": [300, 400], "duration": 0.2, "hold": 0.1, "release": false}}, "#
                             + #"{"move": {"to": [300, 400], "duration": 0}}"#)
        #expect(moves.warnings == [])
        #expect(moves.events == ["began true", "completed true"])
        let drags = try play(Self.press + #", {"drag": {"from": [100, 400], "to": [300, 400], "duration": 0.2, "hold": 0.1, "release": false}}, "#
                             + #"{"drag": {"from": [300, 400], "to": [300, 400], "duration": 0}}"#)
        #expect(drags.warnings == Array(repeating: "touch 1 went down again before lifting: treated as a move", count: 2))
        #expect(drags.events == ["began true", "completed true"])
        #expect(moves.frames == drags.frames)
    }
}
