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
        // Corner centres, clockwise from the top right, with each arc's start angle.
        let corners = [(x + w - r, y + r, -Double.pi / 2), (x + w - r, y + h - r, 0.0),
                       (x + r, y + h - r, Double.pi / 2), (x + r, y + r, Double.pi)]
        let segments = max(1, segments)
        out.reserveCapacity(4 * (segments + 1))
        for (cx, cy, start) in corners {
            for k in 0...segments {
                let a = start + Double(k) / Double(segments) * Double.pi / 2
                out.append(Point(x: cx + r * cos(a), y: cy + r * sin(a)))
            }
        }
        return out
    }

    /// How many straight pieces a quarter circle of `radius` needs so that none strays
    /// more than `tolerance` from the arc (a chord of angle θ strays r(1 − cos θ/2)).
    static func segments(radius: Double, tolerance: Double) -> Int {
        guard radius > tolerance, tolerance > 0 else { return 1 }
        let step = 2 * acos(1 - tolerance / radius)
        return min(64, max(1, Int((Double.pi / 2 / step).rounded(.up))))
    }
}
