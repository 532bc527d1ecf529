/// The coverage of each pixel of a fill's box, as the polygon filler worked it out from
/// the fill's edges (0 uncovered ... 255 covered): kept, it puts the same fill on the
/// pixels again, in any colour, without its outline being made or its edges added
/// again (see `PolygonFiller.coverage(of:…)`).
struct FillCoverage {
    /// The box's first column and row in the picture, and its size in pixels.
    var x0: Int
    var y0: Int
    var width: Int
    var height: Int
    /// Row after row, `width` bytes a row.
    var bytes: [UInt8]
}
