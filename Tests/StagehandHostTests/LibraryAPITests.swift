import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// Stagehand used from an app's own code, as a library: its own delegates returning
/// effects by name, the coordinator's choices, the gesture rule, the public finger.
@Suite struct LibraryAPITests {
    static let width = 390.0

    /// An app's navigation delegate that picks the effect per push: parallax-push for
    /// the first, the system animation (nil) for the next.
    final class PerPushDelegate: NavigationControllerDelegate {
        let library: EffectLibrary
        var pushes = 0
        init(library: EffectLibrary) { self.library = library }

        func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
                                  from fromVC: ViewController, to toVC: ViewController) -> AnimatedTransitioning? {
            guard operation == .push else { return nil }
            pushes += 1
            return pushes == 1 ? try? library.animationController(named: "parallax-push") : nil
        }
    }

    @Test func anAppDelegateReturnsANamedEffectForOnePushAndTheSystemAnimationForTheNext() throws {
        let stage = Stage(screen: Size(width: Self.width, height: 844), framesPerSecond: 60)
        let nav = NavigationController(rootViewController: ViewController(title: "Inbox"))
        stage.window.rootViewController = nav
        let delegate = PerPushDelegate(library: BuiltInEffects.library)
        nav.delegate = delegate

        // First push: parallax-push's spring (damping 1, 0.6 s): the navigation
        // controller's whole view arrives from W·(1 − f) right over a snapshot of the old screen.
        let article = ViewController(title: "Article")
        nav.pushViewController(article, animated: true)
        let start = stage.now
        stage.advance(by: 0.3)
        let f = Spring(duration: 0.6, dampingRatio: 1).value(at: stage.now - start)
        #expect(abs(nav.view.presentation.transform.tx - Self.width * (1 - f)) < 0.01)
        #expect(stage.window.allViewsBackToFront.contains { $0.kind == .snapshot && !$0.presentation.isHidden },
                "parallax-push moves a snapshot of the old screen")
        #expect(stage.settle())
        #expect(nav.view.presentation.transform.tx == 0)

        // Second push: UIKit's slide, 0.35 s ease-in-out, from the right edge.
        let comments = ViewController(title: "Comments")
        nav.pushViewController(comments, animated: true)
        let second = stage.now
        stage.advance(by: 0.175)
        let expected = Self.width * (1 - TimingCurve.easeInOut.progress(at: (stage.now - second) / 0.35))
        #expect(abs(comments.view.presentation.transform.tx - expected) < 1e-6)
        #expect(nav.view.presentation.transform.tx == 0)
        #expect(stage.settle())

        let events = stage.transitionEvents.map { "\($0.kind) \($0.effect)" }
        #expect(events == ["began parallax-push", "completed parallax-push", "began system-push", "completed system-push"])
        // Each lasts its duration to the frame.
        let times = stage.transitionEvents.map(\.time)
        #expect(Int(((times[1] - times[0]) * 60).rounded()) == 36)
        #expect(Int(((times[3] - times[2]) * 60).rounded()) == 21)
        #expect(nav.viewControllers.map(\.title) == ["Inbox", "Article", "Comments"])
    }

    @Test func anUnknownNameFromAnAppDelegateThrowsWithTheClosestNames() {
        #expect {
            _ = try BuiltInEffects.library.animationController(named: "parallax-psuh")
        } throws: { error in
            (error as? Diagnostic)?.message.contains("parallax-push") == true
        }
    }

    @Test func aChoiceMadeAfterTheNavigationControllerExistsAppliesToIt() throws {
        let coordinator = Coordinator(library: BuiltInEffects.library)
        let nav = coordinator.makeNavigationController(root: ViewController(title: "Inbox"))
        coordinator.setRoot(nav)
        try coordinator.use("slide-pop", for: .pop)
        #expect(coordinator.effectName(for: .pop) == "slide-pop")
        nav.pushViewController(ViewController(title: "Detail"), animated: false)
        nav.popViewController(animated: true)
        #expect(coordinator.stage.settle())
        try coordinator.use(nil, for: .pop)
        #expect(coordinator.effectName(for: .pop) == nil)
        nav.pushViewController(ViewController(title: "Detail"), animated: false)
        nav.popViewController(animated: true)
        #expect(coordinator.stage.settle())
        let began = coordinator.stage.transitionEvents.filter { $0.kind == .began }.map(\.effect)
        #expect(began == ["slide-pop", "system-pop"])
    }

    @Test func aRefusedChoiceKeepsTheOneInForce() throws {
        let coordinator = Coordinator(library: BuiltInEffects.library)
        try coordinator.use("slide-pop", for: .pop)
        coordinator.parameters["flip-pop"] = ["duration": 99]
        #expect { try coordinator.use("flip-pop", for: .pop) } throws: { ($0 as? Diagnostic)?.code == .parameterOutOfBounds }
        coordinator.parameters["flip-pop"] = ["duration": "0.4"]
        #expect { try coordinator.use("flip-pop", for: .pop) } throws: { ($0 as? Diagnostic)?.code == .parameterWrongType }
        #expect(throws: Diagnostic.self) { try coordinator.use("parallax-push", for: .pop) }
        #expect(coordinator.effectName(for: .pop) == "slide-pop")
    }

    @Test func presentingFromAGivenControllerHasOneErrorPath() throws {
        let coordinator = Coordinator(library: BuiltInEffects.library)
        let nav = coordinator.makeNavigationController(root: ViewController(title: "Inbox"))
        coordinator.setRoot(nav)
        let compose = ViewController(title: "Compose")
        try coordinator.present(compose, from: nav, effect: "bounce-present", dismissal: "swipe-dismiss")
        #expect(coordinator.stage.settle())
        #expect(compose.presentingViewController === nav)
        // nav already presents: refused, thrown once, one error event.
        #expect(throws: Diagnostic.self) { try coordinator.present(ViewController(title: "Second"), from: nav) }
        // An unknown name: thrown, one error event naming it.
        #expect(throws: Diagnostic.self) { try coordinator.present(ViewController(title: "Third"), effect: "bounce-presnt") }
        let errors = coordinator.stage.transitionEvents.filter { $0.kind == .error }
        #expect(errors.count == 2)
        #expect(errors.last?.effect == "bounce-presnt")
        let began = coordinator.stage.transitionEvents.filter { $0.kind == .began }.map { "\($0.effect) \($0.operation)" }
        #expect(began == ["bounce-present present"])
    }

    // MARK: One gesture, one rule

    /// A drag from the left edge to 30 % of the width, held still, released: past
    /// parallax-pop's own 25 % threshold, short of the system's 50 %.
    static func dragThirtyPercent(_ stage: Stage) {
        let finger = Finger(stage: stage)
        finger.touchDown(at: Point(x: 4, y: 400))
        finger.move(to: Point(x: 4 + 0.3 * width, y: 400), duration: 0.3)
        finger.hold(for: 0.2)
        finger.lift()
    }

    @Test(arguments: [[CoordinatorRole.pop], [.interactivePop], [.pop, .interactivePop]])
    func parallaxPopChosenForAnyPopRoleUsesItsOwnGestureAndThreshold(roles: [CoordinatorRole]) throws {
        let coordinator = Coordinator(library: BuiltInEffects.library)
        for role in roles { try coordinator.use("parallax-pop", for: role) }
        #expect(coordinator.effectInForce(for: .interactivePop) == "parallax-pop")
        let nav = coordinator.makeNavigationController(root: ViewController(title: "Inbox"))
        coordinator.setRoot(nav)
        nav.pushViewController(ViewController(title: "Detail"), animated: false)
        Self.dragThirtyPercent(coordinator.stage)
        #expect(coordinator.stage.settle())
        let pop = coordinator.stage.transitionEvents.filter { $0.operation == .pop }
        #expect(pop.map { "\($0.kind) \($0.effect) \($0.interactive)" } == ["began parallax-pop true", "completed parallax-pop true"])
        #expect(nav.viewControllers.map(\.title) == ["Inbox"])
    }

    @Test func aPopWithoutAGestureOfItsOwnFollowsTheSystemEdgePanRule() throws {
        let coordinator = Coordinator(library: BuiltInEffects.library)
        try coordinator.use("flip-pop", for: .pop)
        #expect(coordinator.effectInForce(for: .interactivePop) == nil)
        let nav = coordinator.makeNavigationController(root: ViewController(title: "Inbox"))
        coordinator.setRoot(nav)
        nav.pushViewController(ViewController(title: "Detail"), animated: false)
        Self.dragThirtyPercent(coordinator.stage)
        #expect(coordinator.stage.settle())
        let pop = coordinator.stage.transitionEvents.filter { $0.operation == .pop }
        #expect(pop.map { "\($0.kind) \($0.effect) \($0.interactive)" } == ["began flip-pop true", "cancelled flip-pop true"])
    }

    @Test func theRuleIsPartOfWhatIsKnownAboutAnEffect() throws {
        let library = BuiltInEffects.library
        let parallax = try library.effect(named: "parallax-pop").interaction
        #expect(parallax?.gesture == .own)
        #expect(parallax?.threshold == 0.25)
        #expect(parallax?.thresholdParameter == "threshold")
        let flip = try library.effect(named: "flip-pop").interaction
        #expect(flip == .navigationEdgePan)
        #expect(try library.effect(named: "swipe-dismiss").interaction?.threshold == 0.5)
        #expect(try library.effect(named: "parallax-push").interaction == nil)
        #expect(try library.effect(named: "normal-dismiss").interaction == nil)
    }

    // MARK: The finger

    @Test func aFlickFinishesWhatASlowDragToTheSamePlaceCancels() throws {
        // The system edge pan projects the release 0.2 s ahead: a flick to 20 % finishes,
        // the same drag held still before lifting cancels.
        for flick in [true, false] {
            let stage = Stage(screen: Size(width: Self.width, height: 844))
            let nav = NavigationController(rootViewController: ViewController(title: "Inbox"))
            stage.window.rootViewController = nav
            nav.pushViewController(ViewController(title: "Detail"), animated: false)
            let finger = Finger(stage: stage)
            let from = Point(x: 4, y: 400), to = Point(x: 4 + 0.2 * Self.width, y: 400)
            if flick {
                finger.flick(from: from, to: to)
            } else {
                finger.drag(from: from, to: to, duration: 0.1, hold: 0.3)
            }
            #expect(!finger.isDown)
            #expect(stage.settle())
            #expect(stage.transitionEvents.last?.kind == (flick ? .completed : .cancelled), "flick: \(flick)")
        }
    }
}

