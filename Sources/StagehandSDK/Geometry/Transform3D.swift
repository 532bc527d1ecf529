#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import StagehandABI

/// A 3D transform in Core Animation's layout (CATransform3D): row vectors, so a point
/// `[x y z 1]` is multiplied on the left, and `m34` is the perspective term.
///
/// The usual perspective idiom reads as in Objective-C:
/// `var t = Transform3D.identity; t.m34 = -1 / 500; t = t.rotated(by: .pi / 2, x: 0, y: 1, z: 0)`.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// CATransform3DIdentity.
    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0,
                                             m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0,
                                             m41: 0, m42: 0, m43: 0, m44: 1)

    /// CATransform3DMakeTranslation.
    public init(translationX tx: Double, y ty: Double, z tz: Double) {
        self = .identity
        m41 = tx; m42 = ty; m43 = tz
    }

    /// CATransform3DMakeScale.
    public init(scaleX sx: Double, y sy: Double, z sz: Double) {
        self = .identity
        m11 = sx; m22 = sy; m33 = sz
    }

    /// CATransform3DMakeRotation: `angle` radians about the axis (x, y, z), which need not
    /// be of unit length. A zero axis gives the identity, as Core Animation.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        self = .identity
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return }
        let x = x / length, y = y / length, z = z / length
        let cosine = cos(angle), sine = sin(angle), t = 1 - cosine
        m11 = t * x * x + cosine;     m12 = t * x * y + sine * z; m13 = t * x * z - sine * y
        m21 = t * x * y - sine * z;   m22 = t * y * y + cosine;   m23 = t * y * z + sine * x
        m31 = t * x * z + sine * y;   m32 = t * y * z - sine * x; m33 = t * z * z + cosine
    }

    /// CATransform3DMakeAffineTransform.
    public init(_ affine: Transform2D) {
        self = .identity
        m11 = affine.a; m12 = affine.b
        m21 = affine.c; m22 = affine.d
        m41 = affine.tx; m42 = affine.ty
    }

    public var isIdentity: Bool { self == .identity }

    /// `self` first, then `t` (CATransform3DConcat(self, t), the product self · t).
    public func concatenating(_ t: Transform3D) -> Transform3D {
        let a = self, b = t
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// A translation applied before `self` (CATransform3DTranslate).
    public func translatedBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }

    /// A scale applied before `self` (CATransform3DScale).
    public func scaledBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    /// A rotation applied before `self` (CATransform3DRotate), so a perspective set in
    /// `m34` beforehand still applies to the rotated layer.
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    public var description: String {
        "[\(m11) \(m12) \(m13) \(m14); \(m21) \(m22) \(m23) \(m24); "
            + "\(m31) \(m32) \(m33) \(m34); \(m41) \(m42) \(m43) \(m44)]"
    }

    init(_ abi: sh_transform3d) {
        self.init(m11: abi.m11, m12: abi.m12, m13: abi.m13, m14: abi.m14,
                  m21: abi.m21, m22: abi.m22, m23: abi.m23, m24: abi.m24,
                  m31: abi.m31, m32: abi.m32, m33: abi.m33, m34: abi.m34,
                  m41: abi.m41, m42: abi.m42, m43: abi.m43, m44: abi.m44)
    }

    var abi: sh_transform3d {
        sh_transform3d(m11: m11, m12: m12, m13: m13, m14: m14,
                       m21: m21, m22: m22, m23: m23, m24: m24,
                       m31: m31, m32: m32, m33: m33, m34: m34,
                       m41: m41, m42: m42, m43: m43, m44: m44)
    }
}
