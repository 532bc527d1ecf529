import StagehandABI
import StagehandCore

extension HostTable {
    /// View controllers, navigation controllers and presentations.
    static func installControllers(_ t: inout sh_host) {
        t.controller_view = { handles.opaque(handles.controller($0, "controller_view")?.view, .view) }
        t.controller_title = { handles.cString(handles.controller($0, "controller_title")?.title ?? "") }
        t.controller_navigation_controller = {
            guard let vc = handles.controller($0, "controller_navigation_controller") else { return nil }
            return handles.opaque((vc as? NavigationController) ?? vc.navigationController, .controller)
        }
        t.controller_presented = { handles.opaque(handles.controller($0, "controller_presented")?.presentedViewController, .controller) }
        t.controller_presenting = { handles.opaque(handles.controller($0, "controller_presenting")?.presentingViewController, .controller) }
        t.controller_is_navigation_controller = { handles.controller($0, "controller_is_navigation_controller") is NavigationController }
        t.navigation_count = { handles.navigation($0, "navigation_count")?.viewControllers.count ?? 0 }
        t.navigation_at = { n, i in
            guard let nav = handles.navigation(n, "navigation_at") else { return nil }
            // size_t arrives as Int: (size_t)-1 is -1 here.
            guard i >= 0, i < nav.viewControllers.count else {
                HostTable.report("navigation_at", "index \(UInt(bitPattern: i)) out of range (the stack holds \(nav.viewControllers.count) controllers); NULL returned")
                return nil
            }
            return handles.opaque(nav.viewControllers[i], .controller)
        }
        t.navigation_is_transitioning = { handles.navigation($0, "navigation_is_transitioning")?.isTransitioning ?? false }
        t.navigation_bar_hidden = { handles.navigation($0, "navigation_bar_hidden")?.isNavigationBarHidden ?? true }
        t.navigation_set_bar_hidden = { n, hidden, animated in
            handles.navigation(n, "navigation_set_bar_hidden")?.setNavigationBarHidden(hidden, animated: animated)
        }
        t.navigation_pop = { n, animated in
            guard let nav = handles.navigation(n, "navigation_pop") else { return false }
            return nav.popViewController(animated: animated) != nil
        }
        t.controller_dismiss = { c, animated in handles.controller(c, "controller_dismiss")?.dismiss(animated: animated) }
        t.controller_transition_in_progress = { c in
            guard let vc = handles.controller(c, "controller_transition_in_progress") else { return false }
            let stage = (vc.isViewLoaded ? vc.view.window?.stage : nil) ?? BridgeCall.runningStage
            guard let stage else { return false }
            return stage.isTransitioning || stage.hasPendingOperations
        }
        t.controller_flag = { c, key in
            guard let vc = handles.controller(c, "controller_flag"), let key else { return false }
            return vc.flags.contains(String(cString: key))
        }
    }
}
