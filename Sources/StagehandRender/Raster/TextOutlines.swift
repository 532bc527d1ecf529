import CRenderLibraries
import Foundation
import StagehandCore
import StagehandShared

/// The outlines of the titles the canvas draws, made once per text and face and filled
/// as paths under each label's own transform.
///
/// cairo's `show_text` rasterises glyphs per scaled font, that is per font matrix: a
/// label at a new scale or angle (every frame of a transition that turns or shrinks a
/// screen, and every tile of an exploding one) makes a new scaled font and loads and
/// renders each of its glyphs again, and the font cache's churn destroys as many. That
/// was most of the time of the effects that turn screens. An outline is independent of
/// the matrix: filling it costs the same at any scale or angle.
///
/// Each text's path is kept contour by contour with its bounding box, so a label drawn
/// inside a clip (a tile of a screen) fills only the contours that reach the clip. A
/// contour left out lies wholly outside the clip, so what shows is the same with or
/// without it, whatever the fill rule makes of holes.
final class TextOutlines: Sendable {
    /// The size the outlines are taken at: cairo hands paths back in 24.8 fixed point,
    /// so at this size the rounding is a few millionths of an em.
    static let size = 1000.0

    /// One text's outline at `size`, its origin on the baseline at the start of the text.
    final class Outline: @unchecked Sendable {
        // Immutable after init; the storage is read by cairo (`append_path`) only.
        let data: UnsafeMutableBufferPointer<cairo_path_data_t>
        /// Each closed contour: where its entries are in `data`, and its box.
        let contours: [Contour]

        struct Contour {
            var start: Int
            var count: Int
            var minX, minY, maxX, maxY: Double
        }

        init(copying path: UnsafePointer<cairo_path_t>) {
            let n = path.pointee.status == CAIRO_STATUS_SUCCESS ? max(0, Int(path.pointee.num_data)) : 0
            data = .allocate(capacity: n)
            if n > 0, let source = path.pointee.data {
                _ = data.initialize(from: UnsafeBufferPointer(start: source, count: n))
            }
            var contours: [Contour] = []
            var i = 0
            var current: Contour?
            while i < n {
                let header = data[i].header
                let length = max(1, Int(header.length))
                if header.type == CAIRO_PATH_MOVE_TO {
                    if let c = current { contours.append(c) }
                    current = Contour(start: i, count: 0, minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
                }
                if var c = current {
                    for k in 1..<length where i + k < n {
                        let p = data[i + k].point
                        c.minX = min(c.minX, p.x); c.maxX = max(c.maxX, p.x)
                        c.minY = min(c.minY, p.y); c.maxY = max(c.maxY, p.y)
                    }
                    c.count = i + length - c.start
                    current = c
                }
                i += length
            }
            if let c = current { contours.append(c) }
            self.contours = contours
        }

        deinit {
            data.deallocate()
        }

        /// Adds the contours whose boxes meet the box `x1...x2 × y1...y2` (in the
        /// outline's space) to `cr`'s path; all of them when every one does.
        func append(to cr: OpaquePointer, cairo: stagehand_cairo, within x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
            let meets = { (c: Contour) in c.maxX >= x1 && c.minX <= x2 && c.maxY >= y1 && c.minY <= y2 }
            if contours.allSatisfy(meets) {
                var path = cairo_path_t(status: CAIRO_STATUS_SUCCESS, data: data.baseAddress, num_data: Int32(data.count))
                cairo.append_path(cr, &path)
                return
            }
            for c in contours where meets(c) {
                var path = cairo_path_t(status: CAIRO_STATUS_SUCCESS, data: data.baseAddress! + c.start, num_data: Int32(c.count))
                cairo.append_path(cr, &path)
            }
        }
    }

    private struct Key: Hashable {
        var text: String
        var bold: Bool
    }

    private let cairo: stagehand_cairo
    private let metrics: FontMetrics
    private let outlines = Locked<[Key: Outline]>([:])

    init(cairo: stagehand_cairo, metrics: FontMetrics) {
        self.cairo = cairo
        self.metrics = metrics
    }

    /// The process's outlines, made on first use.
    static func shared() throws(RenderError) -> TextOutlines {
        try loaded.get()
    }

    private static let loaded = Result { () throws(RenderError) in
        TextOutlines(cairo: try RenderLibraries.cairo(), metrics: try FontMetrics.shared())
    }

    /// The outline of `text` in the bold or the regular face, at `size`.
    func outline(_ text: String, bold: Bool) -> Outline {
        let key = Key(text: text, bold: bold)
        if let known = outlines.withLock({ $0[key] }) { return known }
        let made = make(text, bold: bold)
        return outlines.withLock { table in
            if let other = table[key] { return other }
            table[key] = made
            return made
        }
    }

    private func make(_ text: String, bold: Bool) -> Outline {
        let surface = cairo.image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let cr = cairo.create(surface)!
        defer {
            cairo.destroy(cr)
            cairo.surface_destroy(surface)
        }
        metrics.select(on: cr, size: Self.size, bold: bold)
        cairo.move_to(cr, 0, 0)
        cairo.text_path(cr, text)
        let path = cairo.copy_path(cr)!
        defer { cairo.path_destroy(path) }
        return Outline(copying: path)
    }
}

extension TextOutlines.Outline {
    /// The contours that reach `clip`, carried onto the screen by `transform`, their
    /// curves flattened to within `tolerance` and each cut to `clip`: the pieces to fill
    /// (non-zero) with no clip, which show what filling the outline inside the clip shows.
    func pieces(cutTo clip: ConvexPolygon, transform t: Transform2D, tolerance: Double) -> [[Point]] {
        var out: [[Point]] = []
        var points: [Point] = []
        for c in contours {
            // The contour's box carried onto the screen: a box around the contour there.
            let (xs, ys) = ((t.a * c.minX, t.a * c.maxX), (t.b * c.minX, t.b * c.maxX))
            let (xt, yt) = ((t.c * c.minY, t.c * c.maxY), (t.d * c.minY, t.d * c.maxY))
            let x1 = min(xs.0, xs.1) + min(xt.0, xt.1) + t.tx, x2 = max(xs.0, xs.1) + max(xt.0, xt.1) + t.tx
            let y1 = min(ys.0, ys.1) + min(yt.0, yt.1) + t.ty, y2 = max(ys.0, ys.1) + max(yt.0, yt.1) + t.ty
            guard clip.boxMeets(x1, y1, x2, y2), !clip.excludesBox(x1, y1, x2, y2) else { continue }
            // A contour inside the clip comes out of the cut as it went in.
            let inside = clip.containsBox(x1, y1, x2, y2)
            points.removeAll(keepingCapacity: true)
            var i = c.start
            let end = c.start + c.count
            while i < end {
                let header = data[i].header
                let length = max(1, Int(header.length))
                func point(_ k: Int) -> Point {
                    let p = data[i + k].point
                    return Point(x: t.a * p.x + t.c * p.y + t.tx, y: t.b * p.x + t.d * p.y + t.ty)
                }
                switch header.type {
                case CAIRO_PATH_MOVE_TO, CAIRO_PATH_LINE_TO:
                    if length >= 2 { points.append(point(1)) }
                case CAIRO_PATH_CURVE_TO:
                    if length >= 4, let last = points.last {
                        CurveFlattening.appendCubic(last, point(1), point(2), point(3), tolerance: tolerance, into: &points)
                    }
                default:
                    break
                }
                i += length
            }
            if inside {
                if points.count >= 3 { out.append(points) }
            } else {
                let piece = clip.clip(points)
                if !piece.isEmpty { out.append(piece) }
            }
        }
        return out
    }
}
