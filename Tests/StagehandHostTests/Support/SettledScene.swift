import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// The checks every scenario must pass once it settles: the top controller's view is on
/// screen, untransformed and opaque; no snapshot is left showing in the window (an effect
/// may keep one hidden for later, as parallax-push keeps the old screen's); the
/// navigation bar's hidden state is what it was; every transition began once and ended
/// once.
func expectSettled(_ result: ScenarioResult, navigationBarHidden: Bool = false,
                   sourceLocation: SourceLocation = #_sourceLocation) {
    for problem in settledSceneProblems(result, navigationBarHidden: navigationBarHidden) {
        Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
}

/// What breaks the settled-scene rules in `result`, one line per breach (none when the
/// scene settled as it should). Free of test-framework calls, so threads that are not
/// the test's can check their scenes and hand the lines back.
func settledSceneProblems(_ result: ScenarioResult, navigationBarHidden: Bool = false) -> [String] {
    var problems: [String] = []
    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { problems.append(message()) }
    }
    let stage = result.stage
    check(!stage.isTransitioning, "a transition is still running")
    if let top = stage.window.topViewController.map(visibleController) {
        let view = top.view
        check(view.window === stage.window, "\(top.title ?? "top")'s view is not in the window")
        check(view.model.transform3D.isIdentity, "\(top.title ?? "top")'s view has transform \(view.model.transform3D)")
        check(view.model.alpha == 1 && !view.model.isHidden, "\(top.title ?? "top")'s view is not shown")
        var node: View? = view
        while let n = node {
            check(n.model.alpha == 1 && !n.model.isHidden && n.model.transform3D.isIdentity,
                  "ancestor \(n.displayName) of the top view is transformed or not shown")
            node = n.superview
        }
    }
    let snapshots = stage.window.allViewsBackToFront.filter { view in
        guard view.kind == .snapshot else { return false }
        var node: View? = view
        while let n = node {
            if n.model.isHidden { return false }
            node = n.superview
        }
        return true
    }
    check(snapshots.isEmpty, "snapshots left in the window: \(snapshots.map(\.displayName))")
    if let nav = result.coordinator.topNavigationController {
        check(nav.isNavigationBarHidden == navigationBarHidden, "navigation bar hidden = \(nav.isNavigationBarHidden)")
    }
    var open = 0
    for e in result.trace.events where ["began", "completed", "cancelled"].contains(e.kind) {
        if e.kind == "began" { open += 1 } else { open -= 1 }
        check(open == 0 || open == 1, "transitions overlap or end twice: \(result.trace.events)")
    }
    check(open == 0, "a transition began and never ended")
    return problems
}

/// The controller whose view shows: a navigation controller's top.
private func visibleController(_ vc: ViewController) -> ViewController {
    (vc as? NavigationController)?.topViewController ?? vc
}
