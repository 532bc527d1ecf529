import CKernels
import StagehandCore
import Testing
@testable import StagehandRender

/// The polygon filler's compositing loop in C (`CKernels`): each of its paths (plain
/// C, SSE2, and AVX2 where the processor has it) must give exactly the bytes of the
/// plain rule, worked out here in Swift one colour after another, on rows of every
/// length and alignment, whatever the colours and the pixels under them.
@Suite struct RasterKernelsTests {
    /// SplitMix64: the same cases on every run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func byte() -> UInt32 { UInt32(next() & 255) }
        /// A premultiplied pixel (no channel above its alpha), opaque now and then.
        mutating func premultiplied() -> UInt32 {
            let alpha = below(5) == 0 ? 255 : byte()
            func channel() -> UInt32 { alpha == 0 ? 0 : UInt32(next() % UInt64(alpha + 1)) }
            return alpha << 24 | channel() << 16 | channel() << 8 | channel()
        }
    }

    /// The paths to compare: plain C, SSE2, and AVX2 where this machine has it (the
    /// filler has no wider path).
    static let levels = Array(0...min(Int(STAGEHAND_LEVEL_AVX2), Int(stagehand_kernel_level())))

    /// The rule, one colour after another over the whole run as the filler did before
    /// its loop was C's.
    static func reference(_ line: inout [UInt32], from: Int, to: Int, coverage m: UInt32, sources: [UInt32]) {
        guard m > 0, from < to else { return }
        if m == 255, let opaque = opaqueResult(sources) {
            for x in from..<to { line[x] = opaque }
            return
        }
        for source in sources {
            let s = m == 255 ? source : PolygonFiller.multiply(source, m)
            let keep = 255 - s >> 24
            for x in from..<to { line[x] = s &+ PolygonFiller.multiply(line[x], keep) }
        }
    }

    /// What a fully covered pixel becomes when one of the colours is opaque.
    static func opaqueResult(_ sources: [UInt32]) -> UInt32? {
        sources.lastIndex { $0 >> 24 == 255 }.map { opaque in
            sources[(opaque + 1)...].reduce(sources[opaque]) { below, s in s &+ PolygonFiller.multiply(below, 255 - s >> 24) }
        }
    }

    static func paint(_ line: inout [UInt32], from: Int, to: Int, coverage: UInt32, sources: [UInt32], level: Int) {
        let opaque = opaqueResult(sources)
        sources.withUnsafeBufferPointer { sources in
            var colors = stagehand_raster_colors(sources: sources.baseAddress, count: sources.count,
                                                 has_opaque: opaque == nil ? 0 : 1, opaque: opaque ?? 0)
            line.withUnsafeMutableBufferPointer { line in
                stagehand_raster_paint_run(line.baseAddress! + from, to - from, coverage, &colors, Int32(level))
            }
        }
    }

    /// Runs of 0 to 40 pixels starting at each of 8 offsets, one to ten colours (more than
    /// a path prepares at once), coverages 0, 255 and between, over premultiplied pixels
    /// and over arbitrary words (where a channel's sum carries into the next byte).
    @Test func everyPathGivesThePlainRulesBytes() {
        var random = Random(state: 7)
        var cases = 0, changed = 0
        for length in 0...40 {
            for offset in 0..<8 {
                for round in 0..<6 {
                    let count = 1 + random.below(10)
                    var sources = (0..<count).map { _ in random.premultiplied() }
                    if round == 1 { sources = sources.map { $0 & 0x00FF_FFFF | 0xFF00_0000 | ($0 & 0xFF) } }
                    if round == 2 { sources = sources.map { _ in UInt32(truncatingIfNeeded: random.next()) } }
                    let coverage: UInt32 = [0, 255, 255, random.byte(), 1, random.byte()][round]
                    let line = (0..<(offset + length + 8)).map { _ in
                        round == 3 ? UInt32(truncatingIfNeeded: random.next()) : random.premultiplied()
                    }
                    var expected = line
                    Self.reference(&expected, from: offset, to: offset + length, coverage: coverage, sources: sources)
                    if expected != line { changed += 1 }
                    for level in Self.levels {
                        var got = line
                        Self.paint(&got, from: offset, to: offset + length, coverage: coverage, sources: sources, level: level)
                        #expect(got == expected, "path \(level), \(length) pixels at \(offset), \(count) colours, coverage \(coverage)")
                    }
                    cases += 1
                }
            }
        }
        #expect(changed > cases / 2, "most cases paint something")
    }

    /// The winding-weighted coverage `sum` as a byte, as the filler made it in Swift:
    /// its magnitude, at most 1, times 255, rounded.
    static func coverageByte(_ sum: Float) -> UInt32 {
        (min(1, abs(sum)) * 255 + 12_582_912).bitPattern & 0x3FF
    }

    /// The old loop of the filler over one row of changes, in Swift: the coverage summed
    /// along the row, each run between two changed cells painted with it.
    static func referenceRow(_ deltas: inout [Float], first: Int, last: Int, line: inout [UInt32], width: Int,
                             sources: [UInt32]) {
        guard first <= last else { return }
        var sum: Float = 0
        var column = first
        while column <= last {
            sum += deltas[column]
            deltas[column] = 0
            var end = column + 1
            while end <= last, deltas[end] == 0 { end += 1 }
            if column < width {
                reference(&line, from: column, to: min(end, width), coverage: Self.coverageByte(sum), sources: sources)
            }
            column = end
        }
        if last + 1 < width {
            reference(&line, from: last + 1, to: width, coverage: Self.coverageByte(sum), sources: sources)
        }
    }

    /// Rows of changes as edges leave them (sparse, summing to coverages in and out of
    /// 0...1, some −0 and some past 1) composited by the C loop, by each of its paths
    /// (run by run, and block by block where the processor has AVX2): the old loop's
    /// bytes, and every cell read left zero. Rows of 1 to 40 pixels, spans that start
    /// anywhere and end inside the row or at its extra cell, long untouched stretches
    /// (a fill's inside) at coverages 0, 1 and between, one to ten colours, opaque ones.
    @Test(arguments: RasterKernelsTests.levels)
    func theRowLoopGivesTheOldLoopsBytes(level: Int) {
        var random = Random(state: 11)
        let rows = 9
        var painted = 0
        for round in 0..<300 {
            let width = 1 + random.below(40), columns = width + 1
            var cells = [Float](repeating: 0, count: columns * rows)
            var spans: [stagehand_raster_span] = []
            for row in 0..<rows {
                if row == 3 {
                    spans.append(stagehand_raster_span(first: Int.max, last: -1))
                    continue
                }
                let first = random.below(columns), last = min(columns - 1, first + random.below(columns))
                // Sparse changes; every third row has only its edges' (a fill's inside).
                let sparse = row % 3 == 1 ? 1000 : 3
                for column in first...last where random.below(sparse) == 0 || column <= first + random.below(2)
                    || column >= last - random.below(2) {
                    let cell: Float = switch random.below(4) {
                    case 0: Float(Int(random.below(2001)) - 1000) / 700
                    case 1: 1
                    case 2: -1
                    default: Float(random.below(256)) / 255
                    }
                    cells[row * columns + column] = random.below(9) == 0 ? -0.0 : cell
                }
                spans.append(stagehand_raster_span(first: first, last: last))
            }
            var sources = (0..<(1 + random.below(round % 10 == 0 ? 10 : 3))).map { _ in random.premultiplied() }
            if round % 4 == 1 { sources[random.below(sources.count)] |= 0xFF00_0000 }
            let pixels = (0..<(rows * width)).map { _ in random.premultiplied() }
            var expected = pixels, expectedCells = cells
            for row in 0..<rows {
                var line = Array(expected[row * width ..< (row + 1) * width])
                var deltas = Array(expectedCells[row * columns ..< (row + 1) * columns])
                Self.referenceRow(&deltas, first: spans[row].first, last: spans[row].last, line: &line, width: width,
                                  sources: sources)
                expected.replaceSubrange(row * width ..< (row + 1) * width, with: line)
                expectedCells.replaceSubrange(row * columns ..< (row + 1) * columns, with: deltas)
            }
            var got = pixels
            let opaque = Self.opaqueResult(sources)
            sources.withUnsafeBufferPointer { sources in
                var colors = stagehand_raster_colors(sources: sources.baseAddress, count: sources.count,
                                                     has_opaque: opaque == nil ? 0 : 1, opaque: opaque ?? 0)
                stagehand_raster_composite_level(&cells, columns, spans, rows, &got, width, width, &colors, Int32(level))
            }
            #expect(got == expected, "path \(level), round \(round)")
            #expect(cells.allSatisfy { $0 == 0 }, "path \(level), round \(round): the cells are cleared")
            if got != pixels { painted += 1 }
        }
        #expect(painted > 250, "most rounds paint something")
    }

    /// A fill's coverage resolved into bytes once (`stagehand_raster_resolve`) and put on
    /// the pixels from them (`stagehand_raster_composite_mask`, by each path) gives the
    /// bytes of compositing its rows of changes directly, and leaves the cells zero.
    @Test(arguments: RasterKernelsTests.levels)
    func aResolvedCoverageGivesTheRowLoopsBytes(level: Int) {
        var random = Random(state: 29)
        let rows = 7
        var painted = 0
        for round in 0..<200 {
            let width = 1 + random.below(40), columns = width + 1
            var cells = [Float](repeating: 0, count: columns * rows)
            var spans: [stagehand_raster_span] = []
            for row in 0..<rows {
                if row == 2 {
                    spans.append(stagehand_raster_span(first: Int.max, last: -1))
                    continue
                }
                let first = random.below(columns), last = min(columns - 1, first + random.below(columns))
                for column in first...last where random.below(3) == 0 || column == first || column == last {
                    let cell: Float = random.below(3) == 0 ? 1 : Float(Int(random.below(2001)) - 1000) / 700
                    cells[row * columns + column] = random.below(9) == 0 ? -0.0 : cell
                }
                spans.append(stagehand_raster_span(first: first, last: last))
            }
            var sources = (0..<(1 + random.below(round % 10 == 0 ? 10 : 3))).map { _ in random.premultiplied() }
            if round % 4 == 1 { sources[random.below(sources.count)] |= 0xFF00_0000 }
            let opaque = Self.opaqueResult(sources)
            let pixels = (0..<(rows * width)).map { _ in random.premultiplied() }
            var expected = pixels, got = pixels
            var directCells = cells
            var mask = [UInt8](repeating: 0, count: rows * width)
            sources.withUnsafeBufferPointer { sources in
                var colors = stagehand_raster_colors(sources: sources.baseAddress, count: sources.count,
                                                     has_opaque: opaque == nil ? 0 : 1, opaque: opaque ?? 0)
                stagehand_raster_composite_level(&directCells, columns, spans, rows, &expected, width, width, &colors, 0)
                stagehand_raster_resolve(&cells, columns, spans, rows, width, &mask)
                stagehand_raster_composite_mask_level(mask, rows, width, &got, width, &colors, Int32(level))
            }
            #expect(got == expected, "path \(level), round \(round)")
            #expect(cells.allSatisfy { $0 == 0 }, "path \(level), round \(round): the cells are cleared")
            if got != pixels { painted += 1 }
        }
        #expect(painted > 150, "most rounds paint something")
    }

    /// The rule by which the filler added an edge to the rows of changes in Swift, before
    /// C's loop did it: each row the edge crosses gets, in the cells of the columns it
    /// passes, the change it makes to the covered share of a pixel from its left one.
    static func referenceEdge(_ a: Point, _ b: Point, cells: inout [Float], spans: inout [stagehand_raster_span],
                              x0: Int, x1: Int, y0: Int, y1: Int, columns: Int) {
        guard a.y != b.y else { return }
        let (top, bottom, sign) = a.y < b.y ? (a, b, 1.0) : (b, a, -1.0)
        guard bottom.y > Double(y0), top.y < Double(y1) else { return }
        let slope = (bottom.x - top.x) / (bottom.y - top.y)
        let first = max(y0, Int(top.y.rounded(.down))), last = min(y1, Int(bottom.y.rounded(.up)))
        let left = Double(x0), right = Double(x1)
        for row in first..<last {
            let ya = max(top.y, Double(row)), yb = min(bottom.y, Double(row + 1))
            guard yb > ya else { continue }
            let height = sign * (yb - ya)
            let xa = top.x + (ya - top.y) * slope, xb = top.x + (yb - top.y) * slope
            let lo = min(xa, xb), hi = max(xa, xb)
            let base = (row - y0) * columns
            if hi <= left {
                cells[base] += Float(height)
                spans[row - y0].first = 0
                spans[row - y0].last = max(spans[row - y0].last, 0)
                continue
            }
            if lo >= right { continue }
            let start = max(x0, Int(lo.rounded(.down))), end = min(x1, Int(hi.rounded(.up)))
            spans[row - y0].first = min(spans[row - y0].first, start - x0)
            spans[row - y0].last = max(spans[row - y0].last, min(end + 1, x1) - x0)
            if lo >= Double(start), hi <= Double(start + 1) {
                let share = Double(start + 1) - (lo + hi) / 2
                cells[base + start - x0] += Float(height * share)
                cells[base + start + 1 - x0] += Float(height * (1 - share))
                continue
            }
            let width = hi - lo
            let middle = (lo + hi) / 2
            func g(_ c: Double) -> Double {
                if c <= lo { return 0 }
                if c >= hi { return c - middle }
                return (c - lo) * (c - lo) / (2 * width)
            }
            var before = 0.0
            var gLeft = g(Double(start))
            for column in start...end {
                let gRight = g(Double(column + 1))
                let share = min(1, gRight - gLeft)
                cells[base + column - x0] += Float(height * (share - before))
                before = share
                gLeft = gRight
            }
        }
    }

    /// Polygons of 3 to 12 points, scaled and moved as a canvas hands them, inside the box,
    /// across its edges and wholly outside it (flat, steep and horizontal edges, points on
    /// whole pixels): C's rows of changes are the Swift rule's, bit for bit.
    @Test func theEdgesGiveTheSwiftRulesChanges() {
        var random = Random(state: 23)
        func coordinate(_ span: Double) -> Double {
            switch random.below(4) {
            case 0: Double(random.below(Int(span))) - 4
            case 1: Double(random.below(Int(span) * 4)) / 4 - 4
            default: Double(random.below(1 << 20)) / Double(1 << 20) * (span + 8) - 8
            }
        }
        let (x0, x1, y0, y1) = (3, 31, 2, 21)
        let columns = x1 - x0 + 1
        var rowsChanged = 0
        for round in 0..<300 {
            let count = 3 + random.below(10)
            let (scale, offset) = round % 3 == 0 ? (1.0, Point(x: 0, y: 0)) : (1.3, Point(x: -2.25, y: 1.5))
            var polygon = (0..<count).map { _ in Point(x: coordinate(36), y: coordinate(26)) }
            if round % 5 == 0 { polygon[1].y = polygon[0].y }
            var expectedCells = [Float](repeating: 0, count: columns * (y1 - y0))
            var expectedSpans = [stagehand_raster_span](repeating: stagehand_raster_span(first: Int.max, last: -1), count: y1 - y0)
            var previous = Point(x: polygon[count - 1].x * scale + offset.x, y: polygon[count - 1].y * scale + offset.y)
            for p in polygon {
                let current = Point(x: p.x * scale + offset.x, y: p.y * scale + offset.y)
                Self.referenceEdge(previous, current, cells: &expectedCells, spans: &expectedSpans, x0: x0, x1: x1, y0: y0,
                                   y1: y1, columns: columns)
                previous = current
            }
            var cells = [Float](repeating: 0, count: columns * (y1 - y0))
            var spans = [stagehand_raster_span](repeating: stagehand_raster_span(first: Int.max, last: -1), count: y1 - y0)
            var box = stagehand_raster_box(x0: x0, x1: x1, y0: y0, y1: y1, columns: columns)
            polygon.withUnsafeBufferPointer { points in
                points.withMemoryRebound(to: Double.self) { xy in
                    stagehand_raster_add_polygon(xy.baseAddress, count, scale, offset.x, offset.y, &box, &cells, &spans)
                }
            }
            #expect(cells.map(\.bitPattern) == expectedCells.map(\.bitPattern), "round \(round)")
            #expect(spans.map(\.first) == expectedSpans.map(\.first) && spans.map(\.last) == expectedSpans.map(\.last),
                    "round \(round)")
            rowsChanged += spans.filter { $0.first <= $0.last }.count
        }
        #expect(rowsChanged > 300 * 5, "the polygons cross the box")
    }
}
