import CRenderLibraries
import Foundation
import StagehandCore

/// A cairo image surface that display lists are painted on: the pixels behind PNG and
/// GIF output. One canvas is reused for many frames (clearing is cheaper than
/// allocating); it is a class so the surface is destroyed exactly once, and
/// `@unchecked Sendable` because each canvas is only ever used by one thread at a time
/// (GIF frames are painted in parallel, one canvas per worker).
// @unchecked Sendable: one thread at a time (FramePainter lends each frame being painted an idle canvas, under its lock).
final class Canvas: @unchecked Sendable {
    let width: Int
    let height: Int
    let surface: OpaquePointer
    private let cr: OpaquePointer
    private let cairo: stagehand_cairo
    private let metrics: FontMetrics
    private let outlines: TextOutlines
    /// Screen points to pixels: one uniform scale, the picture centred when the pixel
    /// size has another aspect than the screen.
    private let scale: Double
    private let offset: Point
    /// Pixels per screen point of the picture being painted (a contact sheet's cells are
    /// smaller): how finely curves cut to a clip are flattened.
    private var pixelsPerPoint = 1.0
    /// How far, in pixels, a flattened curve may stray: cairo's own default.
    static let tolerance = 0.1
    /// Whether an item inside convex clips is painted cut to them (see `ConvexPolygon`);
    /// false leaves the clipping to cairo, which the tests compare with.
    var cutsToConvexClips = true
    /// Whether the cut pieces are filled by `PolygonFiller` straight into the pixels
    /// (when cairo draws on the canvas itself, not on a group's layer or in a cell of a
    /// contact sheet); false has cairo fill them, which the tests compare with.
    var fillsPiecesItself = true
    private let filler = PolygonFiller()
    /// The whole canvas in screen points, as a clip: what a title in no clip is cut to.
    private let wholeCanvas: ConvexPolygon?
    /// The clips of the last item cut to its clip, and their intersection: the items of
    /// one tile share them, and they are made once.
    private var lastClips: [Shape] = []
    private var lastClip: ConvexPolygon?
    /// The colours of the fills of the items inside `lastClip` that covered all of it,
    /// not painted yet, back to front: put on the clip's pixels together (see
    /// `paint(_:cutTo:)`).
    private var covering: [RGBA] = []
    /// Whether what is painted now goes straight onto the canvas's pixels with the
    /// canvas's own scale and offset: nothing clips it, no group is open.
    private var drawsOnPixels = false
    /// Whether the titles filled over the whole canvas keep their coverage from frame to
    /// frame (see `TitleCoverages`); false works each out every time, which the tests
    /// compare with.
    var keepsTitleCoverages = true
    private var titleCoverages = TitleCoverages()
    /// How many title coverages are kept, and how many times one was used again (for the
    /// tests).
    var keptTitleCoverages: Int { titleCoverages.count }
    var titleCoveragesUsedAgain: Int { titleCoverages.hits }

