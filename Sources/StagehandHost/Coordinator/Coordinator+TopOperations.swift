import StagehandCore

/// Operations on "whatever is on top": the navigation controller `push` and `pop` act
/// on, the presentation `dismiss` ends. Each is aimed when it runs, not when it is
/// asked for: behind a running transition it waits in the stage's queue and then acts
/// on the scene the operations before it leave — a push after a queued presentation
/// goes to the presented navigation controller, two dismissals end two presentations,
/// a pop after a queued push pops what was pushed.
extension Coordinator {
    /// Pushes `vc` on the top navigation controller (an error event if there is none).
    public func push(_ vc: ViewController, animated: Bool = true) {
        stage.makeCurrent()
        stage.perform("push of \(vc.title ?? "a view controller")") { [self] in
            guard let nav = topNavigationController else {
                stage.recordError("push of \(vc.title ?? "a view controller"): there is no navigation controller", .operationRefused,
                                  effect: "navigation", operation: .push)
                return
            }
            nav.pushViewController(vc, animated: animated)
        }
    }

    /// Pops the top navigation controller (a note if it shows its root, an error event
    /// if there is none).
    public func pop(animated: Bool = true) {
        stage.makeCurrent()
        stage.perform("pop") { [self] in
            guard let nav = topNavigationController else {
                stage.recordError("pop: there is no navigation controller", .operationRefused, effect: "navigation", operation: .pop)
                return
            }
            nav.popViewController(animated: animated)
        }
    }

    /// Pops the top navigation controller to its root (a note if it shows its root, an
    /// error event if there is none).
    public func popToRoot(animated: Bool = true) {
        stage.makeCurrent()
        stage.perform("popToRoot") { [self] in
            guard let nav = topNavigationController else {
                stage.recordError("popToRoot: there is no navigation controller", .operationRefused, effect: "navigation", operation: .pop)
                return
            }
            nav.popToRootViewController(animated: animated)
        }
    }

    /// Dismisses the top-most presentation (a note if nothing is presented).
    public func dismissTop(animated: Bool = true) {
        stage.makeCurrent()
        stage.perform("dismiss") { [self] in
            guard let top = stage.window.topViewController, top.presentingViewController != nil else {
                stage.report(.note, .operationDidNothing, "presentation", "dismiss with nothing presented does nothing")
                return
            }
            top.dismiss(animated: animated)
        }
    }
}
