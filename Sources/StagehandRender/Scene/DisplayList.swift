import Foundation
import StagehandCore
import StagehandTrace

/// One frame of a trace as a list of things to paint, back to front, in screen points:
/// the one description both backends (cairo for PNG and GIF, SVG for SVG and HTML) draw,
/// so every format shows the same picture.
///
/// A view is painted when it shows: not hidden (nor inside a hidden view) and with an
/// opacity (its alpha times its ancestors') above zero. Screens are cards coloured from
/// their titles, navigation bars light bars, dimming views black at 40 %, containers
/// nothing; a colour recorded in the trace wins over all of these.
struct DisplayList: Sendable {
    var screen: Size
    var background: RGBA
    var items: [DisplayItem]

    /// Screen titles in points before fitting to the card.
    static let cardTitleSize = 28.0
    /// UIKit's navigation bar title.
    static let barTitleSize = 17.0
    /// The blur of a shadow, approximated by layers grown by this much each.
    static let shadowStep = 2.5
    static let shadowLayers = 5
    /// Each layer's share of the shadow's opacity: the layers pile up to about half of
    /// it under the view's edge and fade out over `shadowStep × shadowLayers` points.
    static let shadowLayerAlpha = 0.12

    /// `metrics` measures the titles (see `FontMetrics`).
    init(frame: Trace.Frame, screen: Size, metrics: FontMetrics) {
        self.screen = screen
        background = Palette.background
        items = []
        var hiddenAt: Int?
        let views = frame.views
        for (index, view) in views.enumerated() {
            if let depth = hiddenAt {
                if view.depth > depth { continue }
                hiddenAt = nil
            }
            if view.hidden {
                hiddenAt = view.depth
                continue
            }
            // A screen with content shows its content, not its title in the middle.
            let hasContent = index + 1 < views.count && views[index + 1].depth == view.depth + 1
                && ViewStyle(views[index + 1]).isContent
            guard view.opacity > 0.001, let item = Self.item(for: view, titled: !hasContent, metrics: metrics) else { continue }
            items.append(item)
        }
    }

    static func item(for view: Trace.ViewRecord, titled: Bool = true, metrics: FontMetrics) -> DisplayItem? {
        guard let quad = Quad(view.corners), abs(quad.doubleArea) > 1e-6 else { return nil }
        let style = ViewStyle(view)
        if style.isContent { return contentItem(for: view, style: style, quad: quad, metrics: metrics) }
        let own = view.color.flatMap { $0.count == 4 ? RGBA($0[0], $0[1], $0[2], $0[3]) : nil }
        let body: RGBA?
        switch style {
        case .card: body = own ?? Palette.card(for: view.title)
        case .bar: body = own ?? Palette.navigationBar
        case .dimming: body = own ?? Palette.dimming
        case .transparent: body = own
        case .panel, .separator, .image, .button, .title, .text, .chevron: return nil
        }
        let size = quad.localSize(transform: view.transform, frame: view.frame)
        let placement = quad.placement(for: size)
        let radius = max(0, min(view.cornerRadius, size.width / 2, size.height / 2))
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)

        func shape(_ rect: Rect, radius: Double) -> Shape {
            if quad.isParallelogram, let placement { return .roundedRect(rect, radius: radius, placement: placement) }
            return .polygon(quad.points)
        }

        var fills: [Fill] = []
        if let body, body.isVisible {
            if view.shadow > 0.001 {
                fills += Self.shadow(quad: quad, placement: quad.isParallelogram ? placement : nil, bounds: bounds, radius: radius,
                                alpha: min(view.shadow, 1) * view.opacity * body.alpha)
            }
            fills.append(Fill(shape: shape(bounds, radius: radius), color: body.fading(view.opacity)))
        }
        if style == .bar, size.height > 1, quad.isParallelogram, let placement {
            let line = Rect(x: 0, y: size.height - 0.5, width: size.width, height: 0.5)
            fills.append(Fill(shape: .roundedRect(line, radius: 0, placement: placement), color: Palette.hairline.fading(view.opacity)))
        }
        let label = !titled ? nil : placement.flatMap { Self.label(for: view, style: style, size: size, placement: $0, on: body, metrics: metrics) }
        guard !fills.isEmpty || label != nil else { return nil }
        return DisplayItem(fills: fills, label: label)
    }

    /// The layers of a soft shadow, each the shape grown a little more.
    static func shadow(quad: Quad, placement: Transform2D?, bounds: Rect, radius: Double, alpha: Double) -> [Fill] {
        let color = RGBA(0, 0, 0, alpha * shadowLayerAlpha)
        return (1...shadowLayers).reversed().compactMap { i in
            let grow = shadowStep * Double(i)
            if let placement {
                // Grow in the view's own units, so the shadow is `grow` points wide on screen.
                let gx = grow / max(hypot(placement.a, placement.b), 1e-6)
                let gy = grow / max(hypot(placement.c, placement.d), 1e-6)
                let rect = Rect(x: -gx, y: -gy, width: bounds.width + 2 * gx, height: bounds.height + 2 * gy)
                return Fill(shape: .roundedRect(rect, radius: radius + min(gx, gy), placement: placement), color: color)
            }
            return PolygonOffset.grow(quad.points, by: grow).map { Fill(shape: .polygon($0), color: color) }
        }
    }

    /// A card's title, centred and shrunk to fit; a bar's title, centred in the bar.
    static func label(for view: Trace.ViewRecord, style: ViewStyle, size: Size, placement: Transform2D, on fill: RGBA?,
                      metrics: FontMetrics) -> Label? {
        let text = view.title
        guard !text.isEmpty, text != view.kind, text != "view" else { return nil }
        let advance = metrics.advance(text)
        guard advance > 0 else { return nil }
        let color: RGBA
        var fontSize: Double
        switch style {
        case .card:
            fontSize = cardTitleSize
            color = Palette.text(on: fill ?? Palette.background)
        case .bar:
            fontSize = barTitleSize
            color = Palette.barTitle
        case .dimming, .transparent, .panel, .separator, .image, .button, .title, .text, .chevron:
            return nil
        }
        fontSize = min(fontSize, 0.8 * size.width / advance, 0.6 * size.height)
        guard fontSize >= 1 else { return nil }
        let baseline = size.height / 2 + (metrics.ascent - metrics.descent) / 2 * fontSize
        return Label(text: text, fontSize: fontSize, color: color.fading(view.opacity), centerX: size.width / 2,
                     baseline: baseline, placement: placement)
    }
}
