import Testing
import StagehandCore
@testable import StagehandHost

/// The checks every scenario must pass once it settles: the top controller's
/// view is on screen, untransformed and opaque; no snapshot is left showing in the window
/// (an effect may keep one hidden for later, as parallax-push keeps the old screen's); the
/// navigation bar's hidden state is what it was; every transition began once and ended
/// once.
func expectSettled(_ result: ScenarioResult, navigationBarHidden: Bool = false,
                   sourceLocation: SourceLocation = #_sourceLocation) {
    let stage = result.stage
    #expect(!stage.isTransitioning, "a transition is still running", sourceLocation: sourceLocation)
    if let top = stage.window.topViewController.map(visibleController) {
        let view = top.view
        #expect(view.window === stage.window, "\(top.title ?? "top")'s view is not in the window", sourceLocation: sourceLocation)
        #expect(view.model.transform3D.isIdentity, "\(top.title ?? "top")'s view has transform \(view.model.transform3D)", sourceLocation: sourceLocation)
        #expect(view.model.alpha == 1 && !view.model.isHidden, "\(top.title ?? "top")'s view is not shown", sourceLocation: sourceLocation)
        var node: View? = view
        while let n = node {
            #expect(n.model.alpha == 1 && !n.model.isHidden && n.model.transform3D.isIdentity,
                    "ancestor \(n.displayName) of the top view is transformed or not shown", sourceLocation: sourceLocation)
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
    #expect(snapshots.isEmpty, "snapshots left in the window: \(snapshots.map(\.displayName))", sourceLocation: sourceLocation)
    if let nav = result.coordinator.topNavigationController {
        #expect(nav.isNavigationBarHidden == navigationBarHidden, "navigation bar hidden = \(nav.isNavigationBarHidden)", sourceLocation: sourceLocation)
    }
    var open = 0
    for e in result.trace.events where e.kind != "error" {
        if e.kind == "began" { open += 1 } else { open -= 1 }
        #expect(open == 0 || open == 1, "transitions overlap or end twice: \(result.trace.events)", sourceLocation: sourceLocation)
    }
    #expect(open == 0, "a transition began and never ended", sourceLocation: sourceLocation)
}

/// The controller whose view shows: a navigation controller's top.
private func visibleController(_ vc: ViewController) -> ViewController {
    (vc as? NavigationController)?.topViewController ?? vc
}
