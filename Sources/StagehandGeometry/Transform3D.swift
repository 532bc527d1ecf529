#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A 4×4 homogeneous transform in Core Animation's layout (CATransform3D): points are row
/// vectors, so `[x y z 1] · M` maps a point and `m41 m42 m43` hold the translation.
/// `m34 = -1/d` gives the perspective of an eye at distance `d` from the screen.
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

    /// Row-major: `values[row * 4 + column]`.
    public init(_ values: [Double]) {
        precondition(values.count == 16, "a Transform3D has 16 values")
        self.init(m11: values[0], m12: values[1], m13: values[2], m14: values[3],
                  m21: values[4], m22: values[5], m23: values[6], m24: values[7],
                  m31: values[8], m32: values[9], m33: values[10], m34: values[11],
                  m41: values[12], m42: values[13], m43: values[14], m44: values[15])
    }

    /// CATransform3DIdentity.
    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0,
                                             m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0,
                                             m41: 0, m42: 0, m43: 0, m44: 1)

    /// Row-major values.
    public var values: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// `self == .identity`, the sixteen comparisons made in place (a −0 counts as 0, a NaN
    /// is no identity): compared with the stored identity, it went through that lazy
    /// global and an outlined equality, and a recorded frame asks it of every view two or
    /// three times (inlinable for that, in other modules).
    @inlinable
    public var isIdentity: Bool {
        m11 == 1 && m12 == 0 && m13 == 0 && m14 == 0
            && m21 == 0 && m22 == 1 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m41 == 0 && m42 == 0 && m43 == 0 && m44 == 1
    }

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
    /// be of unit length. A zero (or not finite) axis gives the identity, as Core Animation.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { self = .identity; return }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), t = 1 - c
        self.init(m11: t * x * x + c, m12: t * x * y + z * s, m13: t * x * z - y * s, m14: 0,
                  m21: t * x * y - z * s, m22: t * y * y + c, m23: t * y * z + x * s, m24: 0,
                  m31: t * x * z + y * s, m32: t * y * z - x * s, m33: t * z * z + c, m34: 0,
                  m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The identity with `m34 = -1/distance`: an eye `distance` points in front of the screen.
    public init(perspectiveDistance distance: Double) {
        self = .identity
        m34 = distance == 0 ? 0 : -1 / distance
    }

    /// CATransform3DMakeAffineTransform.
    public init(_ t: Transform2D) {
        self = .identity
        m11 = t.a; m12 = t.b; m21 = t.c; m22 = t.d; m41 = t.tx; m42 = t.ty
    }

    /// Whether the transform is a 2D affine one (CATransform3DIsAffine).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// CATransform3DGetAffineTransform: the affine part, whatever else the matrix holds.
    public var affine: Transform2D {
        Transform2D(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// `self` first, then `t` (CATransform3DConcat(self, t), the product self · t).
    public func concatenating(_ t: Transform3D) -> Transform3D {
        // Row i of self times column j of t, summed from +0 in the order of k, so that
        // every entry (a zero's sign included) is that of the textbook triple loop.
        func dot(_ a1: Double, _ a2: Double, _ a3: Double, _ a4: Double,
                 _ b1: Double, _ b2: Double, _ b3: Double, _ b4: Double) -> Double {
            0 + a1 * b1 + a2 * b2 + a3 * b3 + a4 * b4
        }
        let a = self, b = t
        return Transform3D(
            m11: dot(a.m11, a.m12, a.m13, a.m14, b.m11, b.m21, b.m31, b.m41),
            m12: dot(a.m11, a.m12, a.m13, a.m14, b.m12, b.m22, b.m32, b.m42),
            m13: dot(a.m11, a.m12, a.m13, a.m14, b.m13, b.m23, b.m33, b.m43),
            m14: dot(a.m11, a.m12, a.m13, a.m14, b.m14, b.m24, b.m34, b.m44),
            m21: dot(a.m21, a.m22, a.m23, a.m24, b.m11, b.m21, b.m31, b.m41),
            m22: dot(a.m21, a.m22, a.m23, a.m24, b.m12, b.m22, b.m32, b.m42),
            m23: dot(a.m21, a.m22, a.m23, a.m24, b.m13, b.m23, b.m33, b.m43),
            m24: dot(a.m21, a.m22, a.m23, a.m24, b.m14, b.m24, b.m34, b.m44),
            m31: dot(a.m31, a.m32, a.m33, a.m34, b.m11, b.m21, b.m31, b.m41),
            m32: dot(a.m31, a.m32, a.m33, a.m34, b.m12, b.m22, b.m32, b.m42),
            m33: dot(a.m31, a.m32, a.m33, a.m34, b.m13, b.m23, b.m33, b.m43),
            m34: dot(a.m31, a.m32, a.m33, a.m34, b.m14, b.m24, b.m34, b.m44),
            m41: dot(a.m41, a.m42, a.m43, a.m44, b.m11, b.m21, b.m31, b.m41),
            m42: dot(a.m41, a.m42, a.m43, a.m44, b.m12, b.m22, b.m32, b.m42),
            m43: dot(a.m41, a.m42, a.m43, a.m44, b.m13, b.m23, b.m33, b.m43),
            m44: dot(a.m41, a.m42, a.m43, a.m44, b.m14, b.m24, b.m34, b.m44))
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

    /// Maps `(x, y, z)` and divides by w: the point as it appears on the flattened plane.
    /// `w` is reported so callers can tell a point behind the eye (w ≤ 0).
    public func project(x: Double, y: Double, z: Double = 0) -> (point: Point, w: Double) {
        let X = x * m11 + y * m21 + z * m31 + m41
        let Y = x * m12 + y * m22 + z * m32 + m42
        let W = x * m14 + y * m24 + z * m34 + m44
        guard W != 0 else { return (Point(x: X, y: Y), 0) }
        return (Point(x: X / W, y: Y / W), W)
    }

    public var description: String {
        "[" + values.map { String($0) }.joined(separator: ", ") + "]"
    }
}
