import Foundation

extension Transform3D {
    /// A transform taken apart into the pieces Core Animation interpolates separately.
    ///
    /// Lerping two matrices entry by entry does not animate a turn: halfway between the
    /// identity and a 90° rotation it yields a matrix that squashes the layer to 70 % and
    /// back. Core Animation, like CSS Transforms and WebKit, instead splits each matrix
    /// into translation, scale, skew, perspective and a rotation quaternion (the "unmatrix"
    /// of Graphics Gems II), interpolates those, and multiplies them back together.
    ///
    /// In Core Animation's row-vector layout the matrix is rebuilt as
    /// `scale · skew · rotation · translation · perspective`: a point is scaled, sheared,
    /// turned, moved, and then projected. The perspective column (m14, m24, m34, m44)
    /// is what `perspective` holds once the other factors are divided out, so the common
    /// `t.m34 = -1/500; t = CATransform3DRotate(t, …)` keeps `perspectiveZ = -1/500`
    /// whatever the angle.
    public struct Decomposition: Hashable, Sendable {
        /// Where the origin goes (m41, m42, m43 once the perspective is divided out).
        public var translationX, translationY, translationZ: Double
        /// Lengths of the three axes; a mirror image makes all three negative, as in CSS.
        public var scaleX, scaleY, scaleZ: Double
        /// Shear factors: how much of x is added to y (`skewXY`), of x to z, of y to z.
        public var skewXY, skewXZ, skewYZ: Double
        /// The perspective row, (0, 0, 0, 1) for none; `perspectiveZ` is −1/distance.
        public var perspectiveX, perspectiveY, perspectiveZ, perspectiveW: Double
        /// The rotation as a unit quaternion: axis · sin(angle/2), cos(angle/2), with the
        /// angle measured as in `Transform3D(rotationAngle:x:y:z:)`.
        public var quaternionX, quaternionY, quaternionZ, quaternionW: Double

        public init(translationX: Double = 0, translationY: Double = 0, translationZ: Double = 0,
                    scaleX: Double = 1, scaleY: Double = 1, scaleZ: Double = 1,
                    skewXY: Double = 0, skewXZ: Double = 0, skewYZ: Double = 0,
                    perspectiveX: Double = 0, perspectiveY: Double = 0,
                    perspectiveZ: Double = 0, perspectiveW: Double = 1,
                    quaternionX: Double = 0, quaternionY: Double = 0,
                    quaternionZ: Double = 0, quaternionW: Double = 1) {
            self.translationX = translationX; self.translationY = translationY
            self.translationZ = translationZ
            self.scaleX = scaleX; self.scaleY = scaleY; self.scaleZ = scaleZ
            self.skewXY = skewXY; self.skewXZ = skewXZ; self.skewYZ = skewYZ
            self.perspectiveX = perspectiveX; self.perspectiveY = perspectiveY
            self.perspectiveZ = perspectiveZ; self.perspectiveW = perspectiveW
            self.quaternionX = quaternionX; self.quaternionY = quaternionY
            self.quaternionZ = quaternionZ; self.quaternionW = quaternionW
        }

        /// The decomposition of the identity.
        public static let identity = Decomposition()

        /// Whether the perspective row differs from (0, 0, 0, 1).
        public var hasPerspective: Bool {
            perspectiveX != 0 || perspectiveY != 0 || perspectiveZ != 0 || perspectiveW != 1
        }

        /// Interpolates each part: translation, scale, skew and perspective linearly, the
        /// rotation along the shorter great arc (spherical linear interpolation), so a turn
        /// keeps the layer rigid and never takes the long way round. Fractions outside
        /// 0...1 extrapolate along the same lines and arc, for springs that overshoot.
        ///
        /// Perspective: when only one side has any, and that side keeps the layer's plane
        /// in place (it turns only about z, or half a turn in the plane, and does not move
        /// in depth), it takes on the other side's depth perspective (0, 0, m34, 1), which
        /// changes nothing on screen at that end. So the common
        /// `identity → perspective·rotation` keeps its depth all the way, where lerping
        /// the perspective would flatten the turn by half at its middle. (Stagehand's
        /// choice; Core Animation does not document this case.) Otherwise the rows are
        /// lerped, as CSS does: adopting a perspective at an end that has depth would
        /// make that end jump.
        public static func interpolate(from a: Decomposition, to b: Decomposition,
                                       fraction f: Double) -> Decomposition {
            DecompositionPath(from: a, to: b).value(at: f)
        }

        /// Whether the perspective acts along z alone (no x or y component), so adding it
        /// to a transform that keeps the plane in place leaves the plane's picture as is.
        fileprivate var hasDepthPerspectiveOnly: Bool {
            abs(perspectiveX) < 1e-12 && abs(perspectiveY) < 1e-12
        }

        /// Whether the z = 0 plane stays at z = 0: no translation in depth, and a rotation
        /// whose third row is ±z (about z, or a half turn about an axis in the plane),
        /// i.e. rows 1 and 2 of the rotation have no z component.
        fileprivate var keepsPlaneInPlace: Bool {
            let (x, y, z, w) = (quaternionX, quaternionY, quaternionZ, quaternionW)
            return abs(translationZ) < 1e-12 && abs(x * z - y * w) < 1e-12 && abs(y * z + x * w) < 1e-12
        }
    }
}

