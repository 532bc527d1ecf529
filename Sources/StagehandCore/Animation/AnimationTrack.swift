/// What the frame loop reads of every running animation (one property of one view): when
/// and how fast it moves. A plain value with no references, the same 80 bytes for every
/// value kind, kept in a contiguous table of animations of the same value kind
/// (`TrackTable`); the values themselves (ends, keyframes) and the way between the ends
/// (`TrackValue.Path`) sit in parallel tables and are read only when a frame needs them.
/// (A transform's path is over 100 bytes that a keyframe track never reads: kept in the
/// clock, it made each keyframe row pull three cache lines of clock where one does.)
///
/// What Core Animation calls a basic, keyframe or spring animation on a layer: the
/// property moves from its `from` to its `to` value (through the keyframe values, if any)
/// over `duration` seconds of its timeline's local time, starting at `begin`.
struct TrackClock {
    /// When it starts, in its timeline's local time (delay included).
    var begin: Double
    var duration: Double
    /// Index of its timeline in the engine's timeline table.
    var timeline: Int32
    /// Keyframe tracks: where their segments start in the table's pool, and how many.
    var segmentOffset: Int32
    var segmentCount: Int32
    var timing: TrackTiming
}

/// One slice of a keyframe animation, as the frame loop reads it: from the previous
/// slice's value (or the track's `from`) to this one's (in the pool of values beside),
/// over the relative time `start...end`. The way between the two values is in the pool
/// of paths beside.
struct KeyframeSegment {
    var start: Double
    var end: Double
}

/// How a track's fraction moves over its duration. No case holds a reference.
enum TrackTiming {
    /// A cubic Bézier over the duration (its solver is a pointer; see `CurveSolver`).
    case curve(CurveSolver)
    /// A spring's displacement at the elapsed time in seconds (may overshoot 1).
    case spring(SpringSolver)
    /// Keyframe slices (in the table's segment pool); linear within each slice.
    case keyframes

    /// Where its rows sit in a table (`TrackTable`): Bézier 0, spring 1, keyframes 2.
    var group: Int {
        switch self {
        case .curve: return 0
        case .spring: return 1
        case .keyframes: return 2
        }
    }
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
    /// `AnimatableValue.interpolate` gives it. The path and the ends are read in place,
    /// only where they are needed (a 2D rotation needs neither end, and a matrix is 128
    /// bytes).
    static func interpolate(_ path: UnsafePointer<Path>, _ a: UnsafePointer<Self>, _ b: UnsafePointer<Self>,
                            _ fraction: Double) -> Self
    /// Frees what a path holds out of line.
    static func release(_ path: Path)
    init?(_ value: AnimatableValue)
    var animatableValue: AnimatableValue { get }
}

/// The path of a value interpolated straight from its ends (no preparation).
struct NoPath {}

extension TrackValue where Path == NoPath {
    @inline(__always) static func path(from: Self, to: Self) -> NoPath { NoPath() }
    @inline(__always) static func release(_ path: NoPath) {}
}

