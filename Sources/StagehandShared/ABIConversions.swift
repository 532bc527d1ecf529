import StagehandABI
import StagehandGeometry

// Plain values between the shared geometry and the header's structs, for both sides of
// the ABI: the host's bridge and the SDK convert here and nowhere else. Layouts match
// field for field; these are copies, never reinterpretations. `package`: an app or an
// effect never sees a C struct.

extension Point {
    package init(_ abi: sh_point) { self.init(x: abi.x, y: abi.y) }
    package var abi: sh_point { sh_point(x: x, y: y) }
}

extension Size {
    package init(_ abi: sh_size) { self.init(width: abi.width, height: abi.height) }
    package var abi: sh_size { sh_size(width: width, height: height) }
}

extension Rect {
    package init(_ abi: sh_rect) { self.init(origin: Point(abi.origin), size: Size(abi.size)) }
    package var abi: sh_rect { sh_rect(origin: origin.abi, size: size.abi) }
}

extension Transform2D {
    package init(_ abi: sh_affine) { self.init(a: abi.a, b: abi.b, c: abi.c, d: abi.d, tx: abi.tx, ty: abi.ty) }
    package var abi: sh_affine { sh_affine(a: a, b: b, c: c, d: d, tx: tx, ty: ty) }
}

extension Transform3D {
    package init(_ abi: sh_transform3d) {
        self.init(m11: abi.m11, m12: abi.m12, m13: abi.m13, m14: abi.m14,
                  m21: abi.m21, m22: abi.m22, m23: abi.m23, m24: abi.m24,
                  m31: abi.m31, m32: abi.m32, m33: abi.m33, m34: abi.m34,
                  m41: abi.m41, m42: abi.m42, m43: abi.m43, m44: abi.m44)
    }

    package var abi: sh_transform3d {
        sh_transform3d(m11: m11, m12: m12, m13: m13, m14: m14,
                       m21: m21, m22: m22, m23: m23, m24: m24,
                       m31: m31, m32: m32, m33: m33, m34: m34,
                       m41: m41, m42: m42, m43: m43, m44: m44)
    }
}

extension Color {
    package init(_ abi: sh_color) { self.init(red: abi.r, green: abi.g, blue: abi.b, alpha: abi.a) }
    package var abi: sh_color { sh_color(r: red, g: green, b: blue, a: alpha) }
}

extension Mask {
    package init(_ abi: sh_mask) { self.init(rect: Rect(abi.rect), cornerRadius: abi.corner_radius) }
    package var abi: sh_mask { sh_mask(rect: rect.abi, corner_radius: cornerRadius) }
}

extension TimingCurve {
    /// The curve an `sh_animation` names: one of the four, or `SH_CURVE_CUSTOM` with its
    /// control points in `custom` (`c1x, c1y, c2x, c2y`). An unknown value reads as the
    /// default ease-in-out.
    package init(abi curve: UInt32, custom: (Double, Double, Double, Double)) {
        switch curve {
        case SH_CURVE_EASE_IN.rawValue: self = .easeIn
        case SH_CURVE_EASE_OUT.rawValue: self = .easeOut
        case SH_CURVE_LINEAR.rawValue: self = .linear
        case SH_CURVE_CUSTOM.rawValue: self.init(controlPoints: custom.0, custom.1, custom.2, custom.3)
        default: self = .easeInOut
        }
    }

    /// The header's name for the curve: one of the four, or `SH_CURVE_CUSTOM`, whose
    /// control points travel in `sh_animation.c1x ... c2y`.
    package var abiCurve: sh_curve {
        switch self {
        case .easeInOut: return SH_CURVE_EASE_IN_OUT
        case .easeIn: return SH_CURVE_EASE_IN
        case .easeOut: return SH_CURVE_EASE_OUT
        case .linear: return SH_CURVE_LINEAR
        default: return SH_CURVE_CUSTOM
        }
    }
}
