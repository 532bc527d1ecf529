#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2D affine transform in Core Graphics' layout (CGAffineTransform; named to pair with
/// `Transform3D` and to stay clear of Foundation's `AffineTransform`):
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
///
/// Angles are in radians; a positive angle turns clockwise on screen, because y grows
/// downward, as in UIKit.
public struct Transform2D: Hashable, Sendable, CustomStringConvertible {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// CGAffineTransformIdentity.
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// CGAffineTransformMakeTranslation.
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// CGAffineTransformMakeScale.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// CGAffineTransformMakeRotation.
    public init(rotationAngle angle: Double) {
        let cosine = cos(angle), sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// `self` first, then `t` (CGAffineTransformConcat(self, t)).
    public func concatenating(_ t: Transform2D) -> Transform2D {
        Transform2D(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d,
            c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// A translation applied before `self` (CGAffineTransformTranslate).
    public func translatedBy(x: Double, y: Double) -> Transform2D {
        Transform2D(translationX: x, y: y).concatenating(self)
    }

    /// A scale applied before `self` (CGAffineTransformScale).
    public func scaledBy(x: Double, y: Double) -> Transform2D {
        Transform2D(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation applied before `self` (CGAffineTransformRotate).
    public func rotated(by angle: Double) -> Transform2D {
        Transform2D(rotationAngle: angle).concatenating(self)
    }

    /// The inverse, or `self` unchanged when the transform is singular (as Core Graphics).
    public func inverted() -> Transform2D {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }
        return Transform2D(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}
