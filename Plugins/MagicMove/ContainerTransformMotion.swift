import StagehandSDK

/// Material's container transform as numbers (Material Components for Android,
/// MaterialContainerTransform and its evaluators): where the container stands, how big
/// each side's content is drawn, how much of it is masked, the corner, the two fades and
/// the scrim, for an interpolated progress `p` from 0 to 1. Pure values, so the effect
/// only applies them and a test can check them against the formulas.
struct ContainerTransformMotion {
    /// The container's path from the start view's anchor to the end view's.
    enum Path: String, CaseIterable {
        /// A straight line.
        case linear
        /// MaterialArcMotion: a quadratic curve through the corner below the higher end,
        /// travelled at constant speed (positioned by arc length, as Material's
        /// PathMeasure does).
        case arc
    }

    /// Which content fades, and when (Material's fade modes).
    enum FadeMode: String, CaseIterable {
        /// The end content fades in over the start content (the default).
        case `in`
        /// The start content fades out over the end content.
        case out
        /// Both at once.
        case cross
        /// The start content fades out over the first 35 % of the fade, then the end
        /// content fades in.
        case through

        /// Material's FadeModeEvaluators.get: `in` and `out` swap when returning, so one
        /// mode reverses correctly.
        func resolved(entering: Bool) -> FadeMode {
            switch self {
            case .in: entering ? .in : .out
            case .out: entering ? .out : .in
            default: self
            }
        }
    }

    /// How the two contents are scaled to share the container (Material's fit modes).
    enum FitMode: String, CaseIterable {
        /// Width when the end content scaled to the start's width is at least as tall
        /// (entering; the mirror image returning), else height.
        case auto
        /// Both contents share the container's width; the taller one is trimmed at the bottom.
        case width
        /// Both share its height; the wider one is trimmed on both sides.
        case height
    }

    /// A sub-range of the progress over which one part of the motion happens.
    struct Range: Equatable {
        let start: Double
        let end: Double
    }

    /// Material's progress thresholds for each part: fade, scale, scale mask, shape mask.
    struct Thresholds: Equatable {
        let fade: Range
        let scale: Range
        let scaleMask: Range
        let shapeMask: Range

        /// The four groups MaterialContainerTransform declares (linear or arc, entering
        /// or returning).
        static func material(path: Path, entering: Bool) -> Thresholds {
            switch (path, entering) {
            case (.linear, true):
                Thresholds(fade: Range(start: 0, end: 0.25), scale: Range(start: 0, end: 1),
                           scaleMask: Range(start: 0, end: 1), shapeMask: Range(start: 0, end: 0.75))
            case (.linear, false):
                Thresholds(fade: Range(start: 0.60, end: 0.90), scale: Range(start: 0, end: 1),
                           scaleMask: Range(start: 0, end: 0.90), shapeMask: Range(start: 0.30, end: 0.90))
            case (.arc, true):
                Thresholds(fade: Range(start: 0.10, end: 0.40), scale: Range(start: 0.10, end: 1),
                           scaleMask: Range(start: 0.10, end: 1), shapeMask: Range(start: 0.10, end: 0.90))
            case (.arc, false):
                Thresholds(fade: Range(start: 0.60, end: 0.90), scale: Range(start: 0, end: 0.90),
                           scaleMask: Range(start: 0, end: 0.90), shapeMask: Range(start: 0.20, end: 0.90))
            }
        }
    }

    /// Everything drawn at one progress, in the container view's coordinates.
    struct State: Equatable {
        /// The container: the union of both masked contents.
        let container: Rect
        let cornerRadius: Double
        /// Where each content is drawn, scaled (the container clips it).
        let start: Rect
        let end: Rect
        let startAlpha: Double
        let endAlpha: Double
        /// The scrim's share of its colour (0x52000000: 32 % black at 1).
        let scrim: Double
    }

    /// Material's fade-through split: the start content is gone after this share of the fade.
    static let fadeThroughThreshold = 0.35

    let start: Rect
    let end: Rect
    let startCornerRadius: Double
    let endCornerRadius: Double
    let entering: Bool
    let path: Path
    let fade: FadeMode
    /// `auto` resolved.
    let fit: FitMode
    let thresholds: Thresholds
    /// The arc's control point and the table of its lengths, for an arc path.
    private let arc: (control: Point, lengths: [Double])?

    init(start: Rect, end: Rect, startCornerRadius: Double, endCornerRadius: Double,
         entering: Bool, path: Path, fade: FadeMode, fit: FitMode) {
        self.start = start
        self.end = end
        self.startCornerRadius = startCornerRadius
        self.endCornerRadius = endCornerRadius
        self.entering = entering
        self.path = path
        self.fade = fade.resolved(entering: entering)
        self.fit = fit == .auto ? Self.autoFit(start: start, end: end, entering: entering) : fit
        thresholds = Thresholds.material(path: path, entering: entering)
        let a = Self.anchor(start), b = Self.anchor(end)
        if path == .arc {
            let control = a.y > b.y ? Point(x: b.x, y: a.y) : Point(x: a.x, y: b.y)
            arc = (control, Self.lengths(a, control, b))
        } else {
            arc = nil
        }
    }

    /// Material's FIT_MODE_AUTO: width when the end content at the start's width is at
    /// least as tall as the start (entering; returning, the start at the end's width at
    /// least as tall as the end), else height.
    static func autoFit(start: Rect, end: Rect, entering: Bool) -> FitMode {
        guard start.width > 0, end.width > 0 else { return .width }
        let widthFits = entering ? end.height * start.width / end.width >= start.height
                                 : start.height * end.width / start.width >= end.height
        return widthFits ? .width : .height
    }

