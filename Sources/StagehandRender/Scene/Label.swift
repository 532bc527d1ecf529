import StagehandCore

/// A title drawn on a view, laid out once so PNG and SVG place it identically: the text
/// is centred on `centerX` with its baseline at `baseline`, both in the view's own
/// coordinates, and `placement` carries those onto the screen (the affine transform
/// fitted to the view's corners, so titles lean and shrink with 3D faces).
struct Label: Sendable {
    var text: String
    /// In the view's own points.
    var fontSize: Double
    var color: RGBA
    var centerX: Double
    var baseline: Double
    var placement: Transform2D
    /// DejaVu Sans Bold (titles, buttons) or regular (a screen's lines of text).
    var bold = true
}
