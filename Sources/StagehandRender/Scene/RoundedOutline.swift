import Foundation
import StagehandCore

/// A rounded rectangle as a polygon (each corner's quarter circle in a few straight
/// pieces): the form an outline takes when a perspective projection, which no affine
/// transform expresses, carries it onto the screen.
enum RoundedOutline {
    /// Straight pieces per quarter circle.
    static let segments = 6

    /// Clockwise on screen from the top edge; a sharp rectangle's four corners when
    /// `radius` is 0.
    static func points(_ rect: Rect, radius: Double) -> [Point] {
        let (x, y, w, h) = (rect.origin.x, rect.origin.y, rect.width, rect.height)
        let r = max(0, min(radius, w / 2, h / 2))
        guard r > 0 else { return rect.corners }
        var out: [Point] = []
        // Corner centres, clockwise from the top right, with each arc's start angle.
        let corners = [(x + w - r, y + r, -Double.pi / 2), (x + w - r, y + h - r, 0.0),
                       (x + r, y + h - r, Double.pi / 2), (x + r, y + r, Double.pi)]
        for (cx, cy, start) in corners {
            for k in 0...segments {
                let a = start + Double(k) / Double(segments) * Double.pi / 2
                out.append(Point(x: cx + r * cos(a), y: cy + r * sin(a)))
            }
        }
        return out
    }
}