    init(width: Int, height: Int, screen: Size) throws(RenderError) {
        guard width > 0, height > 0, width <= Renderer.maximumSide, height <= Renderer.maximumSide else {
            throw RenderError("a picture of \(width)×\(height) pixels: each side must be 1...\(Renderer.maximumSide)")
        }
        let cairo = try RenderLibraries.cairo()
        metrics = try FontMetrics.shared()
        outlines = try TextOutlines.shared()
        // cairo reports failure through the objects' status (it never returns NULL).
        guard let surface = cairo.image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo.surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo.create(surface) else {
            throw RenderError("cairo cannot make a \(width)×\(height) surface (out of memory?)")
        }
        (self.surface, self.cr) = (surface, cr)
        self.cairo = cairo
        self.width = width
        self.height = height
        let sx = Double(width) / max(screen.width, 1e-9), sy = Double(height) / max(screen.height, 1e-9)
        scale = min(sx, sy)
        offset = Point(x: (Double(width) - screen.width * scale) / 2, y: (Double(height) - screen.height * scale) / 2)
        let (left, top) = (-offset.x / scale, -offset.y / scale)
        let (right, bottom) = ((Double(width) - offset.x) / scale, (Double(height) - offset.y) / scale)
        wholeCanvas = ConvexPolygon([Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom),
                                     Point(x: left, y: bottom)])
    }

    deinit {
        cairo.destroy(cr)
        cairo.surface_destroy(surface)
    }

    /// Paints `list` over the whole canvas (what was there before is covered).
    func draw(_ list: DisplayList) {
        cairo.identity_matrix(cr)
        cairo.set_operator(cr, CAIRO_OPERATOR_SOURCE)
        set(list.background)
        cairo.paint(cr)
        cairo.set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo.translate(cr, offset.x, offset.y)
        cairo.scale(cr, scale, scale)
        pixelsPerPoint = scale
        titleCoverages.startFrame()
        drawsOnPixels = true
        paintItems(list)
        drawsOnPixels = false
        cairo.surface_flush(surface)
    }

    /// Paints `list` into `cell` (canvas points), its screen scaled uniformly to fit and
    /// centred, nothing outside the cell touched: one picture of a contact sheet.
    func draw(_ list: DisplayList, into cell: Rect) {
        cairo.identity_matrix(cr)
        cairo.translate(cr, offset.x, offset.y)
        cairo.scale(cr, scale, scale)
        cairo.save(cr)
        cairo.rectangle(cr, cell.origin.x, cell.origin.y, cell.width, cell.height)
        cairo.clip(cr)
        set(list.background)
        cairo.paint(cr)
        let fit = min(cell.width / max(list.screen.width, 1e-9), cell.height / max(list.screen.height, 1e-9))
        cairo.translate(cr, cell.midX - list.screen.width * fit / 2, cell.midY - list.screen.height * fit / 2)
        cairo.scale(cr, fit, fit)
        pixelsPerPoint = scale * fit
        paintItems(list)
        cairo.restore(cr)
        cairo.surface_flush(surface)
    }

    /// Fills the whole canvas with `color`.
    func clear(_ color: RGBA) {
        cairo.identity_matrix(cr)
        cairo.set_operator(cr, CAIRO_OPERATOR_SOURCE)
        set(color)
        cairo.paint(cr)
        cairo.set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    /// Draws one label in canvas points (a caption).
    func caption(_ label: Label) {
        cairo.identity_matrix(cr)
        cairo.translate(cr, offset.x, offset.y)
        cairo.scale(cr, scale, scale)
        draw(label)
        cairo.surface_flush(surface)
    }

    private func paintItems(_ list: DisplayList) {
        // The groups open, innermost last: each is a layer cairo pushed.
        var open: [(alpha: Double, additive: Bool)] = []
        let onCanvas = drawsOnPixels
        lastClips = []
        lastClip = nil
        defer { paintCovering() }
        for item in list.items {
            if item.group != nil || item.clips.isEmpty || item.clips != lastClips { paintCovering() }
            if let mark = item.group {
                switch mark {
                case .begin(let alpha, let additive):
                    cairo.push_group(cr)
                    open.append((alpha, additive))
                    drawsOnPixels = false
                case .end:
                    guard let group = open.popLast() else { continue }
                    cairo.pop_group_to_source(cr)
                    cairo.set_operator(cr, group.additive ? CAIRO_OPERATOR_ADD : CAIRO_OPERATOR_OVER)
                    cairo.paint_with_alpha(cr, group.alpha)
                    cairo.set_operator(cr, CAIRO_OPERATOR_OVER)
                    drawsOnPixels = open.isEmpty && onCanvas
                }
                continue
            }
            if !item.clips.isEmpty, cutsToConvexClips, let clip = convexClip(item.clips) {
                paint(item, cutTo: clip)
                continue
            }
            paintCovering()
            if !item.clips.isEmpty {
                cairo.save(cr)
                for clip in item.clips {
                    add(clip)
                    cairo.clip(cr)
                }
            }
            for fill in item.fills {
                add(fill.shape)
                set(fill.color)
                cairo.fill(cr)
            }
            if let label = item.label {
                // A title in no clip (a screen's, its bar's) is cut to the canvas and
                // filled like a tile's: cairo's fill of its curved letters, one scan of
                // 15 samples a pixel row per title per frame, was a tenth of a long GIF's
                // time.
                if item.clips.isEmpty, drawsOnPixels, fillsPiecesItself, cutsToConvexClips, let whole = wholeCanvas {
                    if keepsTitleCoverages {
                        paintTitle(label, cutTo: whole)
                    } else {
                        paint(label, cutTo: whole)
                    }
                } else {
                    draw(label)
                }
            }
            if !item.clips.isEmpty { cairo.restore(cr) }
        }
    }

    /// The intersection of `clips` when each is convex (nil when one is not).
    private func convexClip(_ clips: [Shape]) -> ConvexPolygon? {
        if clips == lastClips { return lastClip }
        lastClips = clips
        lastClip = intersection(of: clips)
        return lastClip
    }

    private func intersection(of clips: [Shape]) -> ConvexPolygon? {
        let tolerance = Self.tolerance / pixelsPerPoint
        guard var clip = ConvexPolygon(clips[0], tolerance: tolerance) else { return nil }
        for shape in clips.dropFirst() {
            guard let next = ConvexPolygon(shape, tolerance: tolerance) else { return nil }
            clip = clip.intersection(next)
        }
        return clip
    }

    /// Paints `item` inside the convex `clip` without a clip in cairo: each fill's
    /// outline, and its title's, cut to the clip first (see `ConvexPolygon`).
    ///
    /// Fills that cover the whole clip one after the other (a tile of a screen: the
    /// screen's colour, then the panel the tile lies in) are filled together, the tile's
    /// outline worked once for all of them (`PolygonFiller.fill(_:colors:…)`): the same
    /// bytes as one after the other.
    private func paint(_ item: DisplayItem, cutTo clip: ConvexPolygon) {
        guard !clip.isEmpty else { return }
        let tolerance = Self.tolerance / pixelsPerPoint
        let merges = drawsOnPixels && fillsPiecesItself
        for fill in item.fills where fill.color.alpha > 0 {
            if merges, fill.shape.covers(clip) {
                covering.append(fill.color)
                continue
            }
            paintCovering()
            // A panel that misses the tile (though it meets the tile's box) is not made.
            if let box = fill.shape.placedBox, clip.excludesBox(box.minX, box.minY, box.maxX, box.maxY) { continue }
            let piece = clip.clip(fill.shape.outline(tolerance: tolerance))
            guard !piece.isEmpty else { continue }
            fillPieces(CollectionOfOne(piece), CollectionOfOne(fill.color))
        }
        if let label = item.label { paint(label, cutTo: clip) }
    }

    /// Fills `label`'s letters cut to the convex `clip` (screen points), by the filler
    /// when the pixels are the canvas's.
    private func paint(_ label: Label, cutTo clip: ConvexPolygon) {
        if label.color.alpha > 0 {
            paintCovering()
            let tolerance = Self.tolerance / pixelsPerPoint
            let t = outlineTransform(label)
            let pieces = outlines.outline(label.text, bold: label.bold).pieces(cutTo: clip, transform: t, tolerance: tolerance)
            guard !pieces.isEmpty else { return }
            fillPieces(pieces, CollectionOfOne(label.color))
        }
    }

    /// Fills `label`'s letters cut to the whole canvas `whole` (a title in no clip) by
    /// the filler, with the coverage kept from an earlier frame when it was at the same
    /// place (see `TitleCoverages`): the bytes of `paint(_:cutTo:)`.
    private func paintTitle(_ label: Label, cutTo whole: ConvexPolygon) {
        guard label.color.alpha > 0 else { return }
        paintCovering()
        let tolerance = Self.tolerance / pixelsPerPoint
        let t = outlineTransform(label)
        let outline = outlines.outline(label.text, bold: label.bold)
        let key = TitleCoverages.Key(outline: outline, transform: t, tolerance: tolerance)
        let coverage = titleCoverages.coverage(for: key) {
            filler.coverage(of: outline.pieces(cutTo: whole, transform: t, tolerance: tolerance), scale: scale,
                            offset: offset, width: width, height: height)
        }
        guard coverage.width > 0, coverage.height > 0 else { return }
        withPixelsToFill { pixels, stride in
            filler.fill(coverage, colors: CollectionOfOne(label.color), pixels: pixels, stride: stride)
        }
    }

    /// The outline's space onto the screen for `label`: scaled by its size, moved to the
    /// label's start, then placed.
    private func outlineTransform(_ label: Label) -> Transform2D {
        let advance = metrics.advance(label.text, bold: label.bold) * label.fontSize
        let k = label.fontSize / TextOutlines.size
        let p = label.placement
        let (ox, oy) = (label.centerX - advance / 2, label.baseline)
        return Transform2D(a: p.a * k, b: p.b * k, c: p.c * k, d: p.d * k,
                           tx: p.a * ox + p.c * oy + p.tx, ty: p.b * ox + p.d * oy + p.ty)
    }

    /// Fills the whole of `lastClip` with the colours of the fills that covered it.
    private func paintCovering() {
        guard !covering.isEmpty else { return }
        defer { covering.removeAll(keepingCapacity: true) }
        guard let clip = lastClip, !clip.isEmpty else { return }
        fillPieces(CollectionOfOne(clip.points), covering)
    }

    /// Fills `polygons` (screen points, non-zero) with each of `colors` in turn: by
    /// `PolygonFiller` when the pixels are the canvas's, else by cairo.
    private func fillPieces(_ polygons: some Collection<[Point]>, _ colors: some Collection<RGBA>) {
        guard drawsOnPixels, fillsPiecesItself else {
            for color in colors {
                add(polygons)
                set(color)
                cairo.fill(cr)
            }
            return
        }
        withPixelsToFill { pixels, stride in
            filler.fill(polygons, colors: colors, scale: scale, offset: offset, pixels: pixels, stride: stride,
                        width: width, height: height)
        }
    }

    /// Hands `body` the canvas's pixels and their stride in words, to change them outside
    /// cairo (cairo is told before and after).
    private func withPixelsToFill(_ body: (UnsafeMutablePointer<UInt32>, Int) -> Void) {
        cairo.surface_flush(surface)
        let stride = Int(cairo.image_surface_get_stride(surface)) / 4
        let data = UnsafeMutableRawPointer(cairo.image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
        body(data, stride)
        cairo.surface_mark_dirty(surface)
    }

    /// Replaces the current path with the closed polygons `polygons`, in screen points.
    private func add(_ polygons: some Collection<[Point]>) {
        cairo.new_path(cr)
        for polygon in polygons {
            guard let first = polygon.first else { continue }
            cairo.move_to(cr, first.x, first.y)
            for p in polygon.dropFirst() { cairo.line_to(cr, p.x, p.y) }
            cairo.close_path(cr)
        }
    }

    private func set(_ c: RGBA) {
        cairo.set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    /// Adds the outline to the current path, in screen points.
    private func add(_ shape: Shape) {
        cairo.new_path(cr)
        switch shape {
        case .polygon(let points):
            guard let first = points.first else { return }
            cairo.move_to(cr, first.x, first.y)
            for p in points.dropFirst() { cairo.line_to(cr, p.x, p.y) }
            cairo.close_path(cr)
        case .roundedRect(let rect, let radius, let placement):
            cairo.save(cr)
            var m = cairo_matrix_t(xx: placement.a, yx: placement.b, xy: placement.c, yy: placement.d,
                                   x0: placement.tx, y0: placement.ty)
            cairo.transform(cr, &m)
            let (x, y, w, h) = (rect.origin.x, rect.origin.y, rect.width, rect.height)
            let r = min(radius, w / 2, h / 2)
            if r <= 0 {
                cairo.rectangle(cr, x, y, w, h)
            } else {
                cairo.new_sub_path(cr)
                cairo.arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
                cairo.arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
                cairo.arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
                cairo.arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
                cairo.close_path(cr)
            }
            // The path is kept in device space: the placement is not needed to fill it.
            cairo.restore(cr)
        }
    }

    /// The label's text filled from its outline (see `TextOutlines`), only the contours
    /// that reach the clip in force.
    private func draw(_ label: Label) {
        cairo.save(cr)
        let p = label.placement
        var m = cairo_matrix_t(xx: p.a, yx: p.b, xy: p.c, yy: p.d, x0: p.tx, y0: p.ty)
        cairo.transform(cr, &m)
        let advance = metrics.advance(label.text, bold: label.bold) * label.fontSize
        cairo.translate(cr, label.centerX - advance / 2, label.baseline)
        let k = label.fontSize / TextOutlines.size
        cairo.scale(cr, k, k)
        // The clip's box in the outline's space (the whole canvas when nothing clips).
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo.clip_extents(cr, &x1, &y1, &x2, &y2)
        cairo.new_path(cr)
        outlines.outline(label.text, bold: label.bold).append(to: cr, cairo: cairo, within: x1, y1, x2, y2)
        set(label.color)
        cairo.fill(cr)
        cairo.restore(cr)
    }

    /// The pixels as cairo keeps them: native-endian 0xAARRGGBB, premultiplied, rows
    /// `stride` bytes apart.
    func withPixels<R>(_ body: (UnsafeBufferPointer<UInt32>, _ stride: Int) throws -> R) rethrows -> R {
        let stride = Int(cairo.image_surface_get_stride(surface)) / 4
        let data = cairo.image_surface_get_data(surface)!
        let pixels = UnsafeBufferPointer(start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self), count: stride * height)
        return try body(pixels, stride)
    }
}
