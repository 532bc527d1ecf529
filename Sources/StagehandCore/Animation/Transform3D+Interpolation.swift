import Foundation

/// Interpolation of transforms by decomposition, as Core Animation does (see
/// `Transform3D.Decomposition` for why matrices are not lerped entry by entry).
extension Transform3D {
    /// Splits the matrix into translation, scale, skew, perspective and rotation (the
    /// unmatrix of Graphics Gems II, as specified for CSS Transforms), or nil when it
    /// cannot be split: m44 = 0, or a singular upper-left 3×3 (a layer scaled to nothing
    /// along some axis has no rotation to recover).
    public func decomposed() -> Decomposition? {
        guard m44 != 0, m44.isFinite else { return nil }
        let n = 1 / m44
        let a11 = m11 * n, a12 = m12 * n, a13 = m13 * n
        let a21 = m21 * n, a22 = m22 * n, a23 = m23 * n
        let a31 = m31 * n, a32 = m32 * n, a33 = m33 * n
        let c11 = a22 * a33 - a23 * a32, c12 = a23 * a31 - a21 * a33, c13 = a21 * a32 - a22 * a31
        let det = a11 * c11 + a12 * c12 + a13 * c13
        guard det != 0, det.isFinite else { return nil }

        var d = Decomposition(translationX: m41 * n, translationY: m42 * n, translationZ: m43 * n)
        // The perspective column is A·p for the perspective row p (see Decomposition):
        // solve it with the adjugate of A, then p_w from the translation row.
        let p1 = m14 * n, p2 = m24 * n, p3 = m34 * n
        if p1 != 0 || p2 != 0 || p3 != 0 {
            let c21 = a13 * a32 - a12 * a33, c22 = a11 * a33 - a13 * a31, c23 = a12 * a31 - a11 * a32
            let c31 = a12 * a23 - a13 * a22, c32 = a13 * a21 - a11 * a23, c33 = a11 * a22 - a12 * a21
            let inverseDet = 1 / det
            d.perspectiveX = (c11 * p1 + c21 * p2 + c31 * p3) * inverseDet
            d.perspectiveY = (c12 * p1 + c22 * p2 + c32 * p3) * inverseDet
            d.perspectiveZ = (c13 * p1 + c23 * p2 + c33 * p3) * inverseDet
            d.perspectiveW = 1 - (d.translationX * d.perspectiveX + d.translationY * d.perspectiveY
                                  + d.translationZ * d.perspectiveZ)
        }

        // Gram–Schmidt on the rows: A = scale · skew · rotation.
        // (Reciprocals multiplied rather than divided: this runs per animated view.)
        var sx = (a11 * a11 + a12 * a12 + a13 * a13).squareRoot()
        let ix = 1 / sx
        var r0 = (a11 * ix, a12 * ix, a13 * ix)
        var kxy = r0.0 * a21 + r0.1 * a22 + r0.2 * a23
        var r1 = (a21 - kxy * r0.0, a22 - kxy * r0.1, a23 - kxy * r0.2)
        var sy = (r1.0 * r1.0 + r1.1 * r1.1 + r1.2 * r1.2).squareRoot()
        let iy = 1 / sy
        r1 = (r1.0 * iy, r1.1 * iy, r1.2 * iy)
        kxy *= iy
        var kxz = r0.0 * a31 + r0.1 * a32 + r0.2 * a33
        var r2 = (a31 - kxz * r0.0, a32 - kxz * r0.1, a33 - kxz * r0.2)
        var kyz = r1.0 * r2.0 + r1.1 * r2.1 + r1.2 * r2.2
        r2 = (r2.0 - kyz * r1.0, r2.1 - kyz * r1.1, r2.2 - kyz * r1.2)
        var sz = (r2.0 * r2.0 + r2.1 * r2.1 + r2.2 * r2.2).squareRoot()
        let iz = 1 / sz
        r2 = (r2.0 * iz, r2.1 * iz, r2.2 * iz)
        kxz *= iz; kyz *= iz
        guard sx > 0, sy > 0, sz > 0 else { return nil }
        if det < 0 {   // a mirror image: make the rotation proper, the scales negative
            sx = -sx; sy = -sy; sz = -sz
            r0 = (-r0.0, -r0.1, -r0.2); r1 = (-r1.0, -r1.1, -r1.2); r2 = (-r2.0, -r2.1, -r2.2)
        }
        d.scaleX = sx; d.scaleY = sy; d.scaleZ = sz
        d.skewXY = kxy; d.skewXZ = kxz; d.skewYZ = kyz

        // Rotation rows → quaternion, from the largest of w, x, y, z (Shepperd), so no
        // component comes from the square root of a difference that rounding has eaten.
        let trace = r0.0 + r1.1 + r2.2
        if trace > 0 {
            let w = 0.5 * (1 + trace).squareRoot(), k = 0.25 / w
            d.quaternionW = w
            d.quaternionX = (r1.2 - r2.1) * k; d.quaternionY = (r2.0 - r0.2) * k; d.quaternionZ = (r0.1 - r1.0) * k
        } else if r0.0 >= r1.1 && r0.0 >= r2.2 {
            let x = 0.5 * (1 + r0.0 - r1.1 - r2.2).squareRoot(), k = 0.25 / x
            d.quaternionX = x
            d.quaternionW = (r1.2 - r2.1) * k; d.quaternionY = (r0.1 + r1.0) * k; d.quaternionZ = (r2.0 + r0.2) * k
        } else if r1.1 >= r2.2 {
            let y = 0.5 * (1 - r0.0 + r1.1 - r2.2).squareRoot(), k = 0.25 / y
            d.quaternionY = y
            d.quaternionW = (r2.0 - r0.2) * k; d.quaternionX = (r0.1 + r1.0) * k; d.quaternionZ = (r2.1 + r1.2) * k
        } else {
            let z = 0.5 * (1 - r0.0 - r1.1 + r2.2).squareRoot(), k = 0.25 / z
            d.quaternionZ = z
            d.quaternionW = (r0.1 - r1.0) * k; d.quaternionX = (r2.0 + r0.2) * k; d.quaternionY = (r2.1 + r1.2) * k
        }
        return d
    }

