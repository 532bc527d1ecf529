import Foundation
import StagehandCore

/// A rounded rectangle as a polygon (each corner's quarter circle in a few straight
/// pieces): the form an outline takes when a perspective projection, which no affine
/// transform expresses, carries it onto the screen.
enum RoundedOutline {
    /// Straight pieces per quarter circle.
    static let segments = 6

    /// Clockwise on screen from the top edge, `segments` straight pieces per corner; a
    /// sharp rectangle's four corners when `radius` is 0.
    static func points(_ rect: Rect, radius: Double, segments: Int = segments) -> [Point] {
        let (x, y, w, h) = (rect.origin.x, rect.origin.y, rect.width, rect.height)
        let r = max(0, min(radius, w / 2, h / 2))
        guard r > 0 else { return rect.corners }
        var out: [Point] = []
        let segments = max(1, min(segments, maximumSegments))
        // Each corner's quarter circle starts a quarter turn after the last one's: its
        // points are the first quarter's, turned (x, y) → (−y, x) once more each time.
        let corners = [(x + w - r, y + r), (x + w - r, y + h - r), (x + r, y + h - r), (x + r, y + r)]
        let quarter = quarterCircles[segments]
        out.reserveCapacity(4 * (segments + 1))
        for (turn, (cx, cy)) in corners.enumerated() {
            for p in quarter {
                // The first corner starts at −90°: (cos, sin) turned back a quarter.
                let (c, s): (Double, Double)
                switch turn {
                case 0: (c, s) = (p.y, -p.x)
                case 1: (c, s) = (p.x, p.y)
                case 2: (c, s) = (-p.y, p.x)
                default: (c, s) = (-p.x, -p.y)
                }
                out.append(Point(x: cx + r * c, y: cy + r * s))
            }
        }
        return out
    }

    /// The most straight pieces a quarter circle is cut into.
    static let maximumSegments = 64

    /// For each number of pieces, the points of the quarter circle from 0° to 90° on the
    /// unit circle (made once: corners are flattened for every fill cut to a clip).
    private static let quarterCircles: [[Point]] = (0...maximumSegments).map { n in
        (0...max(1, n)).map { k in
            let a = Double(k) / Double(max(1, n)) * Double.pi / 2
            return Point(x: cos(a), y: sin(a))
        }
    }

    /// How many straight pieces a quarter circle of `radius` needs so that none strays
    /// more than `tolerance` from the arc (a chord of angle θ strays r(1 − cos θ/2)).
    static func segments(radius: Double, tolerance: Double) -> Int {
        guard radius > tolerance, tolerance > 0 else { return 1 }
        let step = 2 * acos(1 - tolerance / radius)
        return min(maximumSegments, max(1, Int((Double.pi / 2 / step).rounded(.up))))
    }
}
