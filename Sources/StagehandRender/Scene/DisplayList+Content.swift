import Foundation
import StagehandCore
import StagehandTrace

/// A screen's content (panels, pictures, buttons, titles, text, chevrons, separators) as
/// fills and labels. Each is drawn in its own coordinates and carried onto the screen by
/// its corners: outlines through the projective map onto them (exact under perspective
/// too), text by the affine transform fitted to three of them, as a screen's title is.
extension DisplayList {
    /// The font size of a line of text or a title, as a share of its view's height.
    static let lineFontShare = 0.78
    /// A button's title, as a share of its height.
    static let buttonFontShare = 0.36
    /// A chevron's stroke, as a share of its width.
    static let chevronStroke = 0.3

    static func contentItem(for view: UnsafePointer<Trace.ViewRecord>, opacity: Double, style: ViewStyle, quad: Quad,
                            slot: Int, widths: inout TitleWidths) -> DisplayItem? {
        guard let color = view.pointee.colorList, color.count == 4 else { return nil }
        let ink = RGBA(color[0], color[1], color[2], color[3]).fading(opacity)
        guard ink.isVisible else { return nil }
        let size = quad.localSize(transform: view.pointee.transformList, frame: view.pointee.frameList)
        guard let placement = quad.placement(for: size) else { return nil }
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let radius = max(0, min(view.pointee.cornerRadius, size.width / 2, size.height / 2))
        let isParallelogram = quad.isParallelogram
        let body: Shape = isParallelogram ? .roundedRect(bounds, radius: radius, placement: placement) : .polygon(quad.points)

        // Outlines in the view's own coordinates go onto the screen through this map, made
        // only for what has some (a picture's inside, a chevron): it is a closure whose
        // numbers are on the heap, and most content (panels, text) needs none.
        func projection() -> (Point) -> Point {
            quad.projection(for: size) ?? { $0.applying(placement) }
        }

        // A panel, picture or button casts its shadow as a screen does: a matched view
        // flying between screens keeps the shadow it has on either.
        var shadow: [Fill] = []
        if view.pointee.shadow > 0.001, style == .panel || style == .image || style == .button {
            shadow = Self.shadow(of: view, quad: quad, placement: isParallelogram ? placement : nil, bounds: bounds,
                                 radius: radius, alpha: min(view.pointee.shadow, 1) * ink.alpha)
        }

        // The shadow's layers, then the body: one array, not the body's and the two joined.
        var filled = shadow
        switch style {
        case .panel, .separator:
            filled.append(Fill(shape: body, color: ink))
            return DisplayItem(fills: filled, label: nil)
        case .image:
            let project = projection()
            filled.append(Fill(shape: body, color: ink))
            filled += picture(size: size, radius: radius, opacity: opacity, sky: ink).map {
                Fill(shape: .polygon($0.0.map(project)), color: $0.1)
            }
            return DisplayItem(fills: filled, label: nil)
        case .chevron:
            let outline = chevron(size: size, pointingRight: view.pointee.title == "disclosure")
            return DisplayItem(fills: [Fill(shape: .polygon(outline.map(projection())), color: ink)], label: nil)
        case .button:
            // White on a tinted button, as iOS draws it; dark only on a pale one.
            let text = (ink.luminance > 0.5 ? Palette.darkText : Palette.lightText).fading(opacity)
            let label = line(view.pointee.title, in: size, fontSize: buttonFontShare * size.height, bold: true, centred: true,
                             color: text, placement: placement, slot: slot, widths: &widths)
            filled.append(Fill(shape: body, color: ink))
            return DisplayItem(fills: filled, label: label)
        case .title, .text:
            let label = line(view.pointee.title, in: size, fontSize: lineFontShare * size.height, bold: style == .title,
                             centred: style == .title, color: ink, placement: placement, slot: slot, widths: &widths)
            return label.map { DisplayItem(fills: [], label: $0) }
        case .card, .bar, .dimming, .transparent:
            return nil
        }
    }

    /// One line of text in a `size` box, vertically centred, shrunk to fit its width.
    static func line(_ text: String, in size: Size, fontSize: Double, bold: Bool, centred: Bool, color: RGBA,
                     placement: Transform2D, slot: Int, widths: inout TitleWidths) -> Label? {
        guard !text.isEmpty else { return nil }
        let advance = widths.advance(text, bold: bold, slot: slot)
        let metrics = widths.metrics
        guard advance > 0 else { return nil }
        let fitted = min(fontSize, size.width / advance)
        guard fitted >= 1 else { return nil }
        let baseline = size.height / 2 + (metrics.ascent - metrics.descent) / 2 * fitted
        let centerX = centred ? size.width / 2 : advance * fitted / 2
        return Label(text: text, fontSize: fitted, color: color, centerX: centerX, baseline: baseline, placement: placement,
                     bold: bold)
    }

    /// A chevron as one outline: two arms meeting at the tip, each `chevronStroke` of the
    /// width thick, pointing left (back) or right (disclosure).
    static func chevron(size: Size, pointingRight: Bool) -> [Point] {
        let (w, h) = (size.width, size.height)
        let d = chevronStroke * w
        let left = [Point(x: w - d, y: 0), Point(x: 0, y: h / 2), Point(x: w - d, y: h),
                    Point(x: w, y: h), Point(x: d, y: h / 2), Point(x: w, y: 0)]
        return pointingRight ? left.map { Point(x: w - $0.x, y: $0.y) } : left
    }

    /// A picture's inside: a pale sun and two hills, darker in front, in the picture's
    /// own coordinates; the hills' bottom corners follow the picture's rounded ones.
    static func picture(size: Size, radius: Double, opacity: Double, sky: RGBA) -> [([Point], RGBA)] {
        let (w, h) = (size.width, size.height)
        func mix(_ c: RGBA, with t: Double, _ amount: Double) -> RGBA {
            RGBA(c.red + (t - c.red) * amount, c.green + (t - c.green) * amount, c.blue + (t - c.blue) * amount, sky.alpha)
        }
        // The bottom edge from right to left, round at the corners.
        var bottom: [Point] = []
        let r = min(radius, w / 2, h / 2)
        for (cx, start) in [(w - r, 0.0), (r, Double.pi / 2)] {
            for k in 0...4 {
                let a = start + Double(k) / 4 * Double.pi / 2
                bottom.append(Point(x: cx + r * cos(a), y: h - r + r * sin(a)))
            }
        }
        let far = [Point(x: 0, y: h * 0.62), Point(x: w * 0.34, y: h * 0.38), Point(x: w * 0.7, y: h * 0.66),
                   Point(x: w, y: h * 0.55)] + bottom
        let near = [Point(x: 0, y: h * 0.8), Point(x: w * 0.28, y: h * 0.7), Point(x: w * 0.62, y: h * 0.84),
                    Point(x: w, y: h * 0.72)] + bottom
        let s = 0.1 * min(w, h)
        let sun = (0..<16).map { k -> Point in
            let a = Double(k) / 16 * 2 * Double.pi
            return Point(x: w * 0.76 + s * cos(a), y: h * 0.28 + s * sin(a))
        }
        return [(sun, mix(sky, with: 1, 0.7)), (far, mix(sky, with: 0, 0.25)), (near, mix(sky, with: 0, 0.45))]
    }
}
