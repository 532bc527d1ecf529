import StagehandABI
import StagehandCore

extension HostTable {
    /// Percent-driven interaction controllers a bundle makes and drives.
    static func installInteraction(_ t: inout sh_host) {
        t.interaction_create = {
            guard HostTable.onStageThread("interaction_create") else { return nil }
            return OpaquePointer(handles.retain(PercentDrivenInteractiveTransition(), .interaction))
        }
        t.interaction_release = { p in
            // Released with its stage already (an effect destroyed after its stage): nothing to say.
            if handles.isGone(p) { return }
            guard handles.interaction(p, "interaction_release") != nil else { return }
            handles.release(p)
        }
        t.interaction_update = { i, p in
            guard let driver = handles.interaction(i, "interaction_update"),
                  NumberRule.magnitude.check("interaction_update", "percent", [p], outcome: "the percent is not changed") else { return }
            driver.update(p)
        }
        t.interaction_pause = { handles.interaction($0, "interaction_pause")?.pause() }
        t.interaction_finish = { handles.interaction($0, "interaction_finish")?.finish() }
        t.interaction_cancel = { handles.interaction($0, "interaction_cancel")?.cancel() }
        t.interaction_percent = { handles.interaction($0, "interaction_percent")?.percentComplete ?? 0 }
        t.interaction_set_completion_speed = { i, s in
            guard let driver = handles.interaction(i, "interaction_set_completion_speed"),
                  NumberRule.magnitude.check("interaction_set_completion_speed", "speed", [s], outcome: "the speed is not changed") else { return }
            driver.completionSpeed = s
        }
        t.interaction_set_completion_curve = { i, c in
            handles.interaction(i, "interaction_set_completion_curve")?.completionCurve = TimingCurve(abi: c.rawValue, custom: (0, 0, 1, 1))
        }
        t.interaction_set_wants_interactive_start = { i, w in
            handles.interaction(i, "interaction_set_wants_interactive_start")?.wantsInteractiveStart = w
        }
        t.interaction_begin_pop = { i, n in
            guard let driver = handles.interaction(i, "interaction_begin_pop"), let nav = handles.navigation(n, "interaction_begin_pop") else { return false }
            guard let stage = nav.view.window?.stage ?? BridgeCall.runningStage, !stage.isTransitioning, nav.viewControllers.count > 1 else { return false }
            return nav.popViewController(animated: true, interactionController: driver) != nil
        }
        t.interaction_begin_dismiss = { i, c in
            guard let driver = handles.interaction(i, "interaction_begin_dismiss"), let vc = handles.controller(c, "interaction_begin_dismiss") else { return false }
            guard let stage = vc.view.window?.stage ?? BridgeCall.runningStage else { return false }
            let root = vc.rootAncestorForBridge
            let presented = root.presentingViewController != nil ? root : root.presentedViewController
            guard !stage.isTransitioning, let presented, presented.presentingViewController != nil else { return false }
            presented.dismiss(animated: true, interactionController: driver)
            return true
        }
    }
}

extension ViewController {
    fileprivate var rootAncestorForBridge: ViewController {
        var vc = self
        while let p = vc.parent { vc = p }
        return vc
    }
}
