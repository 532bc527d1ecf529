import StagehandABI
import StagehandCore

// Plain values between the header's structs and the scene's. Layouts match field for
// field; these are copies, never reinterpretations.

extension Point {
    init(_ p: sh_point) { self.init(x: p.x, y: p.y) }
    var abi: sh_point { sh_point(x: x, y: y) }
}

extension Size {
    init(_ s: sh_size) { self.init(width: s.width, height: s.height) }
    var abi: sh_size { sh_size(width: width, height: height) }
}

extension Rect {
    init(_ r: sh_rect) { self.init(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height) }
    var abi: sh_rect { sh_rect(origin: origin.abi, size: sh_size(width: size.width, height: size.height)) }
}

extension Transform2D {
    init(_ t: sh_affine) { self.init(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty) }
    var abi: sh_affine { sh_affine(a: a, b: b, c: c, d: d, tx: tx, ty: ty) }
}

extension Transform3D {
    init(_ t: sh_transform3d) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m13, m14: t.m14,
                  m21: t.m21, m22: t.m22, m23: t.m23, m24: t.m24,
                  m31: t.m31, m32: t.m32, m33: t.m33, m34: t.m34,
                  m41: t.m41, m42: t.m42, m43: t.m43, m44: t.m44)
    }

    var abi: sh_transform3d {
        sh_transform3d(m11: m11, m12: m12, m13: m13, m14: m14, m21: m21, m22: m22, m23: m23, m24: m24,
                       m31: m31, m32: m32, m33: m33, m34: m34, m41: m41, m42: m42, m43: m43, m44: m44)
    }
}

extension Color {
    init(_ c: sh_color) { self.init(red: c.r, green: c.g, blue: c.b, alpha: c.a) }
    var abi: sh_color { sh_color(r: red, g: green, b: blue, a: alpha) }
}

extension TimingCurve {
    /// The header's curve names; unknown values read as the default ease-in-out.
    init(abi curve: UInt32, custom: (Double, Double, Double, Double)) {
        switch curve {
        case SH_CURVE_EASE_IN.rawValue: self = .easeIn
        case SH_CURVE_EASE_OUT.rawValue: self = .easeOut
        case SH_CURVE_LINEAR.rawValue: self = .linear
        case SH_CURVE_CUSTOM.rawValue: self.init(controlPoints: custom.0, custom.1, custom.2, custom.3)
        default: self = .easeInOut
        }
    }
}

extension TransitionEvent.Operation {
    var abi: sh_operation {
        switch self {
        case .push: return SH_OPERATION_PUSH
        case .pop: return SH_OPERATION_POP
        case .present: return SH_OPERATION_PRESENT
        case .dismiss: return SH_OPERATION_DISMISS
        case .container: return SH_OPERATION_CONTAINER
        }
    }
}

extension GestureRecognizer.State {
    var abi: sh_gesture_state {
        switch self {
        case .possible: return SH_GESTURE_POSSIBLE
        case .began: return SH_GESTURE_BEGAN
        case .changed: return SH_GESTURE_CHANGED
        case .ended: return SH_GESTURE_ENDED
        case .cancelled: return SH_GESTURE_CANCELLED
        case .failed: return SH_GESTURE_FAILED
        }
    }
}

/// Handles as the header types them (opaque pointers).
extension HandleTable {
    func view(_ p: OpaquePointer?, _ function: String = #function) -> View? {
        resolve(p, as: View.self, .view, in: function)
    }

    func controller(_ p: OpaquePointer?, _ function: String = #function) -> ViewController? {
        resolve(p, as: ViewController.self, .controller, in: function)
    }

    func navigation(_ p: OpaquePointer?, _ function: String = #function) -> NavigationController? {
        guard let vc = controller(p, function) else { return nil }
        guard let nav = vc as? NavigationController else {
            HostTable.report(function, "\(vc.title ?? "the controller") is not a navigation controller; ignored")
            return nil
        }
        return nav
    }

    func context(_ p: OpaquePointer?, _ function: String = #function) -> TransitionContext? {
        resolve(p, as: TransitionContext.self, .context, in: function)
    }

    func interaction(_ p: OpaquePointer?, _ function: String = #function) -> PercentDrivenInteractiveTransition? {
        resolve(p, as: PercentDrivenInteractiveTransition.self, .interaction, in: function)
    }

    func gesture(_ p: OpaquePointer?, _ function: String = #function) -> GestureRecognizer? {
        resolve(p, as: GestureRecognizer.self, .gesture, in: function)
    }

    func opaque(_ object: AnyObject?, _ kind: Kind) -> OpaquePointer? {
        handle(object, kind).map(OpaquePointer.init)
    }
}
