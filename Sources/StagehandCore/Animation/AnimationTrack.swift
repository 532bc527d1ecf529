/// What the frame loop reads of one running animation (one property of one view): when
/// and how fast it moves, and the way between its values worked out once. A plain value
/// with no references, kept in a contiguous table of animations of the same value kind
/// (`TrackTable`); the values themselves (ends, keyframes) sit in parallel tables and are
/// read only when a frame needs them.
///
/// What Core Animation calls a basic, keyframe or spring animation on a layer: the
/// property moves from its `from` to its `to` value (through the keyframe values, if any)
/// over `duration` seconds of its timeline's local time, starting at `begin`.
struct TrackClock<Value: TrackValue> {
    /// When it starts, in its timeline's local time (delay included).
    var begin: Double
    var duration: Double
    /// Index of its timeline in the engine's timeline table.
    var timeline: Int32
    /// Keyframe tracks: where their segments start in the table's pool, and how many.
    var segmentOffset: Int32
    var segmentCount: Int32
    var timing: TrackTiming
    /// The way from `from` to `to`, prepared once (unused by keyframe tracks).
    var path: Value.Path
}

/// One slice of a keyframe animation, as the frame loop reads it: from the previous
/// slice's value (or the track's `from`) to this one's (in the pool of values beside),
/// over the relative time `start...end`.
struct KeyframeSegment<Value: TrackValue> {
    var start: Double
    var end: Double
    var path: Value.Path
}

/// How a track's fraction moves over its duration. No case holds a reference.
enum TrackTiming {
    /// A cubic Bézier over the duration (its solver is a pointer; see `CurveSolver`).
    case curve(CurveSolver)
    /// A spring's displacement at the elapsed time in seconds (may overshoot 1).
    case spring(SpringSolver)
    /// Keyframe slices (in the table's segment pool); linear within each slice.
    case keyframes
}

/// A kind of animated value, and how the engine interpolates it. Conformances are the
/// value types of the animatable properties; the engine is generic over this protocol
/// and specialised for each, so its loops call no witness at run time.
protocol TrackValue {
    /// What is worked out once per animation so each frame does less (for transforms:
    /// both ends taken apart).
    associatedtype Path
    static func path(from: Self, to: Self) -> Path
    /// The value `fraction` of the way from `a` to `b`, exactly as
    /// `AnimatableValue.interpolate` gives it. The ends are read only where the path
    /// needs them (a 2D rotation needs neither, and a matrix is 128 bytes).
    static func interpolate(_ path: Path, _ a: UnsafePointer<Self>, _ b: UnsafePointer<Self>, _ fraction: Double) -> Self
    /// Frees what a path holds out of line.
    static func release(_ path: Path)
    init?(_ value: AnimatableValue)
    var animatableValue: AnimatableValue { get }
}

extension TrackValue where Path == Void {
    @inline(__always) static func path(from: Self, to: Self) {}
    @inline(__always) static func release(_ path: Void) {}
}

extension Double: TrackValue {
    /// `from + (to − from)·fraction`, as AnimatableValue interpolates scalars.
    @inline(__always)
    static func interpolate(_ path: Void, _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, _ fraction: Double) -> Double {
        a.pointee + (b.pointee - a.pointee) * fraction
    }

    init?(_ value: AnimatableValue) {
        guard case .scalar(let v) = value else { return nil }
        self = v
    }

    var animatableValue: AnimatableValue { .scalar(self) }
}

extension Point: TrackValue {
    @inline(__always)
    static func interpolate(_ path: Void, _ a: UnsafePointer<Point>, _ b: UnsafePointer<Point>, _ fraction: Double) -> Point {
        Point(x: .interpolate(from: a.pointee.x, to: b.pointee.x, fraction: fraction),
              y: .interpolate(from: a.pointee.y, to: b.pointee.y, fraction: fraction))
    }

    init?(_ value: AnimatableValue) {
        guard case .point(let v) = value else { return nil }
        self = v
    }

    var animatableValue: AnimatableValue { .point(self) }
}