/// One library shared by stages on different threads at once, each driven by its own
/// thread: the same pushes and pops give the same events as on one thread.
@Suite struct SharedLibraryTests {
    static func run(_ library: EffectLibrary) -> [String] {
        let coordinator = Coordinator(library: library)
        do {
            try coordinator.use("parallax-push", for: .push)
            try coordinator.use("slide-pop", for: .pop)
        } catch {
            return ["\(error)"]
        }
        let nav = coordinator.makeNavigationController(root: ViewController(title: "Inbox"))
        coordinator.setRoot(nav)
        let finger = Finger(stage: coordinator.stage)
        for i in 0..<10 {
            nav.pushViewController(ViewController(title: "Page \(i)"), animated: true)
            coordinator.stage.settle()
            if i % 2 == 0 {
                nav.popViewController(animated: true)
            } else {
                finger.drag(from: Point(x: 4, y: 400), to: Point(x: 300, y: 400), duration: 0.2, hold: 0.1)
            }
            coordinator.stage.settle()
        }
        return coordinator.stage.transitionEvents.map { "\($0.time) \($0.kind) \($0.effect) \($0.interactive)" }
    }

    @Test func stagesOnDifferentThreadsShareOneLibrary() async {
        let library = BuiltInEffects.library
        let alone = Self.run(library)
        #expect(alone.count == 40)
        let together = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<4 { group.addTask { Self.run(library) } }
            var all: [[String]] = []
            for await events in group { all.append(events) }
            return all
        }
        #expect(together.count == 4)
        for events in together { #expect(events == alone) }
    }
}

/// bounce-present (0.8 s) started off the frame grid's round numbers lasts 0.8 s to the
/// frame: it once took a frame more when started at 0.6, 1.25 or 1.75 s.
@Suite struct PresentationEndTests {
    @Test(arguments: [0.6, 1.25, 1.75, 0.8, 2.0])
    func bouncePresentLastsItsDurationWhateverItsStart(start: Double) throws {
        let coordinator = Coordinator(library: BuiltInEffects.library)
        let nav = coordinator.makeNavigationController(root: ViewController(title: "Inbox"))
        coordinator.setRoot(nav)
        coordinator.stage.advance(by: start)
        try coordinator.present(ViewController(title: "Compose"), effect: "bounce-present")
        #expect(coordinator.stage.settle())
        let events = coordinator.stage.transitionEvents
        #expect(events.map(\.kind) == [.began, .completed])
        #expect(Int(((events[1].time - events[0].time) * 60).rounded()) == 48)
    }
}