extension Transform3D {
    /// The way between two decompositions, worked out once: the perspective rows each
    /// end takes (see `Decomposition.interpolate`), and the rotation arc (the second
    /// quaternion on the first's side, the angle between them and 1/sin of it). Each
    /// evaluation then costs the lerps, two sines and the rebuild; the engine keeps one
    /// per 3D transform animation.
    struct DecompositionPath {
        let a: Decomposition
        let b: Decomposition
        let perspectiveA: (Double, Double, Double, Double)
        let perspectiveB: (Double, Double, Double, Double)
        /// b's quaternion, negated when that is the shorter arc.
        let quaternionB: (x: Double, y: Double, z: Double, w: Double)
        let angle: Double
        /// 1/sin(angle), or 0 when the two rotations coincide (then lerped).
        let inverseSine: Double

        init(from a: Decomposition, to b: Decomposition) {
            self.a = a
            self.b = b
            var pa = (a.perspectiveX, a.perspectiveY, a.perspectiveZ, a.perspectiveW)
            var pb = (b.perspectiveX, b.perspectiveY, b.perspectiveZ, b.perspectiveW)
            if a.hasPerspective && !b.hasPerspective && a.hasDepthPerspectiveOnly && b.keepsPlaneInPlace {
                pb = (0, 0, a.perspectiveZ, 1)
            } else if b.hasPerspective && !a.hasPerspective && b.hasDepthPerspectiveOnly && a.keepsPlaneInPlace {
                pa = (0, 0, b.perspectiveZ, 1)
            }
            perspectiveA = pa
            perspectiveB = pb
            // Spherical linear interpolation on the shorter arc (unit in, unit out). The
            // angle between the two quaternions is 2·atan2(|a − b|, |a + b|), accurate even
            // when they nearly coincide (where acos of the dot product loses half its digits).
            let (ax, ay, az, aw) = (a.quaternionX, a.quaternionY, a.quaternionZ, a.quaternionW)
            var (bx, by, bz, bw) = (b.quaternionX, b.quaternionY, b.quaternionZ, b.quaternionW)
            if ax * bx + ay * by + az * bz + aw * bw < 0 { bx = -bx; by = -by; bz = -bz; bw = -bw }
            quaternionB = (bx, by, bz, bw)
            let dx = ax - bx, dy = ay - by, dz = az - bz, dw = aw - bw
            let sx = ax + bx, sy = ay + by, sz = az + bz, sw = aw + bw
            angle = 2 * atan2((dx * dx + dy * dy + dz * dz + dw * dw).squareRoot(),
                              (sx * sx + sy * sy + sz * sz + sw * sw).squareRoot())
            let sine = sin(angle)
            // The same rotation: lerp (off unit length by ~angle², nil).
            inverseSine = sine < 1e-12 ? 0 : 1 / sine
        }

        /// Each part interpolated: see `Decomposition.interpolate`.
        @inline(__always)
        func value(at f: Double) -> Decomposition {
            let (ax, ay, az, aw) = (a.quaternionX, a.quaternionY, a.quaternionZ, a.quaternionW)
            let (bx, by, bz, bw) = quaternionB
            let wa: Double, wb: Double
            if inverseSine == 0 {
                wa = 1 - f; wb = f
            } else {
                wa = sin((1 - f) * angle) * inverseSine; wb = sin(f * angle) * inverseSine
            }
            let (pa, pb) = (perspectiveA, perspectiveB)
            return Decomposition(
                translationX: .interpolate(from: a.translationX, to: b.translationX, fraction: f),
                translationY: .interpolate(from: a.translationY, to: b.translationY, fraction: f),
                translationZ: .interpolate(from: a.translationZ, to: b.translationZ, fraction: f),
                scaleX: .interpolate(from: a.scaleX, to: b.scaleX, fraction: f),
                scaleY: .interpolate(from: a.scaleY, to: b.scaleY, fraction: f),
                scaleZ: .interpolate(from: a.scaleZ, to: b.scaleZ, fraction: f),
                skewXY: .interpolate(from: a.skewXY, to: b.skewXY, fraction: f),
                skewXZ: .interpolate(from: a.skewXZ, to: b.skewXZ, fraction: f),
                skewYZ: .interpolate(from: a.skewYZ, to: b.skewYZ, fraction: f),
                perspectiveX: .interpolate(from: pa.0, to: pb.0, fraction: f),
                perspectiveY: .interpolate(from: pa.1, to: pb.1, fraction: f),
                perspectiveZ: .interpolate(from: pa.2, to: pb.2, fraction: f),
                perspectiveW: .interpolate(from: pa.3, to: pb.3, fraction: f),
                quaternionX: wa * ax + wb * bx, quaternionY: wa * ay + wb * by,
                quaternionZ: wa * az + wb * bz, quaternionW: wa * aw + wb * bw)
        }
    }
}
