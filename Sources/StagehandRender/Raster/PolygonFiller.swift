import CKernels
import Foundation
import StagehandCore

/// Fills polygons with one colour straight into a canvas's pixels (cairo's ARGB32:
/// native-endian 0xAARRGGBB, premultiplied), antialiased by the exact area of each pixel
/// the outline covers: what a tile of a turned screen is painted with once its fills are
/// cut to the tile (see `ConvexPolygon`).
///
/// Why not cairo: a tile's fill is a small polygon, and cairo pays for each fill a fixed
/// price (building the path, a scan converter that samples 15 rows a pixel, one pixman
/// call per row of pixels) that was most of the time of a screen cut into a few hundred
/// tiles. Here a fill costs a pass over its edges and one over its box.
///
/// How: every edge adds, to the cells of the rows it crosses, how much it changes the
/// covered share of a pixel from the one to its left (signed by its direction), so that
/// running along a row and summing gives each pixel's winding-weighted coverage; its
/// magnitude, at most 1, is the non-zero rule's coverage where contours do not overlap
/// partially inside one pixel. The colour is put over each pixel with that coverage as
/// pixman would (source in coverage, over destination, in 8 bits with rounding). Both
/// passes are C's (`CKernels`), for the processor's own vector instructions.
///
/// One filler belongs to one canvas and is used by one thread at a time.
final class PolygonFiller {
    /// The row deltas of the box being filled (room for `cellCapacity`), reused from
    /// fill to fill: all zero between fills (painting a row clears what it read). Raw
    /// memory rather than arrays, as `touched`: a fill reaches them without an array's
    /// uniqueness and exclusivity checks (a few hundred thousand fills in explode's run).
    private var cells: UnsafeMutablePointer<Float>
    private var cellCapacity: Int
    /// Per row of the box (room for `touchedCapacity`), the first and last cell an edge
    /// changed.
    private var touched: UnsafeMutablePointer<stagehand_raster_span>
    private var touchedCapacity: Int

    init() {
        cellCapacity = 4096
        cells = .allocate(capacity: cellCapacity)
        cells.initialize(repeating: 0, count: cellCapacity)
        touchedCapacity = 256
        touched = .allocate(capacity: touchedCapacity)
    }

    deinit {
        cells.deallocate()
        touched.deallocate()
    }

    /// The premultiplied pixel of each colour being filled, reused from fill to fill.
    private var sources: [UInt32] = []

    /// Fills the closed polygons `polygons` (non-zero) given in pixels, clipped to the
    /// `width`×`height` pixels at `pixels` (rows `stride` words apart), with `color`.
    func fill(_ polygons: [[Point]], color: RGBA, pixels: UnsafeMutablePointer<UInt32>, stride: Int, width: Int, height: Int) {
        fill(polygons, colors: CollectionOfOne(color), pixels: pixels, stride: stride, width: width, height: height)
    }

    /// Fills `polygons` with each of `colors` in turn: the same bytes as filling them
    /// once per colour, for the price of one outline (fills that all cover the same
    /// piece of the picture, as a tile's do).
    ///
    /// The points are `scale` × a polygon's point + `offset` in pixels: a canvas hands its
    /// screen points and its own scale, so no copy of the outline is made in pixels.
    func fill(_ polygons: some Collection<[Point]>, colors: some Collection<RGBA>, scale: Double = 1,
              offset: Point = Point(x: 0, y: 0), pixels: UnsafeMutablePointer<UInt32>, stride: Int, width: Int,
              height: Int) {
        guard var box = Self.box(of: polygons, scale: scale, offset: offset, width: width, height: height),
              prepareSources(colors) else { return }
        stagehand_raster_prefetch(pixels, stride, &box)
        addEdges(of: polygons, scale: scale, offset: offset, box: box)
        sources.withUnsafeBufferPointer { sources in
            Self.composite(cells, touched: touched, sources: sources, pixels: pixels, stride: stride, x0: box.x0,
                           x1: box.x1, y0: box.y0, y1: box.y1, columns: box.columns)
        }
    }

    /// The coverage `fill` would put each pixel under when it fills `polygons` (points as
    /// `fill` takes them) on a `width`×`height` picture: for a fill that comes again
    /// unchanged (a title at rest), whose edges need not be worked out again.
    func coverage(of polygons: some Collection<[Point]>, scale: Double, offset: Point, width: Int,
                  height: Int) -> FillCoverage {
        guard let box = Self.box(of: polygons, scale: scale, offset: offset, width: width, height: height) else {
            return FillCoverage(x0: 0, y0: 0, width: 0, height: 0, bytes: [])
        }
        addEdges(of: polygons, scale: scale, offset: offset, box: box)
        let (w, h) = (box.x1 - box.x0, box.y1 - box.y0)
        var bytes = [UInt8](repeating: 0, count: w * h)
        bytes.withUnsafeMutableBufferPointer { bytes in
            stagehand_raster_resolve(cells, box.columns, touched, h, w, bytes.baseAddress)
        }
        return FillCoverage(x0: box.x0, y0: box.y0, width: w, height: h, bytes: bytes)
    }

    /// Puts `colors` over the pixels `coverage` covers, as `fill` puts them over the
    /// pixels of the polygons it was worked out from: the same bytes.
    func fill(_ coverage: FillCoverage, colors: some Collection<RGBA>, pixels: UnsafeMutablePointer<UInt32>, stride: Int) {
        guard coverage.width > 0, coverage.height > 0, prepareSources(colors) else { return }
        let lastOpaque = sources.lastIndex { $0 >> 24 == 255 }
        let opaqueResult = lastOpaque.map { opaque in
            sources[(opaque + 1)...].reduce(sources[opaque]) { below, s in s &+ Self.multiply(below, 255 - s >> 24) }
        }
        coverage.bytes.withUnsafeBufferPointer { bytes in
            sources.withUnsafeBufferPointer { sources in
                var colors = stagehand_raster_colors(sources: sources.baseAddress, count: sources.count,
                                                     has_opaque: opaqueResult == nil ? 0 : 1, opaque: opaqueResult ?? 0)
                stagehand_raster_composite_mask(bytes.baseAddress, coverage.height, coverage.width,
                                                pixels + coverage.y0 * stride + coverage.x0, stride, &colors)
            }
        }
    }

