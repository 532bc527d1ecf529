import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// full-screen-pop, run through the real bundle, with the constants and trace helpers of
/// the parallax tests (the pan drives UIKit's own pop or parallax-pop).
extension ParallaxAndFullScreenPopTests {
    /// A drag from x = 200 (far from the edge) of `fraction` of the width, held, released,
    /// on a 414-point screen (so that the finger stays on it past half the width).
    static func fullScreenDrag(_ fraction: Double, pop: String? = nil, from x: Double = 200,
                               parameters: [String: [String: String]] = [:]) throws -> ScenarioResult {
        let w = 414.0
        let popChoice = pop.map { ", \"pop\": \"\($0)\"" } ?? ""
        return try BuiltInEffects.play("""
        {"screen": {"width": \(w), "height": 896, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"interactivePop": "full-screen-pop"\(popChoice)},
         "steps": [{"push": {"title": "Detail"}}, {"wait": 1},
                   {"drag": {"from": [\(x), 400], "to": [\(x + fraction * w), 400], "duration": 0.3, "hold": 0.2}}]}
        """, parameters: parameters)
    }

    /// While held at `fraction`: UIKit's pop (or parallax-pop) driven linearly.
    static func expectFullScreenHeld(_ result: ScenarioResult, at fraction: Double, parallax: Bool,
                                     sourceLocation: SourceLocation = #_sourceLocation) {
        let w = 414.0
        guard let frame = frame(result, at: 1.4, sourceLocation: sourceLocation) else { return }
        expectClose(frame.percent, fraction, "percent", tolerance: 1e-5, sourceLocation: sourceLocation)
        expectClose(tx(frame.views("Detail", kind: "view").first), fraction * w, "Detail tx", sourceLocation: sourceLocation)
        // UIKit's pop and parallax-pop both bring the page below back from 30 % left
        // (parallax-pop shows it by a snapshot of the screen below).
        let below = parallax ? snapshots(frame).first : frame.views("Root", kind: "view").first
        expectClose(tx(below), -0.3 * w * (1 - fraction), "the page below's tx", sourceLocation: sourceLocation)
    }