    /// The point a content is placed by: the middle of its top edge.
    static func anchor(_ rect: Rect) -> Point {
        Point(x: rect.midX, y: rect.minY)
    }

    /// Material's TransitionUtils.lerp: `a` before the range, `b` after it, linear within.
    static func lerp(_ a: Double, _ b: Double, _ range: Range, _ p: Double) -> Double {
        if p < range.start { return a }
        if p > range.end { return b }
        guard range.end > range.start else { return b }
        return a + (b - a) * (p - range.start) / (range.end - range.start)
    }

    /// The anchor's place on the path at progress `p`.
    func position(_ p: Double) -> Point {
        let a = Self.anchor(start), b = Self.anchor(end)
        guard let arc else { return Point(x: a.x + (b.x - a.x) * p, y: a.y + (b.y - a.y) * p) }
        let lengths = arc.lengths
        let total = lengths[lengths.count - 1]
        guard total > 0 else { return a }
        let wanted = min(max(p, 0), 1) * total
        // The segment holding that length, then linearly within it.
        var lo = 0, hi = lengths.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if lengths[mid] < wanted { lo = mid } else { hi = mid }
        }
        let span = lengths[hi] - lengths[lo]
        let f = span > 0 ? (wanted - lengths[lo]) / span : 0
        let n = Double(lengths.count - 1)
        return Self.quadratic(a, arc.control, b, (Double(lo) + f) / n)
    }

    static let arcSegments = 512

    /// The lengths along the quadratic curve from its start to each of `arcSegments`
    /// evenly spaced parameters.
    static func lengths(_ a: Point, _ control: Point, _ b: Point) -> [Double] {
        var lengths = [0.0]
        var previous = a
        for k in 1...arcSegments {
            let point = quadratic(a, control, b, Double(k) / Double(arcSegments))
            let dx = point.x - previous.x, dy = point.y - previous.y
            lengths.append(lengths[k - 1] + (dx * dx + dy * dy).squareRoot())
            previous = point
        }
        return lengths
    }

    static func quadratic(_ a: Point, _ c: Point, _ b: Point, _ s: Double) -> Point {
        let u = 1 - s
        return Point(x: u * u * a.x + 2 * u * s * c.x + s * s * b.x, y: u * u * a.y + 2 * u * s * c.y + s * s * b.y)
    }

    /// The two alphas of the fade mode at `p`.
    func alphas(_ p: Double) -> (start: Double, end: Double) {
        let range = thresholds.fade
        switch fade {
        case .in: return (1, Self.lerp(0, 1, range, p))
        case .out: return (Self.lerp(1, 0, range, p), 1)
        case .cross: return (Self.lerp(1, 0, range, p), Self.lerp(0, 1, range, p))
        case .through:
            let split = range.start + (range.end - range.start) * Self.fadeThroughThreshold
            return (Self.lerp(1, 0, Range(start: range.start, end: split), p),
                    Self.lerp(0, 1, Range(start: split, end: range.end), p))
        }
    }

    /// Whether the end content is drawn above the start's (all modes but `out`).
    var endOnTop: Bool { fade != .out }

    /// Everything at interpolated progress `p`.
    func state(at p: Double) -> State {
        let anchor = position(p)
        let (startScale, endScale): (Double, Double)
        if fit == .width {
            let width = Self.lerp(start.width, end.width, thresholds.scale, p)
            (startScale, endScale) = (Self.ratio(width, start.width), Self.ratio(width, end.width))
        } else {
            let height = Self.lerp(start.height, end.height, thresholds.scale, p)
            (startScale, endScale) = (Self.ratio(height, start.height), Self.ratio(height, end.height))
        }
        let current = (start: Self.placed(start, scale: startScale, at: anchor), end: Self.placed(end, scale: endScale, at: anchor))
        var masked = current
        let maskProgress = Self.lerp(0, 1, thresholds.scaleMask, p)
        if fit == .width {
            let maskStart = current.start.height > current.end.height
            let trim = abs(current.end.height - current.start.height) * (maskStart ? maskProgress : 1 - maskProgress)
            if maskStart { masked.start.size.height -= trim } else { masked.end.size.height -= trim }
        } else {
            let maskStart = current.start.width > current.end.width
            let trim = abs(current.end.width - current.start.width) / 2 * (maskStart ? maskProgress : 1 - maskProgress)
            if maskStart { masked.start = masked.start.insetBy(dx: trim, dy: 0) } else { masked.end = masked.end.insetBy(dx: trim, dy: 0) }
        }
        let container = Self.union(masked.start, masked.end)
        // Corners relative to each side's smaller dimension, as Material's RelativeCornerSize.
        let startCorner = Self.ratio(startCornerRadius, min(start.width, start.height)) * min(current.start.width, current.start.height)
        let endCorner = Self.ratio(endCornerRadius, min(end.width, end.height)) * min(masked.end.width, masked.end.height)
        let fades = alphas(p)
        return State(container: container, cornerRadius: Self.lerp(startCorner, endCorner, thresholds.shapeMask, p),
                     start: current.start, end: current.end, startAlpha: fades.start, endAlpha: fades.end,
                     scrim: entering ? p : 1 - p)
    }

    static func union(_ a: Rect, _ b: Rect) -> Rect {
        Rect(boundingBoxOf: a.corners + b.corners)
    }

    static func ratio(_ a: Double, _ b: Double) -> Double {
        b > 0 ? a / b : 0
    }

    /// `rect` scaled by `scale`, the middle of its top edge at `anchor`.
    static func placed(_ rect: Rect, scale: Double, at anchor: Point) -> Rect {
        let width = rect.width * scale, height = rect.height * scale
        return Rect(x: anchor.x - width / 2, y: anchor.y, width: width, height: height)
    }
}