    /// Rebuilds the matrix `scale · skew · rotation · translation · perspective`.
    public init(_ d: Decomposition) {
        // The rotation of q/|q|, with the normalisation folded into s = 2/|q|² (no sqrt).
        let (x, y, z, w) = (d.quaternionX, d.quaternionY, d.quaternionZ, d.quaternionW)
        let norm2 = x * x + y * y + z * z + w * w
        let s = norm2 > 0 ? 2 / norm2 : 0
        let r0 = (1 - s * (y * y + z * z), s * (x * y + z * w), s * (x * z - y * w))
        let r1 = (s * (x * y - z * w), 1 - s * (x * x + z * z), s * (y * z + x * w))
        let r2 = (s * (x * z + y * w), s * (y * z - x * w), 1 - s * (x * x + y * y))
        let b0 = (d.scaleX * r0.0, d.scaleX * r0.1, d.scaleX * r0.2)
        let b1 = (d.scaleY * (d.skewXY * r0.0 + r1.0), d.scaleY * (d.skewXY * r0.1 + r1.1),
                  d.scaleY * (d.skewXY * r0.2 + r1.2))
        let b2 = (d.scaleZ * (d.skewXZ * r0.0 + d.skewYZ * r1.0 + r2.0),
                  d.scaleZ * (d.skewXZ * r0.1 + d.skewYZ * r1.1 + r2.1),
                  d.scaleZ * (d.skewXZ * r0.2 + d.skewYZ * r1.2 + r2.2))
        let (px, py, pz, pw) = (d.perspectiveX, d.perspectiveY, d.perspectiveZ, d.perspectiveW)
        let (tx, ty, tz) = (d.translationX, d.translationY, d.translationZ)
        self.init(m11: b0.0, m12: b0.1, m13: b0.2, m14: b0.0 * px + b0.1 * py + b0.2 * pz,
                  m21: b1.0, m22: b1.1, m23: b1.2, m24: b1.0 * px + b1.1 * py + b1.2 * pz,
                  m31: b2.0, m32: b2.1, m33: b2.2, m34: b2.0 * px + b2.1 * py + b2.2 * pz,
                  m41: tx, m42: ty, m43: tz, m44: tx * px + ty * py + tz * pz + pw)
    }

