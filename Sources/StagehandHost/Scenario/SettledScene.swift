import StagehandCore

/// UIKit's state once a transition has ended, as rules a scene can be checked against:
/// the window shows something; the top controller's view (a navigation controller's
/// top) is in the window, untransformed, opaque and not hidden; no snapshot view is left
/// showing (one kept hidden for later is allowed). An effect that breaks one leaves the
/// user looking at an empty or frozen screen, so `validate` checks them at the end of a
/// run and `play` and `preview` after every transition.
public enum SettledScene {
    /// What is wrong with `window` as a settled scene, one sentence each; empty when it
    /// meets every rule.
    public static func problems(in window: Window) -> [String] {
        if window.subviews.isEmpty { return ["the window is empty"] }
        var problems: [String] = []
        if let top = window.topViewController.map({ ($0 as? NavigationController)?.topViewController ?? $0 }) {
            let view = top.view
            let name = top.title ?? "the top controller"
            if view.window !== window {
                problems.append("\(name)'s view is not in the window")
            } else {
                if !view.model.transform3D.isIdentity { problems.append("\(name)'s view keeps a transform") }
                if view.model.alpha != 1 || view.model.isHidden { problems.append("\(name)'s view is not fully shown") }
            }
        }
        // A hidden snapshot (or one inside a hidden view) shows nothing: an effect may keep
        // one for later, as parallax-push keeps the old screen's for parallax-pop.
        let snapshots = window.allViewsBackToFront.filter { view in
            guard view.kind == .snapshot else { return false }
            var node: View? = view
            while let current = node {
                if current.model.isHidden { return false }
                node = current.superview
            }
            return true
        }.count
        if snapshots > 0 { problems.append("\(snapshots) snapshot view(s) are left showing in the window") }
        return problems
    }

    /// Checks the scene on the frame after each transition ends (once nothing else has
    /// started), and reports each breach as an error diagnostic and an `error` trace
    /// event naming the effect that ran.
    static func watch(_ stage: Stage) {
        stage.transitionObservers.append { [weak stage] event in
            guard let stage, event.kind == .completed || event.kind == .cancelled else { return }
            stage.schedule(after: 0) { [weak stage] in
                guard let stage, !stage.isTransitioning else { return }
                let when = "after the \(event.operation.rawValue) \(event.kind == .cancelled ? "was cancelled" : "ended")"
                for problem in problems(in: stage.window) {
                    stage.recordError("\(when), \(problem)", effect: event.effect, operation: event.operation)
                }
            }
        }
    }
}
