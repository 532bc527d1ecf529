import CRenderLibraries
import Foundation
import StagehandCore

/// Measures text in the one family every picture uses: DejaVu Sans, bold for titles and
/// buttons, regular for a screen's lines of text, through cairo's toy text API and
/// fontconfig. Layout (size, centring, baseline) is decided once from
/// these numbers, so cairo and a browser showing the SVG put titles in the same place.
///
/// Measuring needs a cairo context; one is made per call (cheap next to drawing) and the
/// advances are cached, because the same few titles are measured on every frame.
// @unchecked Sendable: the cache is behind `Locked`; the rest is constant after init, and
// `cairo` is a table of C function pointers.
final class FontMetrics: @unchecked Sendable {
    /// The process's metrics, made on first use; an error when cairo cannot be loaded.
    static func shared() throws(RenderError) -> FontMetrics {
        try loaded.get()
    }

    private static let loaded = Result { () throws(RenderError) in FontMetrics(cairo: try RenderLibraries.cairo()) }

    /// The family named in cairo and in SVG.
    static let family = "DejaVu Sans"

    /// Ascent and descent for a size of 1.
    let ascent: Double
    let descent: Double

    private let cairo: stagehand_cairo
    /// Advances measured so far, by text, in the bold face and in the regular one.
    private let advances = Locked<(bold: [String: Double], regular: [String: Double])>(([:], [:]))

    private init(cairo: stagehand_cairo) {
        self.cairo = cairo
        var extents = cairo_font_extents_t()
        Self.withContext(cairo) { cr in cairo.font_extents(cr, &extents) }
        ascent = extents.ascent / Self.probeSize
        descent = extents.descent / Self.probeSize
    }

    /// Measuring at a large size and dividing keeps hinting out of the numbers.
    private static let probeSize = 100.0

    /// The advance of `text` for a size of 1, in the bold face or the regular one.
    func advance(_ text: String, bold: Bool = true) -> Double {
        advances.withLock { known in
            if let advance = bold ? known.bold[text] : known.regular[text] { return advance }
            var extents = cairo_text_extents_t()
            Self.withContext(cairo, bold: bold) { cr in cairo.text_extents(cr, text, &extents) }
            let advance = extents.x_advance / Self.probeSize
            if bold { known.bold[text] = advance } else { known.regular[text] = advance }
            return advance
        }
    }

    /// Selects the font on a context: the one place its face is named for cairo.
    func select(on cr: OpaquePointer, size: Double, bold: Bool = true) {
        Self.select(cairo, on: cr, size: size, bold: bold)
    }

    /// Unhinted outlines and unrounded metrics: text in a transition is drawn at a new
    /// scale or angle on almost every frame, and hinting would run the font's
    /// instructions again for each of them (most of the text's cost) to snap glyphs to a
    /// pixel grid that a moving, scaled screen does not keep. A browser's canvas draws
    /// the playground's frames unhinted too.
    private static func select(_ cairo: stagehand_cairo, on cr: OpaquePointer, size: Double, bold: Bool = true) {
        cairo.select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo.set_font_size(cr, size)
        if let options = cairo.font_options_create() {
            cairo.font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo.font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo.set_font_options(cr, options)
            cairo.font_options_destroy(options)
        }
    }

    private static func withContext(_ cairo: stagehand_cairo, bold: Bool = true, _ body: (OpaquePointer) -> Void) {
        let surface = cairo.image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let cr = cairo.create(surface)!
        select(cairo, on: cr, size: probeSize, bold: bold)
        body(cr)
        cairo.destroy(cr)
        cairo.surface_destroy(surface)
    }
}
