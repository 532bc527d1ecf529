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
/// nothing; a colour recorded in the trace wins over all of these. The fingers on the
/// screen, when the frame has any, are dots above everything (`TouchDot`).
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
        var widths = TitleWidths(metrics: metrics)
        self.init(frame: frame, screen: screen, widths: &widths)
    }

    /// `widths` measures the titles, reusing what it measured for the views of the
    /// frame before (see `TitleWidths`).
    init(frame: Trace.Frame, screen: Size, widths: inout TitleWidths) {
        var storage: [DisplayItem] = []
        self.init(frame: frame, screen: screen, widths: &widths, reusing: &storage)
    }

    /// The list of `frame` (see above), its items made in `storage`'s array, emptied
    /// (`storage` is left empty): a painting worker hands each list's array back for the
    /// next frame (`recycle`). A new array for every frame was fresh pages each time
    /// (the allocator hands freed memory back to the system), all faulted in again.
    init(frame: Trace.Frame, screen: Size, widths: inout TitleWidths, reusing storage: inout [DisplayItem]) {
        self.screen = screen
        background = Palette.background
        items = []
        swap(&items, &storage)
        items.removeAll(keepingCapacity: true)
        // Nearly every view gives one item: room for them at once, rather than an
        // array grown by doubling (and copied at each step) for every frame.
        items.reserveCapacity(frame.views.count + 8)
        var hiddenAt: Int?
        // Clipping in force: each entry applies to the views deeper than its depth.
        var clipping: [(depth: Int, shape: Shape)] = []
        let views = frame.views
        // Groups open: each closes before the next view not deeper than its depth. A
        // plus-lighter view is a group of its own (drawn opaque, then added with its
        // opacity), inside its parent's isolated group; `opacity` is what the group's
        // items are drawn relative to.
        let isolated = Self.parentsOfPlusLighterViews(views)
        var groups: [(depth: Int, opacity: Double)] = []
        // The records are read in place, through a pointer (a frame has hundreds, each a
        // few dozen fields: copying one, as passing `views[index]` on does, costs more
        // than drawing it); the opacity a group changes is kept beside the record instead.
        // The shapes of `clipping` are made into the items' array again only when it
        // changes, so the items inside the same clips share one array.
        var clips: [Shape] = []
        var clipsChanged = false
        // The style of the view after this one, when this one worked it out (to tell
        // whether it has content): that view's own, kept for it rather than made again.
        var followingStyle: ViewStyle?
        views.withUnsafeBufferPointer { views in
            for index in views.indices {
                let view = views.baseAddress! + index
                let depth = view.pointee.depth
                let knownStyle = followingStyle
                followingStyle = nil
                while let last = groups.last, last.depth >= depth {
                    groups.removeLast()
                    items.append(.group(.end))
                }
                if let hidden = hiddenAt {
                    if depth > hidden { continue }
                    hiddenAt = nil
                }
                var opacity = view.pointee.opacity
                if let within = groups.last?.opacity, within > 0 { opacity /= within }
                while let last = clipping.last, last.depth >= depth {
                    clipping.removeLast()
                    clipsChanged = true
                }
                if view.pointee.compositing == "plus-lighter", !view.pointee.hidden {
                    guard opacity > 0.001 else {
                        hiddenAt = depth
                        continue
                    }
                    items.append(.group(.begin(alpha: min(opacity, 1), additive: true)))
                    groups.append((depth, view.pointee.opacity))
                    opacity = 1
                }
                let quad = Quad(view.pointee.cornerList)
                // A layer that is not double-sided is not drawn while its back faces the
                // viewer (its corners run counter-clockwise on screen), nor is what is in it.
                if view.pointee.hidden || (view.pointee.doubleSided == false && quad.map { $0.doubleArea < 0 } == true) {
                    hiddenAt = depth
                    continue
                }
                // Most views clip nothing: no shapes, and nothing of them copied about.
                let clipsSome = view.pointee.clips == true || view.pointee.mask != nil
                let shapes = clipsSome ? Self.clipShapes(of: view, quad: quad) : (mask: nil, bounds: nil)
                if clipsSome, let mask = shapes.mask {
                    clipping.append((depth - 1, mask))
                    clipsChanged = true
                }
                // A screen with content shows its content, not its title in the middle.
                var hasContent = false
                if index + 1 < views.count, views[index + 1].depth == depth + 1 {
                    let next = ViewStyle(kind: views[index + 1].kind, source: views[index + 1].source)
                    followingStyle = next
                    hasContent = next.isContent
                }
                if opacity > 0.001, let quad,
                   var item = Self.item(for: view, style: knownStyle, quad: quad, opacity: opacity, titled: !hasContent,
                                        slot: index, widths: &widths) {
                    if clipsChanged {
                        clips = clipping.map(\.shape)
                        clipsChanged = false
                    }
                    item.clips = clips
                    items.append(item)
                }
                // The mask clips the view and what is in it; clipsToBounds only what is in it.
                if clipsSome {
                    if let mask = shapes.mask {
                        clipping.removeLast()
                        clipping.append((depth, mask))
                    }
                    if let bounds = shapes.bounds {
                        clipping.append((depth, bounds))
                        clipsChanged = true
                    }
                }
                if isolated.contains(index) {
                    items.append(.group(.begin(alpha: 1, additive: false)))
                    groups.append((depth, groups.last?.opacity ?? 1))
                }
            }
        }
        for _ in groups { items.append(.group(.end)) }
        items += TouchDot.items(at: frame.touches ?? [])
    }

    /// The indexes of the views that hold a plus-lighter subview: each is drawn as an
    /// isolated group, so its subviews add up among themselves, not onto what lies
    /// behind it.
    static func parentsOfPlusLighterViews(_ views: [Trace.ViewRecord]) -> Set<Int> {
        var out: Set<Int> = []
        // Most frames have none: one look at each record, without keeping the path to it.
        guard views.indices.contains(where: { views[$0].compositing != nil }) else { return out }
        var path: [Int] = []
        for index in views.indices {
            let depth = views[index].depth
            while path.count > depth { path.removeLast() }
            if views[index].compositing == "plus-lighter", let parent = path.last, views[parent].depth == depth - 1 {
                out.insert(parent)
            }
            path.append(index)
        }
        return out
    }

    /// The outlines a view clips to: its mask (itself and its subviews) and, with
    /// `clips`, its bounds rounded by its corner radius (its subviews). Affine views get
    /// exact rounded rectangles; under perspective the bounds are the exact quad (its
    /// corners not rounded) and the mask its outline carried by the projection.
    /// `quad` is the view's `Quad` of its corners (nil when they are not four points).
    static func clipShapes(of view: UnsafePointer<Trace.ViewRecord>, quad: Quad?) -> (mask: Shape?, bounds: Shape?) {
        guard view.pointee.clips == true || view.pointee.mask != nil else { return (nil, nil) }
        guard let quad, abs(quad.doubleArea) > 1e-6 else {
            // A view seen edge-on shows nothing of what it clips or masks.
            return (.polygon([]), nil)
        }
        let size = view.pointee.size.flatMap { $0.count == 2 && $0[0] > 0 && $0[1] > 0 ? Size(width: $0[0], height: $0[1]) : nil }
            ?? quad.localSize(transform: view.pointee.transformList, frame: view.pointee.frameList)
        let placement = quad.placement(for: size)
        let isParallelogram = quad.isParallelogram
        func outline(_ rect: Rect, radius: Double) -> Shape {
            let r = max(0, min(radius, rect.width / 2, rect.height / 2))
            if isParallelogram, let placement { return .roundedRect(rect, radius: r, placement: placement) }
            guard let project = quad.projection(for: size) else { return .polygon([]) }
            return .polygon(RoundedOutline.points(rect, radius: r).map(project))
        }
        var mask: Shape?
        if let m = view.pointee.mask {
            mask = m.count == 5 && m.allSatisfy(\.isFinite) && m[2] > 0 && m[3] > 0
                ? outline(Rect(x: m[0], y: m[1], width: m[2], height: m[3]), radius: m[4]) : .polygon([])
        }
        var bounds: Shape?
        if view.pointee.clips == true {
            bounds = isParallelogram
                ? outline(Rect(x: 0, y: 0, width: size.width, height: size.height), radius: view.pointee.cornerRadius)
                : .polygon(quad.points)
        }
        return (mask, bounds)
    }

    /// What the record at `view` draws, at `opacity` (the one the trace records, or less
    /// inside a group that applies some of it to the whole group); `quad` is its corners.
    /// `slot` is the view's index in its frame, under which `widths` remembers its title.
    /// `style` is the view's, when already known (else worked out from its record).
    static func item(for view: UnsafePointer<Trace.ViewRecord>, style: ViewStyle? = nil, quad: Quad, opacity: Double,
                     titled: Bool, slot: Int, widths: inout TitleWidths) -> DisplayItem? {
        guard abs(quad.doubleArea) > 1e-6 else { return nil }
        let style = style ?? ViewStyle(kind: view.pointee.kind, source: view.pointee.source)
        if style.isContent { return contentItem(for: view, opacity: opacity, style: style, quad: quad, slot: slot, widths: &widths) }
        let own = view.pointee.colorList.flatMap { $0.count == 4 ? RGBA($0[0], $0[1], $0[2], $0[3]) : nil }
        let body: RGBA?
        switch style {
        case .card: body = own ?? Palette.card(for: view.pointee.title)
        case .bar: body = own ?? Palette.navigationBar
        case .dimming: body = own ?? Palette.dimming
        case .transparent: body = own
        case .panel, .separator, .image, .button, .title, .text, .chevron: return nil
        }
        let size = quad.localSize(transform: view.pointee.transformList, frame: view.pointee.frameList)
        let placement = quad.placement(for: size)
        let radius = max(0, min(view.pointee.cornerRadius, size.width / 2, size.height / 2))
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)

        let isParallelogram = quad.isParallelogram
        func shape(_ rect: Rect, radius: Double) -> Shape {
            if isParallelogram, let placement { return .roundedRect(rect, radius: radius, placement: placement) }
            return .polygon(quad.points)
        }

        var fills: [Fill] = []
        if let body, body.isVisible {
            if view.pointee.shadow > 0.001 {
                fills += Self.shadow(of: view, quad: quad, placement: isParallelogram ? placement : nil, bounds: bounds,
                                     radius: radius, alpha: min(view.pointee.shadow, 1) * opacity * body.alpha)
            }
            fills.append(Fill(shape: shape(bounds, radius: radius), color: body.fading(opacity)))
        }
        if style == .bar, size.height > 1, isParallelogram, let placement {
            let line = Rect(x: 0, y: size.height - 0.5, width: size.width, height: 0.5)
            fills.append(Fill(shape: .roundedRect(line, radius: 0, placement: placement), color: Palette.hairline.fading(opacity)))
        }
        var label: Label?
        if titled, let placement {
            label = Self.label(for: view, opacity: opacity, style: style, size: size, placement: placement, on: body, slot: slot,
                               widths: &widths)
        }
        guard !fills.isEmpty || label != nil else { return nil }
        return DisplayItem(fills: fills, label: label)
    }

    /// The layers of a soft shadow, each the shape grown a little more: `shadowStep` ×
    /// radius / 3 points per layer (CALayer's default radius, 3, draws 2.5 pt steps),
    /// moved by the shadow's offset (on screen; CALayer's default is 3 pt up) and in its
    /// colour (black by default), its alpha times the shadow's opacity.
    static func shadow(of view: UnsafePointer<Trace.ViewRecord>, quad: Quad, placement: Transform2D?, bounds: Rect,
                       radius: Double, alpha: Double) -> [Fill] {
        let shadowRadius = max(0, view.pointee.shadowRadius ?? 3)
        let offset = view.pointee.shadowOffset.flatMap {
            $0.count == 2 && $0.allSatisfy(\.isFinite) ? Point(x: $0[0], y: $0[1]) : nil
        } ?? Point(x: 0, y: -3)
        let tint = view.pointee.shadowColor.flatMap { $0.count == 4 ? RGBA($0[0], $0[1], $0[2], $0[3]) : nil } ?? RGBA(0, 0, 0)
        let color = RGBA(tint.red, tint.green, tint.blue, tint.alpha * alpha * shadowLayerAlpha)
        let step = shadowStep * shadowRadius / 3
        return (1...shadowLayers).reversed().compactMap { i in
            let grow = step * Double(i)
            if var placement {
                placement.tx += offset.x
                placement.ty += offset.y
                // Grow in the view's own units, so the shadow is `grow` points wide on screen.
                let gx = grow / max(hypot(placement.a, placement.b), 1e-6)
                let gy = grow / max(hypot(placement.c, placement.d), 1e-6)
                let rect = Rect(x: -gx, y: -gy, width: bounds.width + 2 * gx, height: bounds.height + 2 * gy)
                return Fill(shape: .roundedRect(rect, radius: radius + min(gx, gy), placement: placement), color: color)
            }
            let moved = quad.points.map { Point(x: $0.x + offset.x, y: $0.y + offset.y) }
            if grow == 0 { return Fill(shape: .polygon(moved), color: color) }
            return PolygonOffset.grow(moved, by: grow).map { Fill(shape: .polygon($0), color: color) }
        }
    }

    /// A card's title, centred and shrunk to fit; a bar's title, centred in the bar.
    static func label(for view: UnsafePointer<Trace.ViewRecord>, opacity: Double, style: ViewStyle, size: Size,
                      placement: Transform2D, on fill: RGBA?, slot: Int, widths: inout TitleWidths) -> Label? {
        let text = view.pointee.title
        guard !text.isEmpty, text != view.pointee.kind, text != "view" else { return nil }
        let advance = widths.advance(text, bold: true, slot: slot)
        let metrics = widths.metrics
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
        return Label(text: text, fontSize: fontSize, color: color.fading(opacity), centerX: size.width / 2,
                     baseline: baseline, placement: placement)
    }
}