extension Double: TrackValue {
    /// `from + (to − from)·fraction`, as AnimatableValue interpolates scalars.
    @inline(__always)
    static func interpolate(_ path: UnsafePointer<NoPath>, _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, _ fraction: Double) -> Double {
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
    static func interpolate(_ path: UnsafePointer<NoPath>, _ a: UnsafePointer<Point>, _ b: UnsafePointer<Point>, _ fraction: Double) -> Point {
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
    static func interpolate(_ path: UnsafePointer<NoPath>, _ a: UnsafePointer<Rect>, _ b: UnsafePointer<Rect>, _ fraction: Double) -> Rect {
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
    static func interpolate(_ path: UnsafePointer<NoPath>, _ from: UnsafePointer<ColorValue>, _ to: UnsafePointer<ColorValue>,
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
    /// Both ends taken apart once (`TransformPath`), laid out for the frame loop, which
    /// reads it in place: a mode, and for the common 2D path both ends' parts inline, so
    /// a frame loads the fields it uses and nothing else (as an enum with payloads, the
    /// whole payload was copied out before its case was known). A 3D decomposition is
    /// kept out of line so that a table of transform tracks stays compact.
    struct Path {
        enum Mode: UInt8 {
            /// Equal ends.
            case same
            /// Both affine and invertible: `from` and `to` are their parts.
            case affineParts
            /// Both affine, one singular: entries are lerped.
            case affineEntries
            /// Both decomposable: `decomposition` holds the parts of each.
            case decomposed
            /// Otherwise: entry by entry.
            case matrix
        }

        var mode: Mode
        var from = AffineParts(tx: 0, ty: 0, sx: 0, sy: 0, angle: 0, skew: 0)
        var to = AffineParts(tx: 0, ty: 0, sx: 0, sy: 0, angle: 0, skew: 0)
        var decomposition: UnsafeMutablePointer<Transform3D.DecompositionPath>?

        init(mode: Mode) { self.mode = mode }
    }

    static func path(from a: Transform3D, to b: Transform3D) -> Path {
        switch TransformPath(from: a, to: b).mode {
        case .same: return Path(mode: .same)
        case .matrix: return Path(mode: .matrix)
        case .affine(let p):
            guard let (pa, pb) = p.parts else { return Path(mode: .affineEntries) }
            var path = Path(mode: .affineParts)
            path.from = pa
            path.to = pb
            return path
        case .decomposed(let p):
            let box = UnsafeMutablePointer<Transform3D.DecompositionPath>.allocate(capacity: 1)
            box.initialize(to: p)
            var path = Path(mode: .decomposed)
            path.decomposition = box
            return path
        }
    }

    /// `Transform3D.interpolate(from:to:fraction:)`, with the path prepared.
    @inline(__always)
    static func interpolate(_ path: UnsafePointer<Path>, _ a: UnsafePointer<Transform3D>, _ b: UnsafePointer<Transform3D>,
                            _ f: Double) -> Transform3D {
        if f == 0 { return a.pointee }
        switch path.pointee.mode {
        case .same:
            return a.pointee
        case .affineParts:
            if f == 1 { return b.pointee }
            // Field by field from the path in place (see `Path`).
            func l(_ x: Double, _ y: Double) -> Double { Double.interpolate(from: x, to: y, fraction: f) }
            let p = path.pointee
            let t = AffineParts(tx: l(p.from.tx, p.to.tx), ty: l(p.from.ty, p.to.ty), sx: l(p.from.sx, p.to.sx),
                                sy: l(p.from.sy, p.to.sy), angle: l(p.from.angle, p.to.angle),
                                skew: l(p.from.skew, p.to.skew)).transform
            return Transform3D(m11: t.a, m12: t.b, m13: 0, m14: 0,
                               m21: t.c, m22: t.d, m23: 0, m24: 0,
                               m31: 0, m32: 0, m33: 1, m34: 0,
                               m41: t.tx, m42: t.ty, m43: 0, m44: 1)
        case .affineEntries, .decomposed, .matrix:
            if f == 1 { return b.pointee }
            return rareValue(path, a, b, f)
        }
    }

    /// The paths other than the 2D one, kept out of line so that the common case's loop
    /// stays small (their temporaries would otherwise take its registers and stack).
    @inline(never)
    static func rareValue(_ path: UnsafePointer<Path>, _ a: UnsafePointer<Transform3D>, _ b: UnsafePointer<Transform3D>,
                          _ f: Double) -> Transform3D {
        switch path.pointee.mode {
        case .decomposed:
            return Transform3D(path.pointee.decomposition!.pointee.value(at: f))
        case .affineEntries:
            return Transform3D(AffinePath.entries(from: a.pointee.affine, to: b.pointee.affine, fraction: f))
        default:
            return Transform3D.lerp(a.pointee, b.pointee, f)
        }
    }

    static func release(_ path: Path) {
        if let box = path.decomposition {
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