extension Rect: TrackValue {
    @inline(__always)
    static func interpolate(_ path: Void, _ a: UnsafePointer<Rect>, _ b: UnsafePointer<Rect>, _ fraction: Double) -> Rect {
        Rect.interpolate(from: a.pointee, to: b.pointee, fraction: fraction)
    }

    init?(_ value: AnimatableValue) {
        guard case .rect(let v) = value else { return nil }
        self = v
    }

    var animatableValue: AnimatableValue { .rect(self) }
}

/// A background colour: a missing colour is clear in the other's hue (see
/// `AnimatableValue.interpolate`).
struct ColorValue: TrackValue {
    var color: Color?

    init(_ color: Color?) { self.color = color }

    @inline(__always)
    static func interpolate(_ path: Void, _ from: UnsafePointer<ColorValue>, _ to: UnsafePointer<ColorValue>,
                            _ fraction: Double) -> ColorValue {
        let (a, b) = (from.pointee.color, to.pointee.color)
        if a == nil && b == nil { return ColorValue(nil) }
        let ca = a ?? Color(red: b!.red, green: b!.green, blue: b!.blue, alpha: 0)
        let cb = b ?? Color(red: ca.red, green: ca.green, blue: ca.blue, alpha: 0)
        return ColorValue(.interpolate(from: ca, to: cb, fraction: fraction))
    }

    init?(_ value: AnimatableValue) {
        guard case .color(let v) = value else { return nil }
        color = v
    }

    var animatableValue: AnimatableValue { .color(color) }
}

extension Transform3D: TrackValue {
    /// Both ends taken apart once (`TransformPath`); a 3D decomposition is kept out of
    /// line so that a table of transform tracks stays compact.
    enum Path {
        case same
        case affine(AffinePath)
        case decomposed(UnsafeMutablePointer<Transform3D.DecompositionPath>)
        case matrix
    }

    static func path(from a: Transform3D, to b: Transform3D) -> Path {
        switch TransformPath(from: a, to: b).mode {
        case .same: return .same
        case .affine(let p): return .affine(p)
        case .matrix: return .matrix
        case .decomposed(let p):
            let box = UnsafeMutablePointer<Transform3D.DecompositionPath>.allocate(capacity: 1)
            box.initialize(to: p)
            return .decomposed(box)
        }
    }

    /// `Transform3D.interpolate(from:to:fraction:)`, with the path prepared.
    @inline(__always)
    static func interpolate(_ path: Path, _ a: UnsafePointer<Transform3D>, _ b: UnsafePointer<Transform3D>,
                            _ f: Double) -> Transform3D {
        if f == 0 { return a.pointee }
        switch path {
        case .same:
            return a.pointee
        case .affine(let p):
            if f == 1 { return b.pointee }
            guard let (pa, pb) = p.parts else {
                return Transform3D(p.value(from: a.pointee.affine, to: b.pointee.affine, fraction: f))
            }
            func l(_ x: Double, _ y: Double) -> Double { Double.interpolate(from: x, to: y, fraction: f) }
            let t = AffineParts(tx: l(pa.tx, pb.tx), ty: l(pa.ty, pb.ty), sx: l(pa.sx, pb.sx),
                                sy: l(pa.sy, pb.sy), angle: l(pa.angle, pb.angle), skew: l(pa.skew, pb.skew)).transform
            return Transform3D(m11: t.a, m12: t.b, m13: 0, m14: 0,
                               m21: t.c, m22: t.d, m23: 0, m24: 0,
                               m31: 0, m32: 0, m33: 1, m34: 0,
                               m41: t.tx, m42: t.ty, m43: 0, m44: 1)
        case .decomposed(let p):
            if f == 1 { return b.pointee }
            return Transform3D(p.pointee.value(at: f))
        case .matrix:
            if f == 1 { return b.pointee }
            return Transform3D.lerp(a.pointee, b.pointee, f)
        }
    }

    static func release(_ path: Path) {
        if case .decomposed(let box) = path {
            box.deinitialize(count: 1)
            box.deallocate()
        }
    }

    init?(_ value: AnimatableValue) {
        guard case .transform(let v) = value else { return nil }
        self = v
    }

    var animatableValue: AnimatableValue { .transform(self) }
}
