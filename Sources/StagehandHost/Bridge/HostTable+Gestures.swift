import StagehandABI
import StagehandCore

extension HostTable {
    /// Gesture recognizers a bundle installs, and the navigation controller's own.
    static func installGestures(_ t: inout sh_host) {
        t.gesture_install = { v, kind, edges in
            guard let view = handles.view(v, "gesture_install") else { return nil }
            let recognizer: GestureRecognizer
            switch kind {
            case SH_GESTURE_SCREEN_EDGE_PAN: recognizer = ScreenEdgePanGestureRecognizer(edges: RectEdge(rawValue: Int(edges)))
            case SH_GESTURE_PINCH: recognizer = PinchGestureRecognizer()
            case SH_GESTURE_PAN: recognizer = PanGestureRecognizer()
            default:
                HostTable.report("gesture_install", "unknown gesture kind \(kind.rawValue); a pan is installed")
                recognizer = PanGestureRecognizer()
            }
            view.addGestureRecognizer(recognizer)
            _ = BridgedGesture.of(recognizer)
            return handles.opaque(recognizer, .gesture)
        }
        t.gesture_remove = { g in
            guard let recognizer = handles.gesture(g, "gesture_remove") else { return }
            recognizer.view?.removeGestureRecognizer(recognizer)
            BridgedGesture.detach(recognizer)
        }
        t.gesture_state = { handles.gesture($0, "gesture_state")?.state.abi ?? SH_GESTURE_FAILED }
        t.gesture_translation = { g, v in
            guard let pan = handles.gesture(g, "gesture_translation") as? PanGestureRecognizer else { return Point.zero.abi }
            return pan.translation(in: v == nil ? nil : handles.view(v, "gesture_translation")).abi
        }
        t.gesture_velocity = { g, v in
            guard let pan = handles.gesture(g, "gesture_velocity") as? PanGestureRecognizer else { return Point.zero.abi }
            return pan.velocity(in: v == nil ? nil : handles.view(v, "gesture_velocity")).abi
        }
        t.gesture_location = { g, v in
            guard let recognizer = handles.gesture(g, "gesture_location") else { return Point.zero.abi }
            return recognizer.location(in: v == nil ? nil : handles.view(v, "gesture_location")).abi
        }
        t.gesture_set_enabled = { g, on in handles.gesture(g, "gesture_set_enabled")?.isEnabled = on }
        t.gesture_enabled = { handles.gesture($0, "gesture_enabled")?.isEnabled ?? false }
        t.gesture_require_to_fail = { g, o in
            guard let recognizer = handles.gesture(g, "gesture_require_to_fail"), let other = handles.gesture(o, "gesture_require_to_fail") else { return }
            recognizer.require(toFail: other)
        }
        t.gesture_set_action = { g, fn, user in
            guard let recognizer = handles.gesture(g, "gesture_set_action") else { return }
            BridgedGesture.of(recognizer).action = fn.map { ($0, user) }
        }
        t.gesture_set_should_begin = { g, fn, user in
            guard let recognizer = handles.gesture(g, "gesture_set_should_begin") else { return }
            let bridge = BridgedGesture.of(recognizer)
            bridge.shouldBegin = fn.map { ($0, user) }
            if fn != nil { recognizer.delegate = bridge } else if recognizer.delegate === bridge { recognizer.delegate = nil }
        }
        t.navigation_interactive_pop_gesture = {
            handles.opaque(handles.navigation($0, "navigation_interactive_pop_gesture")?.interactivePopGestureRecognizer, .gesture)
        }
        t.gesture_delegate = { handles.opaque(handles.gesture($0, "gesture_delegate")?.delegate, .object) }
        t.gesture_add_target_action = { g, o, action in
            guard let recognizer = handles.gesture(g, "gesture_add_target_action"), let action else { return false }
            guard let target = handles.resolve(o, as: AnyObject.self, .object, in: "gesture_add_target_action") as? ActionTarget else {
                HostTable.report("gesture_add_target_action", "the target is not an object with actions; nothing added")
                return false
            }
            return recognizer.addTarget(target, action: String(cString: action))
        }
    }
}
