import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// The coordinator with the real built bundles: effects chosen by name answer the
/// navigation and transitioning questions, through dlopen, libffi and the host table.
@Suite struct CoordinatorTests {
    let width = 390.0

    @Test func slidePopChosenByNamePopsWithTheBundlesAnimation() throws {
        let result = try BuiltInEffects.play("""
            {"navigation": {"pop": "slide-pop"},
             "steps": [{"push": {"title": "Detail"}}, {"wait": 0.5}, {"pop": {}}, {"wait": 0.5}]}
            """)
        let trace = result.trace
        let began = try #require(trace.events.first { $0.kind == "began" && $0.operation == "pop" })
        #expect(began.effect == "slide-pop")
        #expect(began.interactive == false)
        // Mid-way the from-view has moved width × easeInOut(t / 0.25) to the right.
        // (The frame at `began.t` was recorded just before the pop was asked for.)
        for dt in [1.0 / 60, 0.1, 0.2] {
            let frame = try #require(trace.frame(at: began.t + dt))
            let detail = try #require(frame.views("Detail", kind: "view").first)
            let expected = width * TimingCurve.easeInOut.progress(at: (frame.t - began.t) / 0.25)
            // The Bézier is solved to 1e-6 in x: times the width and the slope, < 1e-3 pt.
            #expect(abs(detail.transform[4] - expected) < 1e-3, "t = \(frame.t)")
            // The to-view is below the from-view, in place.
            let inbox = try #require(frame.views("Root", kind: "view").first)
            #expect(inbox.transform == [1, 0, 0, 1, 0, 0])
        }
        #expect(trace.events.map(\.kind) == ["began", "completed", "began", "completed"])
        #expect(trace.frames.last?.stack == ["Root"])
        expectSettled(result)
    }

    @Test func parametersReachTheFactoryThroughLibffi() throws {
        let result = try BuiltInEffects.play("""
            {"navigation": {"pop": "slide-pop"},
             "steps": [{"push": {"title": "Detail"}}, {"wait": 0.5}, {"pop": {}}, {"wait": 1}]}
            """, parameters: ["slide-pop": ["duration": "0.5"]])
        let events = result.trace.events.filter { $0.operation == "pop" }
        #expect(events.count == 2)
        // The pop lasts the overridden 0.5 s, not the default 0.25 s.
        #expect(abs((events[1].t - events[0].t) - 0.5) <= 1.0 / 60 + 1e-9)
        expectSettled(result)
    }

    @Test(arguments: [(0.6, true), (0.4, false)])
    func slidePopsOwnPanFinishesPastItsThresholdAndCancelsBefore(fraction: Double, pops: Bool) throws {
        let result = try BuiltInEffects.play("""
            {"root": {"title": "Inbox"}, "navigation": {"interactivePop": "slide-pop"},
             "steps": [{"push": {"title": "Detail"}}, {"wait": 0.5},
                       {"drag": {"from": [40, 400], "to": [\(40 + fraction * width), 400], "duration": 0.3, "hold": 0.3}}]}
            """)
        let pop = result.trace.events.filter { $0.operation == "pop" }
        #expect(pop.map(\.kind) == ["began", pops ? "completed" : "cancelled"])
        #expect(pop.first?.interactive == true)
        #expect(result.trace.frames.last?.stack == (pops ? ["Inbox"] : ["Inbox", "Detail"]))
        // While the finger holds still, the from-view sits where the finger is (linear).
        let held = try #require(result.trace.frame(at: 0.5 + 0.3 + 0.1))
        let detail = try #require(held.views("Detail", kind: "view").first)
        #expect(abs(detail.transform[4] - fraction * width) < 1e-6)
        expectSettled(result)
    }

    @Test func crossfadeWrittenInCSwapsChildren() throws {
        let result = try BuiltInEffects.play("""
            {"root": {"title": "Shell", "child": "First"},
             "steps": [{"switchChild": {"title": "Second", "effect": "crossfade"}}, {"wait": 0.5}]}
            """)
        let trace = result.trace
        let began = try #require(trace.events.first { $0.kind == "began" })
        #expect(began.effect == "crossfade" && began.operation == "container")
        // Start and middle: the incoming child's alpha = easeInOut(t / 0.3), above the
        // outgoing one, which stays opaque (so the blend is opaque at every instant).
        for dt in [1.0 / 60, 0.15] {
            let frame = try #require(trace.frame(at: began.t + dt))
            let f = TimingCurve.easeInOut.progress(at: (frame.t - began.t) / 0.3)
            let second = try #require(frame.views("Second").first), first = try #require(frame.views("First").first)
            #expect(abs(second.alpha - f) < 1e-6)
            #expect(first.alpha == 1)
            let cards = frame.views.filter { $0.kind == "view" && ($0.title == "First" || $0.title == "Second") }.map(\.title)
            #expect(cards == ["First", "Second"], "the incoming child is above: \(cards)")
        }
        let end = try #require(trace.frames.last)
        #expect(end.views("First").isEmpty)
        #expect(end.views("Second").first?.alpha == 1)
        let shell = try #require(result.stage.window.rootViewController)
        #expect(shell.children.map(\.title) == ["Second"])
        expectSettled(result)
    }

    @Test func anUnknownNameIsAnErrorListingTheClosestNames() throws {
        let library = BuiltInEffects.library
        let coordinator = Coordinator(library: library)
        #expect(throws: Diagnostic.self) { try coordinator.use("slide-pope", for: .pop) }
        do {
            try coordinator.use("slide-pope", for: .pop)
        } catch {
            #expect(error.message.contains("closest known names: slide-pop"))
        }
        // A known effect of the wrong kind for the role.
        do {
            try coordinator.use("crossfade", for: .push)
            Issue.record("crossfade was accepted for push")
        } catch {
            #expect(error.message.contains("crossfade is a container effect; push takes push"))
        }
    }

    @Test func anUnknownNameInAScenarioIsAnErrorEventAndTheRunGoesOn() throws {
        let result = try BuiltInEffects.play("""
            {"navigation": {"pop": "slide-pope"},
             "steps": [{"push": {"title": "Detail"}}, {"wait": 0.5}, {"pop": {}}]}
            """)
        let error = try #require(result.trace.events.first { $0.kind == "error" })
        #expect(error.message?.contains("slide-pop") == true)
        #expect(result.trace.events.filter { $0.kind == "completed" }.count == 2)
        expectSettled(result)
    }

    @Test func aDismissedPresentationsGestureEffectIsDetached() throws {
        let coordinator = Coordinator(library: BuiltInEffects.library)
        let stage = coordinator.stage
        coordinator.setRoot(coordinator.makeNavigationController(root: ViewController(title: "Inbox")))
        let compose = ViewController(title: "Compose")
        try coordinator.present(compose, effect: "bounce-present", dismissal: "normal-dismiss", interactiveDismissal: "swipe-dismiss")
        #expect(stage.settle())
        #expect(compose.view.gestureRecognizers.count == 1)   // swipe-dismiss's pan
        compose.dismiss(animated: true)
        #expect(stage.settle())
        #expect(compose.presentingViewController == nil)
        #expect(compose.view.gestureRecognizers.isEmpty)
    }
}