    @Test(arguments: [(0.1, false), (0.49, false), (ParallaxAndFullScreenPopTests.fullScreenThreshold - ParallaxAndFullScreenPopTests.epsilon, false), (ParallaxAndFullScreenPopTests.fullScreenThreshold + ParallaxAndFullScreenPopTests.epsilon, true)])
    func fullScreenPopDrivesUIKitsPop(fraction: Double, finishes: Bool) throws {
        let result = try Self.fullScreenDrag(fraction)
        Self.expectFullScreenHeld(result, at: fraction, parallax: false)
        #expect(Self.events(result) == ["began system-push push", "completed system-push push",
                                        "began system-pop pop", "\(finishes ? "completed" : "cancelled") system-pop pop"])
        #expect(result.trace.events.last?.interactive == true)
        #expect(Self.stack(result) == (finishes ? ["Root"] : ["Root", "Detail"]))
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test(arguments: [(0.1, false), (0.49, false), (ParallaxAndFullScreenPopTests.fullScreenThreshold - ParallaxAndFullScreenPopTests.epsilon, false), (ParallaxAndFullScreenPopTests.fullScreenThreshold + ParallaxAndFullScreenPopTests.epsilon, true)])
    func fullScreenPopDrivesParallaxPop(fraction: Double, finishes: Bool) throws {
        let result = try Self.fullScreenDrag(fraction, pop: "parallax-pop")
        Self.expectFullScreenHeld(result, at: fraction, parallax: true)
        if let held = result.trace.frame(at: 1.4) {
            #expect(Self.barHidden(held) == true, "parallax-pop hides the bar under the finger too")
        }
        #expect(Self.events(result) == ["began system-push push", "completed system-push push",
                                        "began parallax-pop pop", "\(finishes ? "completed" : "cancelled") parallax-pop pop"])
        #expect(Self.stack(result) == (finishes ? ["Root"] : ["Root", "Detail"]))
        #expect(Self.barHidden(result.trace.frames.last!) == false)
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func fullScreenPopDoesNotBeginOnTheRoot() throws {
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 414, "height": 896, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"interactivePop": "full-screen-pop"},
         "steps": [{"drag": {"from": [200, 400], "to": [400, 400], "duration": 0.3, "hold": 0.2}}]}
        """)
        #expect(Self.events(result).isEmpty)
        #expect(Self.stack(result) == ["Root"])
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func fullScreenPopDoesNotBeginDuringATransition() throws {
        // The drag starts with the push (UIKit's, 0.35 s) and would begin on its first
        // frame: refused, and the pan stays failed for the rest of the touch.
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 414, "height": 896, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"interactivePop": "full-screen-pop"},
         "steps": [{"push": {"title": "Detail"}},
                   {"drag": {"from": [150, 400], "to": [400, 400], "duration": 0.5, "hold": 0.2}}]}
        """)
        #expect(Self.events(result) == ["began system-push push", "completed system-push push"])
        #expect(Self.stack(result) == ["Root", "Detail"])
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func fullScreenPopDoesNotBeginLeftward() throws {
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 414, "height": 896, "fps": 60}, "root": {"title": "Root"},
         "navigation": {"interactivePop": "full-screen-pop"},
         "steps": [{"push": {"title": "Detail"}}, {"wait": 1},
                   {"drag": {"from": [300, 400], "to": [100, 400], "duration": 0.3, "hold": 0.2}}]}
        """)
        #expect(Self.events(result) == ["began system-push push", "completed system-push push"])
        #expect(Self.stack(result) == ["Root", "Detail"])
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func fullScreenPopHonoursMaxStartX() throws {
        let parameters = ["full-screen-pop": ["maxStartX": "100"]]
        let far = try Self.fullScreenDrag(0.6, from: 150, parameters: parameters)
        #expect(Self.events(far) == ["began system-push push", "completed system-push push"])
        #expect(Self.stack(far) == ["Root", "Detail"])
        expectSettled(far)
        Self.expectNoWarnings(far)
        let near = try Self.fullScreenDrag(0.6, from: 90, parameters: parameters)
        #expect(Self.events(near) == ["began system-push push", "completed system-push push",
                                      "began system-pop pop", "completed system-pop pop"])
        #expect(Self.stack(near) == ["Root"])
        expectSettled(near)
        Self.expectNoWarnings(near)
    }

    /// The refusals come from the pan's own shouldBegin (it fails before it begins), not
    /// only from the navigation handler's guards, which would let it run doing nothing
    /// (and, for a leftward drag, start a pop at 0 % and cancel it).
    @Test(arguments: ["root", "transition", "leftward", "optedOut"])
    func fullScreenPanFailsBeforeBeginning(situation: String) {
        let scene = DirectScene(choices: [(.interactivePop, "full-screen-pop")], width: 414)
        let detail = ViewController(title: "Detail")
        if situation != "root" {
            scene.nav.pushViewController(detail, animated: true)
            if situation != "transition" { scene.stage.settle() }
        }
        if situation == "optedOut" { detail.flags.insert("fullScreenPopDisabled") }
        #expect(scene.stage.isTransitioning == (situation == "transition"))
        let pans = scene.nav.view.gestureRecognizers.filter { $0 !== scene.nav.interactivePopGestureRecognizer }
        #expect(pans.count == 1, "the full-screen pan is on the navigation controller's view")
        let dx = situation == "leftward" ? -15.0 : 15.0
        scene.stage.window.send(Touch(id: 1, phase: .began, location: Point(x: 200, y: 400), timestamp: scene.stage.now))
        scene.stage.step()
        scene.stage.window.send(Touch(id: 1, phase: .moved, location: Point(x: 200 + dx, y: 400), timestamp: scene.stage.now))
        #expect(pans.first?.state == .failed, "\(situation): the pan failed")
        scene.stage.step()
        scene.stage.window.send(Touch(id: 1, phase: .ended, location: Point(x: 200 + dx, y: 400), timestamp: scene.stage.now))
        let result = scene.finish()
        #expect(result.trace.events.filter { $0.operation == "pop" }.isEmpty)
        #expect(Self.stack(result) == (situation == "root" ? ["Root"] : ["Root", "Detail"]))
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func fullScreenPopRespectsTheTopControllersOptOut() {
        let scene = DirectScene(choices: [(.interactivePop, "full-screen-pop")], width: 414)
        #expect(!scene.nav.interactivePopGestureRecognizer.isEnabled, "the system edge gesture is off while attached")
        let detail = ViewController(title: "Detail")
        scene.nav.pushViewController(detail, animated: true)
        scene.stage.settle()
        detail.flags.insert("fullScreenPopDisabled")
        scene.drag(from: 200, to: 200 + 0.8 * 414)
        scene.stage.settle()
        #expect(scene.nav.viewControllers.map(\.title) == ["Root", "Detail"], "no pop over an opted-out controller")
        #expect(scene.stage.transitionEvents.filter { $0.operation == .pop }.isEmpty)
        // The same drag pops once the flag is gone.
        detail.flags.remove("fullScreenPopDisabled")
        scene.drag(from: 200, to: 200 + 0.8 * 414)
        let result = scene.finish()
        #expect(Self.events(result) == ["began system-push push", "completed system-push push",
                                        "began system-pop pop", "completed system-pop pop"])
        #expect(Self.stack(result) == ["Root"])
        expectSettled(result)
        Self.expectNoWarnings(result)
    }

    @Test func fullScreenPopRestoresTheSystemEdgeGestureOnDetach() {
        var scene: DirectScene? = DirectScene(choices: [(.interactivePop, "full-screen-pop")])
        let nav = scene!.nav
        #expect(!nav.interactivePopGestureRecognizer.isEnabled)
        let recognizers = nav.view.gestureRecognizers.count
        scene = nil
        #expect(nav.interactivePopGestureRecognizer.isEnabled)
        #expect(nav.view.gestureRecognizers.count == recognizers - 1)
    }
}
