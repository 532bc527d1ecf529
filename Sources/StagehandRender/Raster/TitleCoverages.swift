import StagehandCore

/// The coverages of the titles a canvas filled lately over its whole picture (text in no
/// clip: a screen's title, its bar's, its body's), by outline and placement.
///
/// A screen at rest shows the same titles at the same places frame after frame (the
/// screen under explode's tiles, the whole of its run), and each was cut, flattened and
/// its edges added again every frame: a few hundred curved edges a title, some fifth of
/// all the edges explode fills. Kept, a title's coverage is put on the pixels again in
/// its colour, the same bytes (`PolygonFiller.fill(_:colors:…)` with a `FillCoverage`).
///
/// One canvas's: used by one thread at a time, like its canvas. Entries not used for a
/// few frames are dropped, so titles that move (each frame a new placement) keep only
/// a few frames' worth.
struct TitleCoverages {
    /// A title's outline (a text in a face) and how it is placed on the screen, exactly
    /// (bit for bit), and the tolerance it is flattened to.
    struct Key: Hashable {
        let outline: TextOutlines.Outline
        let a, b, c, d, tx, ty: UInt64
        let tolerance: UInt64

        init(outline: TextOutlines.Outline, transform t: Transform2D, tolerance: Double) {
            self.outline = outline
            (a, b, c, d) = (t.a.bitPattern, t.b.bitPattern, t.c.bitPattern, t.d.bitPattern)
            (tx, ty) = (t.tx.bitPattern, t.ty.bitPattern)
            self.tolerance = tolerance.bitPattern
        }

        static func == (x: Key, y: Key) -> Bool {
            x.outline === y.outline && x.a == y.a && x.b == y.b && x.c == y.c && x.d == y.d && x.tx == y.tx
                && x.ty == y.ty && x.tolerance == y.tolerance
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(outline))
            hasher.combine(a); hasher.combine(b); hasher.combine(c); hasher.combine(d)
            hasher.combine(tx); hasher.combine(ty); hasher.combine(tolerance)
        }
    }

    /// How many frames an entry is kept unused (a worker paints every other frame or so).
    static let framesKept = 8
    /// More entries than this (titles that never come again) and all are dropped.
    static let limit = 64

    private var entries: [Key: (coverage: FillCoverage, frame: Int)] = [:]
    private var frame = 0
    /// How many times a kept coverage was used again.
    private(set) var hits = 0

    /// Starts a new frame: entries unused for `framesKept` frames are dropped.
    mutating func startFrame() {
        frame += 1
        if entries.count > Self.limit {
            entries.removeAll()
        } else if frame % Self.framesKept == 0, !entries.isEmpty {
            entries = entries.filter { frame - $0.value.frame <= Self.framesKept }
        }
    }

    /// The coverage kept for `key`, else the one `make` works out (then kept).
    mutating func coverage(for key: Key, make: () -> FillCoverage) -> FillCoverage {
        if let known = entries[key] {
            entries[key] = (known.coverage, frame)
            hits += 1
            return known.coverage
        }
        let made = make()
        entries[key] = (made, frame)
        return made
    }

    /// How many coverages are kept.
    var count: Int { entries.count }
}
