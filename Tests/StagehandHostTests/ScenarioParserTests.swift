import Foundation
import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// Bad scenarios are refused with one line naming the file, the step and the key.
@Suite struct ScenarioParserTests {
    @Test func pushPopPresentDismissDragAndWaitAreAccepted() throws {
        let s = try parse("""
            {"screen": {"width": 390, "height": 844, "fps": 60},
             "root": {"title": "Inbox"},
             "navigation": {"push": "parallax-push", "pop": "parallax-pop", "interactivePop": "full-screen-pop"},
             "steps": [
               {"push": {"title": "Detail", "embedInNavigation": false}},
               {"pop": {}},
               {"present": {"title": "Compose", "effect": "bounce-present", "dismissal": "normal-dismiss", "interactiveDismissal": "swipe-dismiss", "embedInNavigation": true}},
               {"dismiss": {}},
               {"drag": {"from": [10, 400], "to": [300, 400], "duration": 0.3, "hold": 0.1, "release": true}},
               {"wait": 0.5}]}
            """)
        #expect(s.screen == Size(width: 390, height: 844))
        #expect(s.framesPerSecond == 60)
        #expect(s.rootTitle == "Inbox" && s.rootInNavigation)
        #expect(s.push == "parallax-push" && s.pop == "parallax-pop" && s.interactivePop == "full-screen-pop")
        #expect(s.steps.count == 6)
        #expect(s.steps[4] == .drag(from: Point(x: 10, y: 400), to: Point(x: 300, y: 400), duration: 0.3, hold: 0.1, release: .lift))
        #expect(s.steps[5] == .wait(0.5))
    }