    /// The transform `fraction` of the way from `from` to `to`, as Core Animation
    /// animates `transform`: by decomposition, rotations along the shorter arc. Two
    /// affine transforms take the 2D path (translation, angle, scale, skew) and give an
    /// affine result; a matrix that cannot be decomposed falls back to entry-wise lerp.
    /// 0 and 1 return the inputs exactly; other fractions, including ones outside
    /// 0...1, go through the parts.
    ///
    /// (The engine prepares the same path once per animation, `TransformPath`, and
    /// evaluates it on every frame; this is that path made and used once.)
    public static func interpolate(from a: Transform3D, to b: Transform3D, fraction f: Double) -> Transform3D {
        if f == 0 || a == b { return a }
        if f == 1 { return b }
        return TransformPath(from: a, to: b).value(from: a, to: b, fraction: f)
    }

    /// The 2D path, shared with `Transform2D`'s interpolation. Follows CSS's 2D
    /// matrix interpolation: a mirror image is put on the x scale when a < d, else on the
    /// y scale, so a horizontal flip animates as a squeeze; opposite flips are reconciled
    /// by a half turn; and the angle never moves by more than 180° — a transform knows
    /// its orientation, not how many turns produced it, so (as in Core Animation) 170°
    /// turns +170°, 190° turns −170°, and −170° → 170° passes through 180°.
    static func interpolateAffine(from a: Transform2D, to b: Transform2D,
                                  fraction f: Double) -> Transform2D {
        if f == 0 || a == b { return a }
        if f == 1 { return b }
        return AffinePath(from: a, to: b).value(from: a, to: b, fraction: f)
    }
}

/// The way from one transform to another, worked out once: which of the paths of
/// `Transform3D.interpolate` applies, with both ends already taken apart. Evaluating it
/// at a fraction then only interpolates the parts and rebuilds the matrix, which is
/// what the engine does for a transform animation on every frame.
///
/// `value` expects what `interpolate` has already settled: a fraction other than 0 and
/// 1, and ends that differ (it answers those cases too, exactly as `interpolate`).
struct TransformPath {
    enum Mode {
        /// Equal ends.
        case same
        /// Both affine: the 2D path.
        case affine(AffinePath)
        /// Both decomposable: the parts of each.
        case decomposed(Transform3D.DecompositionPath)
        /// Otherwise: entry by entry.
        case matrix
    }

    let mode: Mode

    init(from a: Transform3D, to b: Transform3D) {
        if a == b {
            mode = .same
        } else if a.isAffine && b.isAffine {
            mode = .affine(AffinePath(from: a.affine, to: b.affine))
        } else if let da = a.isIdentity ? .identity : a.decomposed(),
                  let db = b.isIdentity ? .identity : b.decomposed() {
            // Animations often start or end at the identity: its parts are known.
            mode = .decomposed(Transform3D.DecompositionPath(from: da, to: db))
        } else {
            mode = .matrix
        }
    }

    @inline(__always)
    func value(from a: Transform3D, to b: Transform3D, fraction f: Double) -> Transform3D {
        if f == 0 { return a }
        switch mode {
        case .same:
            return a
        case .affine(let path):
            if f == 1 { return b }
            return Transform3D(path.value(from: a.affine, to: b.affine, fraction: f))
        case .decomposed(let path):
            if f == 1 { return b }
            return Transform3D(path.value(at: f))
        case .matrix:
            if f == 1 { return b }
            return Transform3D.lerp(a, b, f)
        }
    }
}

