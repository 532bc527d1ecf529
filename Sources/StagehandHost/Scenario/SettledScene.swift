import StagehandCore

/// UIKit's state once a transition has ended, as rules a scene can be checked against:
/// the window shows something; the top controller's view (a navigation controller's
/// top) is in the window, untransformed, opaque and not hidden; no snapshot view is left
/// showing (one kept hidden for later is allowed). An effect that breaks one leaves the
/// user looking at an empty or frozen screen, so `validate` checks them at the end of a
/// run and `play` and `preview` after every transition.
package enum SettledScene {
    /// One breach of the rules: which rule, and the sentence that says it.
    struct Problem {
        enum Rule: Hashable { case emptyWindow, topNotInWindow, topTransformed, topNotShown, snapshotsShowing }
        let rule: Rule
        let text: String
    }

    /// What is wrong with `window` as a settled scene, one sentence each; empty when it
    /// meets every rule.
    package static func problems(in window: Window) -> [String] {
        breaches(in: window).map(\.text)
    }

    static func breaches(in window: Window) -> [Problem] {
        if window.subviews.isEmpty { return [Problem(rule: .emptyWindow, text: "the window is empty")] }
        var problems: [Problem] = []
        if let top = window.topViewController.map({ ($0 as? NavigationController)?.topViewController ?? $0 }) {
            let view = top.view
            let name = top.title ?? "the top controller"
            if view.window !== window {
                problems.append(Problem(rule: .topNotInWindow, text: "\(name)'s view is not in the window"))
            } else {
                if !view.model.transform3D.isIdentity { problems.append(Problem(rule: .topTransformed, text: "\(name)'s view keeps a transform")) }
                if view.model.alpha != 1 || view.model.isHidden { problems.append(Problem(rule: .topNotShown, text: "\(name)'s view is not fully shown")) }
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
        if snapshots > 0 { problems.append(Problem(rule: .snapshotsShowing, text: "\(snapshots) snapshot view(s) are left showing in the window")) }
        return problems
    }

    /// Which transition first broke each rule that is still broken, so that a breach an
    /// effect leaves behind is named after that effect at every later check, not after
    /// whichever transition happens to run next on the broken scene.
    private final class Culprits {
        struct Culprit { let effect: String, operation: TransitionEvent.Operation, time: Double }
        var byRule: [Problem.Rule: Culprit] = [:]
    }

    /// Checks the scene on the frame after each transition ends (once nothing else has
    /// started), and reports each breach as an error diagnostic and an `error` trace
    /// event naming the effect that left the scene so: the one that ran, or, for a
    /// breach already there after an earlier transition and never repaired since, that
    /// earlier transition's effect.
    static func watch(_ stage: Stage) {
        let culprits = Culprits()
        stage.transitionObservers.append { [weak stage] event in
            guard let stage, event.kind == .completed || event.kind == .cancelled else { return }
            stage.schedule(after: 0) { [weak stage] in
                guard let stage, !stage.isTransitioning else { return }
                let when = "after the \(event.operation.rawValue) \(event.kind == .cancelled ? "was cancelled" : "ended")"
                let found = breaches(in: stage.window)
                var still: [Problem.Rule: Culprits.Culprit] = [:]
                for problem in found {
                    if let earlier = culprits.byRule[problem.rule] {
                        still[problem.rule] = earlier
                        let at = (earlier.time * 1000).rounded() / 1000
                        stage.recordError("\(when), \(problem.text) (as \(earlier.effect)'s \(earlier.operation.rawValue) at \(at) s left the scene)", .sceneLeftInconsistent,
                                          effect: earlier.effect, operation: event.operation)
                    } else {
                        still[problem.rule] = Culprits.Culprit(effect: event.effect, operation: event.operation, time: event.time)
                        stage.recordError("\(when), \(problem.text)", .sceneLeftInconsistent, effect: event.effect, operation: event.operation)
                    }
                }
                culprits.byRule = still
            }
        }
    }
}
