import Testing
@testable import StagehandCore

/// Operations asked for while a transition runs wait in the stage's queue and each acts
/// on the scene the ones before it leave: what it aims at, and whether it is allowed,
/// are decided when it runs.
@Suite struct QueuedOperationTests {
    @Test func aPopAskedForBehindAQueuedPushPopsWhatThatPushPushed() {
        let (stage, nav) = makeNavigationStage(["Inbox", "A"])
        nav.popViewController(animated: true)
        stage.step()
        #expect(stage.isTransitioning)
        #expect(nav.viewControllers.map(\.title) == ["Inbox"])
        nav.pushViewController(ViewController(title: "B"), animated: true)
        // Only the root is on the stack now, but the push before it will have run.
        #expect(nav.popViewController(animated: true) == nil)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["Inbox"])
        // The first push is the set-up, made without animation (applied).
        #expect(stage.transitionEvents.map(\.operation) == [.push, .pop, .pop, .push, .push, .pop, .pop])
        #expect(!stage.diagnostics.contains { $0.message.contains("root view controller does nothing") })
    }

    @Test func aPopBehindQueuedOperationsThatLeaveOnlyTheRootDoesNothingWhenItRuns() {
        let (stage, nav) = makeNavigationStage(["Inbox", "A"])
        nav.pushViewController(ViewController(title: "B"), animated: true)
        stage.step()
        nav.popToRootViewController(animated: true)
        nav.popViewController(animated: true)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["Inbox"])
        #expect(stage.diagnostics.contains { $0.message.contains("root view controller does nothing") })
    }

    @Test func aPopToAControllerAQueuedPushPushesIsAllowed() {
        let (stage, nav) = makeNavigationStage(["Inbox"])
        let a = ViewController(title: "A")
        nav.pushViewController(ViewController(title: "First"), animated: true)
        stage.step()
        nav.popViewController(animated: true)
        nav.pushViewController(a, animated: true)
        nav.pushViewController(ViewController(title: "B"), animated: true)
        nav.popToViewController(a, animated: true)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["Inbox", "A"])
        #expect(!stage.transitionEvents.contains { $0.kind == .error })
    }

    @Test func aPushOfAControllerAQueuedPopTakesOffIsAllowed() {
        let (stage, nav) = makeNavigationStage(["Inbox"])
        let a = ViewController(title: "A")
        nav.pushViewController(a, animated: true)
        stage.step()
        nav.popViewController(animated: true)
        #expect(nav.pushViewController(a, animated: true) == nil)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["Inbox", "A"])
        #expect(!stage.transitionEvents.contains { $0.kind == .error })
    }

    @Test func aQueuedPushOfAControllerStillOnTheStackIsRefusedWhenItRuns() {
        let (stage, nav) = makeNavigationStage(["Inbox"])
        let a = ViewController(title: "A")
        nav.pushViewController(a, animated: true)
        stage.step()
        #expect(nav.pushViewController(a, animated: true) == nil)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["Inbox", "A"])
        let refusal = stage.transitionEvents.last
        #expect(refusal?.kind == .error)
        #expect(refusal?.message?.contains("more than once") == true)
    }

    @Test func aPresentationAskedForBehindAQueuedDismissalIsAllowed() {
        let stage = Stage()
        let root = ViewController(title: "Root")
        stage.window.rootViewController = root
        root.present(ViewController(title: "One"), animated: true)
        stage.step()
        root.dismiss(animated: true)
        let two = ViewController(title: "Two")
        #expect(root.present(two, animated: true) == nil)
        #expect(stage.settle())
        #expect(root.presentedViewController === two)
        #expect(!stage.transitionEvents.contains { $0.kind == .error })
        #expect(stage.transitionEvents.map(\.operation) == [.present, .present, .dismiss, .dismiss, .present, .present])
    }

    @Test func aQueuedPresentationOnAControllerStillPresentingIsRefusedWhenItRuns() {
        let stage = Stage()
        let root = ViewController(title: "Root")
        stage.window.rootViewController = root
        root.present(ViewController(title: "One"), animated: true)
        stage.step()
        #expect(root.present(ViewController(title: "Two"), animated: true) == nil)
        #expect(stage.settle())
        #expect(root.presentedViewController?.title == "One")
        #expect(stage.transitionEvents.last?.kind == .error)
        #expect(stage.transitionEvents.last?.message?.contains("already presenting One") == true)
    }

    /// What a queued operation asks for as it runs is part of it, and runs before the
    /// operations queued after it.
    @Test func anOperationAQueuedOneAsksForRunsBeforeTheRest() {
        let (stage, nav) = makeNavigationStage(["Inbox"])
        nav.pushViewController(ViewController(title: "A"), animated: true)
        stage.step()
        stage.perform("push of B then C") {
            nav.pushViewController(ViewController(title: "B"), animated: true)
            nav.pushViewController(ViewController(title: "C"), animated: true)
        }
        nav.pushViewController(ViewController(title: "D"), animated: true)
        #expect(stage.settle())
        #expect(nav.viewControllers.map(\.title) == ["Inbox", "A", "B", "C", "D"])
    }
}
