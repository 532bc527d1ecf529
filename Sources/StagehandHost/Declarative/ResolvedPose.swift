import Foundation
import StagehandABI

/// A pose with every value evaluated for one transition: numbers, ready to be set on a
/// view through the host table.
struct ResolvedPose: Equatable {
    var values: [Pose.Property: Double] = [:]
    var color: [Double]?
    var hidden: Bool?

    /// `fraction` of the way from `self` to `other`, property by property (a colour
    /// channel by channel; `hidden` switches at the end): how `steps()` and `linear()`
    /// curves become keyframes.
    func interpolated(to other: ResolvedPose, _ fraction: Double) -> ResolvedPose {
        var pose = ResolvedPose()
        for (property, value) in values {
            let target = other.values[property] ?? value
            pose.values[property] = value + (target - value) * fraction
        }
        if let color, let target = other.color {
            pose.color = zip(color, target).map { $0 + ($1 - $0) * fraction }
        }
        pose.hidden = fraction >= 1 ? other.hidden : hidden
        return pose
    }

    /// The 2D transform: translate · rotate · scale (a point is scaled, then rotated,
    /// then moved). Exact for the common cases: no rotation leaves b and c exactly 0.
    func affine(moveByFrame: Bool) -> sh_affine {
        let sx = (values[.scale] ?? 1) * (values[.scaleX] ?? 1)
        let sy = (values[.scale] ?? 1) * (values[.scaleY] ?? 1)
        let tx = moveByFrame ? 0 : values[.x] ?? 0
        let ty = moveByFrame ? 0 : values[.y] ?? 0
        let degrees = values[.rotate] ?? 0
        guard degrees != 0 else { return sh_affine(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty) }
        let angle = degrees * .pi / 180
        let (c, s) = (cos(angle), sin(angle))
        return sh_affine(a: sx * c, b: sx * s, c: -sy * s, d: sy * c, tx: tx, ty: ty)
    }

    /// The 3D transform, row-vector convention as CATransform3D: scale, then rotations
    /// about z, y and x, then the translation, then the perspective (m34 = −1/p).
    func transform3D(moveByFrame: Bool) -> sh_transform3d {
        var m = Matrix4.identity
        m = m.times(.scale(x: (values[.scale] ?? 1) * (values[.scaleX] ?? 1), y: (values[.scale] ?? 1) * (values[.scaleY] ?? 1)))
        m = m.times(.rotation(z: (values[.rotate] ?? 0) * .pi / 180))
        m = m.times(.rotation(y: (values[.rotateY] ?? 0) * .pi / 180))
        m = m.times(.rotation(x: (values[.rotateX] ?? 0) * .pi / 180))
        if !moveByFrame { m = m.times(.translation(x: values[.x] ?? 0, y: values[.y] ?? 0)) }
        if let p = values[.perspective], p != 0 {
            var perspective = Matrix4.identity
            perspective.m[2][3] = -1 / p
            m = m.times(perspective)
        }
        let r = m.m
        return sh_transform3d(m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3],
                              m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
                              m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3],
                              m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }
}

/// A 4 × 4 matrix for building 3D transforms (rows, row vectors as CATransform3D).
struct Matrix4 {
    var m: [[Double]]

    static let identity = Matrix4(m: (0..<4).map { i in (0..<4).map { $0 == i ? 1 : 0 } })

    func times(_ other: Matrix4) -> Matrix4 {
        Matrix4(m: (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + m[i][$1] * other.m[$1][j] } } })
    }

    static func scale(x: Double, y: Double) -> Matrix4 {
        var r = identity
        r.m[0][0] = x
        r.m[1][1] = y
        return r
    }

    static func translation(x: Double, y: Double) -> Matrix4 {
        var r = identity
        r.m[3][0] = x
        r.m[3][1] = y
        return r
    }

    static func rotation(x angle: Double) -> Matrix4 {
        var r = identity
        r.m[1][1] = cos(angle); r.m[1][2] = sin(angle)
        r.m[2][1] = -sin(angle); r.m[2][2] = cos(angle)
        return r
    }

    static func rotation(y angle: Double) -> Matrix4 {
        var r = identity
        r.m[0][0] = cos(angle); r.m[0][2] = -sin(angle)
        r.m[2][0] = sin(angle); r.m[2][2] = cos(angle)
        return r
    }

    static func rotation(z angle: Double) -> Matrix4 {
        var r = identity
        r.m[0][0] = cos(angle); r.m[0][1] = sin(angle)
        r.m[1][0] = -sin(angle); r.m[1][1] = cos(angle)
        return r
    }
}
