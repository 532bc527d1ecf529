import CCairo
import Foundation
import StagehandCore

/// A cairo image surface that display lists are painted on: the pixels behind PNG and
/// GIF output. One canvas is reused for many frames (clearing is cheaper than
/// allocating); it is a class so the surface is destroyed exactly once, and
/// `@unchecked Sendable` because each canvas is only ever used by one thread at a time
/// (GIF frames are painted in parallel, one canvas per worker).
final class Canvas: @unchecked Sendable {
    let width: Int
    let height: Int
    let surface: OpaquePointer
    private let cr: OpaquePointer
    /// Screen points to pixels: one uniform scale, the picture centred when the pixel
    /// size has another aspect than the screen.
    private let scale: Double
    private let offset: Point

    init(width: Int, height: Int, screen: Size) throws(RenderError) {
        guard width > 0, height > 0, width <= Renderer.maximumSide, height <= Renderer.maximumSide else {
            throw RenderError("a picture of \(width)×\(height) pixels: each side must be 1...\(Renderer.maximumSide)")
        }
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError("cairo cannot make a \(width)×\(height) surface (out of memory?)")
        }
        cr = cairo_create(surface)
        self.width = width
        self.height = height
        let sx = Double(width) / max(screen.width, 1e-9), sy = Double(height) / max(screen.height, 1e-9)
        scale = min(sx, sy)
        offset = Point(x: (Double(width) - screen.width * scale) / 2, y: (Double(height) - screen.height * scale) / 2)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Paints `list` over the whole canvas (what was there before is covered).
    func draw(_ list: DisplayList) {
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        set(list.background)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_translate(cr, offset.x, offset.y)
        cairo_scale(cr, scale, scale)
        for item in list.items {
            for fill in item.fills {
                add(fill.shape)
                set(fill.color)
                cairo_fill(cr)
            }
            if let label = item.label { draw(label) }
        }
        cairo_surface_flush(surface)
    }

    private func set(_ c: RGBA) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    /// Adds the outline to the current path, in screen points.
    private func add(_ shape: Shape) {
        cairo_new_path(cr)
        switch shape {
        case .polygon(let points):
            guard let first = points.first else { return }
            cairo_move_to(cr, first.x, first.y)
            for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            cairo_close_path(cr)
        case .roundedRect(let rect, let radius, let placement):
            cairo_save(cr)
            var m = cairo_matrix_t(xx: placement.a, yx: placement.b, xy: placement.c, yy: placement.d,
                                   x0: placement.tx, y0: placement.ty)
            cairo_transform(cr, &m)
            let (x, y, w, h) = (rect.origin.x, rect.origin.y, rect.width, rect.height)
            let r = min(radius, w / 2, h / 2)
            if r <= 0 {
                cairo_rectangle(cr, x, y, w, h)
            } else {
                cairo_new_sub_path(cr)
                cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
                cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
                cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
                cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
                cairo_close_path(cr)
            }
            // The path is kept in device space: the placement is not needed to fill it.
            cairo_restore(cr)
        }
    }

    private func draw(_ label: Label) {
        cairo_save(cr)
        let p = label.placement
        var m = cairo_matrix_t(xx: p.a, yx: p.b, xy: p.c, yy: p.d, x0: p.tx, y0: p.ty)
        cairo_transform(cr, &m)
        FontMetrics.select(on: cr, size: label.fontSize)
        let advance = FontMetrics.shared.advance(label.text) * label.fontSize
        cairo_move_to(cr, label.centerX - advance / 2, label.baseline)
        set(label.color)
        cairo_show_text(cr, label.text)
        cairo_new_path(cr)
        cairo_restore(cr)
    }

    /// The pixels as cairo keeps them: native-endian 0xAARRGGBB, premultiplied, rows
    /// `stride` bytes apart.
    func withPixels<R>(_ body: (UnsafeBufferPointer<UInt32>, _ stride: Int) throws -> R) rethrows -> R {
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let data = cairo_image_surface_get_data(surface)!
        let pixels = UnsafeBufferPointer(start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self), count: stride * height)
        return try body(pixels, stride)
    }
}