extension Transform3D {
    /// Entry by entry, for matrices that cannot be decomposed.
    static func lerp(_ a: Transform3D, _ b: Transform3D, _ f: Double) -> Transform3D {
        func l(_ x: Double, _ y: Double) -> Double { Double.interpolate(from: x, to: y, fraction: f) }
        return Transform3D(m11: l(a.m11, b.m11), m12: l(a.m12, b.m12), m13: l(a.m13, b.m13), m14: l(a.m14, b.m14),
                           m21: l(a.m21, b.m21), m22: l(a.m22, b.m22), m23: l(a.m23, b.m23), m24: l(a.m24, b.m24),
                           m31: l(a.m31, b.m31), m32: l(a.m32, b.m32), m33: l(a.m33, b.m33), m34: l(a.m34, b.m34),
                           m41: l(a.m41, b.m41), m42: l(a.m42, b.m42), m43: l(a.m43, b.m43), m44: l(a.m44, b.m44))
    }
}

/// The 2D path between two affine transforms, with both taken apart (and reconciled)
/// once; see `Transform3D.interpolateAffine`.
struct AffinePath {
    /// The parts of each end, or nil when an end is singular (then entries are lerped).
    let parts: (from: AffineParts, to: AffineParts)?

    init(from a: Transform2D, to b: Transform2D) {
        guard var pa = AffineParts(a), var pb = AffineParts(b) else {
            parts = nil
            return
        }
        if (pa.sx < 0 && pb.sy < 0) || (pa.sy < 0 && pb.sx < 0) {
            pa.sx = -pa.sx; pa.sy = -pa.sy
            pa.angle += pa.angle < 0 ? .pi : -.pi
        }
        if abs(pa.angle - pb.angle) > .pi {
            if pa.angle > pb.angle { pa.angle -= 2 * .pi } else { pb.angle -= 2 * .pi }
        }
        parts = (pa, pb)
    }

    @inline(__always)
    func value(from a: Transform2D, to b: Transform2D, fraction f: Double) -> Transform2D {
        guard let (pa, pb) = parts else { return Self.entries(from: a, to: b, fraction: f) }
        func l(_ x: Double, _ y: Double) -> Double { Double.interpolate(from: x, to: y, fraction: f) }
        return AffineParts(tx: l(pa.tx, pb.tx), ty: l(pa.ty, pb.ty), sx: l(pa.sx, pb.sx),
                           sy: l(pa.sy, pb.sy), angle: l(pa.angle, pb.angle),
                           skew: l(pa.skew, pb.skew)).transform
    }
}

extension AffinePath {
    /// The path when an end is singular (it has no parts): entry by entry.
    static func entries(from a: Transform2D, to b: Transform2D, fraction f: Double) -> Transform2D {
        func l(_ x: Double, _ y: Double) -> Double { Double.interpolate(from: x, to: y, fraction: f) }
        return Transform2D(a: l(a.a, b.a), b: l(a.b, b.b), c: l(a.c, b.c), d: l(a.d, b.d),
                           tx: l(a.tx, b.tx), ty: l(a.ty, b.ty))
    }
}

/// An affine transform as `scale · skew · rotation · translation` (rows (a, b), (c, d)
/// are sx·r0 and sy·(skew·r0 + r1), with r0 = (cos, sin), r1 = (−sin, cos)).
struct AffineParts {
    var tx, ty, sx, sy, angle, skew: Double

    init(tx: Double, ty: Double, sx: Double, sy: Double, angle: Double, skew: Double) {
        self.tx = tx; self.ty = ty; self.sx = sx; self.sy = sy; self.angle = angle; self.skew = skew
    }

    init?(_ t: Transform2D) {
        let det = t.a * t.d - t.b * t.c
        guard det != 0, det.isFinite else { return nil }
        var sx = (t.a * t.a + t.b * t.b).squareRoot()
        if det < 0 && t.a < t.d { sx = -sx }
        let r0x = t.a / sx, r0y = t.b / sx
        let sy = t.d * r0x - t.c * r0y            // row1 · r1; negative for a mirror on y
        self.init(tx: t.tx, ty: t.ty, sx: sx, sy: sy, angle: atan2(r0y, r0x),
                  skew: (t.c * r0x + t.d * r0y) / sy)
    }

    @inline(__always)
    var transform: Transform2D {
        let (sn, cs) = sincos(angle)
        return Transform2D(a: sx * cs, b: sx * sn, c: sy * (skew * cs - sn), d: sy * (skew * sn + cs),
                               tx: tx, ty: ty)
    }
}