    @Test func aDragEndsByLiftingStayingDownOrASystemCancel() throws {
        func release(_ value: String) throws -> DragRelease? {
            let s = try parse(#"{"steps": [{"drag": {"from": [0, 0], "to": [1, 1]\#(value)}}]}"#)
            guard case .drag(_, _, _, _, let release) = s.steps.first else { return nil }
            return release
        }
        #expect(try release("") == .lift)
        #expect(try release(#", "release": true"#) == .lift)
        #expect(try release(#", "release": false"#) == .hold)
        #expect(try release(#", "release": "cancel""#) == .cancel)
        #expect(failure(#"{"steps": [{"drag": {"from": [0, 0], "to": [1, 1], "release": "drop"}}]}"#)
                == #"error: s.json: steps[0].drag.release: expected true, false or "cancel""#)
        #expect(failure(#"{"steps": [{"drag": {"from": [0, 0], "to": [1, 1], "release": 1}}]}"#)
                == #"error: s.json: steps[0].drag.release: expected true, false or "cancel""#)
    }

    @Test func unknownKeysAndBadValuesNameTheStepAndTheKey() {
        #expect(failure(#"{"steps": [{"pop": {}}, {"push": {"titel": "x"}}]}"#)
                == "error: s.json: steps[1].push.titel: unknown key; expected one of embedInNavigation, title")
        #expect(failure(#"{"steps": [{"drag": {"from": [0, 0], "to": [1, 1], "duration": -1}}]}"#)
                == "error: s.json: steps[0].drag.duration: expected a number in 0.0...600.0, got -1.0")
        #expect(failure(#"{"steps": [{"drag": {"from": [0], "to": [1, 1]}}]}"#)
                == "error: s.json: steps[0].drag.from: expected [x, y]")
        #expect(failure(#"{"steps": [{"drag": {"to": [1, 1]}}]}"#)
                == "error: s.json: steps[0].drag.from: missing; expected [x, y]")
        #expect(failure(#"{"steps": [{"jump": {}}]}"#).hasPrefix("error: s.json: steps[0].jump: unknown step"))
        #expect(failure(#"{"steps": [{"pop": {}, "push": {}}]}"#).hasPrefix("error: s.json: steps[0]: expected an object with exactly one of"))
        #expect(failure(#"{"screen": {"fps": 0}}"#) == "error: s.json: screen.fps: expected a number in 1.0...240.0, got 0.0")
        #expect(failure(#"{"screen": {"fps": 59.5}}"#) == "error: s.json: screen.fps: expected a whole number of frames per second")
        #expect(failure(#"{"root": {"embedInNavigation": 1}}"#) == "error: s.json: root.embedInNavigation: expected true or false")
        #expect(failure(#"{"speed": 2}"#).hasPrefix("error: s.json: speed: unknown key"))
        #expect(failure(#"{"steps": [{"wait": "long"}]}"#) == "error: s.json: steps[0].wait: expected a number")
        #expect(failure(#"{"screen": {"width": 1e999}}"#)
                == "error: s.json: screen.width: expected a number in 1.0...8192.0, got 1e999, beyond the largest number there is")
        #expect(failure(#"{"steps": [{"drag": {"from": [-1e400, 0], "to": [1, 1]}}]}"#)
                == "error: s.json: steps[0].drag.from[0]: expected a number, got -1e400, beyond the largest number there is")
        #expect(failure(#"{"steps": [{"pop": {}"#).hasPrefix("error: s.json: not valid JSON"))
    }

    /// The catalog's rule, word for word: JSON readers disagree on which of two equal keys
    /// counts, so neither is taken.
    @Test func aKeyWrittenTwiceIsRefusedAsInTheCatalog() {
        #expect(failure(#"{"settle": 1, "settle": 2}"#) == "error: s.json: settle: field written twice in the same object")
        #expect(failure(#"{"screen": {"fps": 30, "width": 100, "fps": 60}}"#)
                == "error: s.json: screen.fps: field written twice in the same object")
        #expect(failure(#"{"steps": [{"push": {"title": "A", "title": "B"}}]}"#)
                == "error: s.json: steps[0].push.title: field written twice in the same object")
        #expect(failure(#"{"steps": [{"wait": 1}], "steps": []}"#) == "error: s.json: steps: field written twice in the same object")
    }

    /// Syntax errors come from the same parser as the catalog's: a line and a column.
    @Test func aSyntaxErrorSaysWhere() {
        #expect(failure("{\"steps\": [\n  {\"pop\": {}},\n]}") == "error: s.json: not valid JSON: line 3, column 1: a trailing comma before ']' is not allowed")
        #expect(failure(#"{"steps": [{"wait": 1e999}]}"#)
                == "error: s.json: steps[0].wait: expected a number in 0.0...600.0, got 1e999, beyond the largest number there is")
        #expect(failure(#"{"steps": [{"push": {"a b": 1}}]}"#).hasPrefix(#"error: s.json: steps[0].push["a b"]: unknown key"#))
    }

    @Test func aPushOfANavigationControllerIsAnErrorEventAndTheRunGoesOn() throws {
        let result = try BuiltInEffects.play("""
            {"steps": [{"push": {"title": "Nav", "embedInNavigation": true}},
                       {"push": {"title": "Detail"}}, {"wait": 1}]}
            """)
        let kinds = result.trace.events.map(\.kind)
        #expect(kinds == ["error", "began", "completed"])
        #expect(result.trace.events[0].message?.contains("Pushing a navigation controller is not supported") == true)
        #expect(result.trace.frames.last?.stack == ["Root", "Detail"])
        expectSettled(result)
    }

    @Test func stepsDoNotWaitForTransitionsButTheRuntimeQueuesThem() throws {
        let result = try BuiltInEffects.play("""
            {"steps": [{"push": {"title": "A"}}, {"push": {"title": "B"}}, {"pop": {}}]}
            """)
        let events = result.trace.events
        #expect(events.map(\.kind) == ["began", "completed", "began", "completed", "began", "completed"])
        #expect(events.map(\.operation) == ["push", "push", "push", "push", "pop", "pop"])
        #expect(result.trace.frames.last?.stack == ["Root", "A"])
        expectSettled(result)
    }

    @Test func framesListViewsBackToFrontWithProjectedCorners() throws {
        let result = try BuiltInEffects.play(#"{"screen": {"width": 200, "height": 400, "fps": 120}, "steps": [{"wait": 0.1}]}"#)
        let trace = result.trace
        #expect(trace.fps == 120)
        #expect(trace.screen == [200, 400])
        let frame = try #require(trace.frames.last)
        // The root's default list is content below its view; the screens' own views are these.
        #expect(frame.views.map(\.kind).filter { !(View.Kind(rawValue: $0)?.isContent ?? false) }
                == ["container", "container", "view", "navigationBar"])
        let root = try #require(frame.views("Root", kind: "view").first)
        #expect(root.frame == [0, 0, 200, 400])
        #expect(root.corners == [[0, 0], [200, 0], [200, 400], [0, 400]])
        // Frames are 1/120 s apart.
        #expect(abs(trace.frames[1].t - trace.frames[0].t - 1.0 / 120) < 1e-6)
    }
}
