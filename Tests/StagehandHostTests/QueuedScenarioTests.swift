import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// A scenario's steps do not wait for transitions: each operation asked for while one
/// runs is queued, and acts on the scene the operations before it leave.
@Suite struct QueuedScenarioTests {
    private func titles(_ nav: NavigationController?) -> [String?] { nav?.viewControllers.map(\.title) ?? [] }

    @Test func aPopAfterAQueuedPushPopsIt() throws {
        let result = try BuiltInEffects.play("""
            {"steps": [{"push": {"title": "A"}}, {"wait": 1},
                       {"pop": {}}, {"push": {"title": "B"}}, {"pop": {}}]}
            """)
        #expect(titles(result.coordinator.topNavigationController) == ["Root"])
        #expect(result.trace.events.map(\.operation) == ["push", "push", "pop", "pop", "push", "push", "pop", "pop"])
        #expect(!result.stage.diagnostics.contains { $0.message.contains("root view controller does nothing") })
        expectSettled(result)
    }

    @Test func twoDismissalsInARowEndTwoPresentations() throws {
        let result = try BuiltInEffects.play("""
            {"steps": [{"present": {"title": "One"}}, {"present": {"title": "Two"}}, {"wait": 2},
                       {"dismiss": {}}, {"dismiss": {}}]}
            """)
        #expect(result.stage.window.rootViewController?.presentedViewController == nil)
        #expect(result.trace.events.filter { $0.kind == "completed" }.map(\.operation) == ["present", "present", "dismiss", "dismiss"])
        expectSettled(result)
    }

    @Test func aPushAfterAQueuedPresentationOfANavigationControllerGoesToIt() throws {
        let result = try BuiltInEffects.play("""
            {"steps": [{"push": {"title": "A"}},
                       {"present": {"title": "Modal", "embedInNavigation": true}},
                       {"push": {"title": "B"}}]}
            """)
        let root = try #require(result.stage.window.rootViewController as? NavigationController)
        #expect(titles(root) == ["Root", "A"])
        let top = try #require(result.coordinator.topNavigationController)
        #expect(top !== root)
        #expect(titles(top) == ["Modal", "B"])
        expectSettled(result)
    }

    @Test func aPresentationAfterAQueuedDismissalIsAllowed() throws {
        let result = try BuiltInEffects.play("""
            {"steps": [{"present": {"title": "One"}}, {"wait": 2},
                       {"dismiss": {}}, {"present": {"title": "Two"}}]}
            """)
        #expect(!result.trace.events.contains { $0.kind == "error" })
        #expect(result.stage.window.topViewController?.title == "Two")
        #expect(result.stage.window.rootViewController?.presentedViewController?.title == "Two")
        expectSettled(result)
    }

    /// A presentation queued behind another one presents on it: the top-most controller
    /// is the one on top when it runs.
    @Test func aPresentationAfterAQueuedPresentationPresentsOnIt() throws {
        let result = try BuiltInEffects.play("""
            {"steps": [{"push": {"title": "A"}}, {"present": {"title": "One"}}, {"present": {"title": "Two"}}]}
            """)
        #expect(!result.trace.events.contains { $0.kind == "error" })
        #expect(result.stage.window.topViewController?.title == "Two")
        #expect(result.stage.window.topViewController?.presentingViewController?.title == "One")
        expectSettled(result)
    }
}

extension QueuedScenarioTests {
    /// Two child swaps asked for during a transition: the second replaces the child the
    /// first put there.
    @Test func aChildSwapAfterAQueuedSwapReplacesTheChildItShows() throws {
        let result = try BuiltInEffects.play("""
            {"root": {"child": "First"},
             "steps": [{"switchChild": {"title": "Second", "effect": "crossfade"}},
                       {"switchChild": {"title": "Third", "effect": "crossfade"}},
                       {"switchChild": {"title": "Fourth", "effect": "crossfade"}}]}
            """)
        #expect(!result.trace.events.contains { $0.kind == "error" })
        let root = try #require(result.stage.window.rootViewController)
        #expect(root.children.map(\.title) == ["Fourth"])
        // The root's own content (its header and rows) aside, its view holds the last child's.
        #expect(root.view.subviews.filter { !$0.kind.isContent }.map(\.viewController?.title) == ["Fourth"])
        expectSettled(result)
    }
}