    /// The box of pixels the polygons touch, clipped to the picture; nil when it is empty
    /// or a point is not finite.
    private static func box(of polygons: some Collection<[Point]>, scale: Double, offset: Point, width: Int,
                            height: Int) -> stagehand_raster_box? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons {
            for p in polygon {
                let (x, y) = (p.x * scale + offset.x, p.y * scale + offset.y)
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        // The box of pixels touched: columns x0..<x1, rows y0..<y1.
        let x0 = max(0, Int(minX.rounded(.down))), x1 = min(width, Int(maxX.rounded(.up)))
        let y0 = max(0, Int(minY.rounded(.down))), y1 = min(height, Int(maxY.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return nil }
        // One more column than pixels: an edge's last change falls at most one to the right.
        return stagehand_raster_box(x0: x0, x1: x1, y0: y0, y1: y1, columns: x1 - x0 + 1)
    }

    /// The premultiplied pixels of `colors` in `sources`; false when their bytes are all
    /// zero (fainter than 1/256), which leaves every pixel as it is: nothing to fill.
    private func prepareSources(_ colors: some Collection<RGBA>) -> Bool {
        sources.removeAll(keepingCapacity: true)
        for color in colors { sources.append(Self.premultiplied(color)) }
        return sources.contains { $0 != 0 }
    }

    /// Adds the edges of `polygons` to the rows of changes of `box`, which start empty.
    private func addEdges(of polygons: some Collection<[Point]>, scale: Double, offset: Point, box: stagehand_raster_box) {
        let rows = box.y1 - box.y0
        let count = box.columns * rows
        if cellCapacity < count {
            cells.deallocate()
            cellCapacity = max(count, 2 * cellCapacity)
            cells = .allocate(capacity: cellCapacity)
            cells.initialize(repeating: 0, count: cellCapacity)
        }
        if touchedCapacity < rows {
            touched.deallocate()
            touchedCapacity = max(rows, 2 * touchedCapacity)
            touched = .allocate(capacity: touchedCapacity)
        }
        touched.initialize(repeating: stagehand_raster_span(first: Int.max, last: -1), count: rows)
        var box = box
        let (cells, touched) = (cells, touched)
        for polygon in polygons where polygon.count >= 3 {
            // A point is two doubles, x then y: the edges are added in C (see
            // `stagehand_raster_add_polygon`), from the points as they are.
            polygon.withUnsafeBufferPointer { points in
                points.withMemoryRebound(to: Double.self) { xy in
                    stagehand_raster_add_polygon(xy.baseAddress, points.count, scale, offset.x, offset.y, &box, cells, touched)
                }
            }
        }
    }

    /// `color` as cairo makes a premultiplied pixel of it (16 bits a channel, rounded,
    /// then the top 8), so a fill is the colour cairo would have painted.
    static func premultiplied(_ color: RGBA) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32(v * 65535 + 0.5) >> 8 }
        let alpha = max(0, min(1, color.alpha))
        return byte(alpha) << 24 | byte(max(0, min(1, color.red)) * alpha) << 16
            | byte(max(0, min(1, color.green)) * alpha) << 8 | byte(max(0, min(1, color.blue)) * alpha)
    }

    /// Runs along each row summing the changes, and puts the colours over each pixel with
    /// the coverage found; the cells read are cleared for the next fill. Between two cells
    /// an edge changed the coverage is the same, so each such run is painted at once
    /// (inside a tile, most of its width). The loop is C's (`stagehand_raster_composite`):
    /// there it runs on the processor's widest vectors, each pixel through all the colours
    /// in one visit.
    private static func composite(_ cells: UnsafeMutablePointer<Float>, touched: UnsafeMutablePointer<stagehand_raster_span>,
                                  sources: UnsafeBufferPointer<UInt32>, pixels: UnsafeMutablePointer<UInt32>, stride: Int,
                                  x0: Int, x1: Int, y0: Int, y1: Int, columns: Int) {
        // Fully covered, the colours under the last opaque one are hidden by it, and with
        // the ones over it they make one pixel whatever was there.
        let lastOpaque = sources.lastIndex { $0 >> 24 == 255 }
        let opaqueResult = lastOpaque.map { opaque in
            sources[(opaque + 1)...].reduce(sources[opaque]) { below, s in s &+ multiply(below, 255 - s >> 24) }
        }
        var colors = stagehand_raster_colors(sources: sources.baseAddress, count: sources.count,
                                             has_opaque: opaqueResult == nil ? 0 : 1, opaque: opaqueResult ?? 0)
        stagehand_raster_composite(cells, columns, touched, y1 - y0, pixels + y0 * stride + x0, stride,
                                   x1 - x0, &colors)
    }

    /// Each of the four bytes of `x` times `m`/255, rounded (two bytes at a time, in the
    /// spare bits between them).
    @inline(__always)
    static func multiply(_ x: UInt32, _ m: UInt32) -> UInt32 {
        var even = (x & 0x00FF_00FF) &* m &+ 0x0080_0080
        even = ((even &+ ((even >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var odd = ((x >> 8) & 0x00FF_00FF) &* m &+ 0x0080_0080
        odd = (odd &+ ((odd >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return even | odd
    }
}
