import Testing
@testable import StagehandCore
import StagehandGeometry

/// The drawn extents a view keeps between snapshots (`DrawnExtentCache`) and the copy a
/// tile makes with them give what working everything out afresh gives: checked against
/// a reference written the plain way (every extent recomputed from its subtree, every
/// chain of transforms an array), on a hierarchy with 2D and 3D transforms, a sublayer
/// perspective, clipping, shadows, hidden views and zPositions, before and after changes
/// made between two snapshots.
@Suite struct DrawnExtentCacheTests {
    // MARK: - The reference

    /// The extent worked out from scratch, the way it was before views kept theirs.
    static func referenceExtent(_ v: View) -> Rect? {
        let p = v.presentation
        var box = p.bounds.standardized
        var children: Rect?
        for sub in v.subviews where !sub.model.isHidden {
            guard let e = referenceExtent(sub), let mapped = referenceBox(e, through: [sub.toSuperview()]) else {
                if p.clipsToBounds { children = p.bounds.standardized; continue }
                return nil
            }
            children = children.map { referenceUnion($0, mapped) } ?? mapped
        }
        if let c = children, !p.clipsToBounds { box = referenceUnion(box, c) }
        if p.shadowOpacity > 0 {
            let blur = 3 * abs(p.shadowRadius) + 1
            box = referenceUnion(box, box.offsetBy(dx: p.shadowOffset.width, dy: p.shadowOffset.height).insetBy(dx: -blur, dy: -blur))
        }
        let grown = box.insetBy(dx: -1, dy: -1)
        return [grown.minX, grown.minY, grown.maxX, grown.maxY].allSatisfy(\.isFinite) ? grown : nil
    }

    static func referenceBox(_ box: Rect, through chain: [Transform3D]) -> Rect? {
        var b = box
        for t in chain {
            var points: [Point] = []
            for c in b.corners {
                let (point, w) = t.project(x: c.x, y: c.y)
                guard w > 1e-9, point.x.isFinite, point.y.isFinite else { return nil }
                points.append(point)
            }
            b = Rect(boundingBoxOf: points)
        }
        return b
    }

    static func referenceUnion(_ a: Rect, _ b: Rect) -> Rect {
        Rect(boundingBoxOf: [Point(x: a.minX, y: a.minY), Point(x: a.maxX, y: a.maxY),
                             Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.maxY)])
    }

    /// The copy a tile of `rect` holds, made the plain way; as a list of lines (depth,
    /// kind, source kind, label, name and every model value) to compare.
    static func referenceCopy(_ v: View, region: Rect, upward: [Transform3D] = [], depth: Int = 0) -> [String] {
        var lines = [line(v, v.presentation, depth)]
        for sub in v.subviews where !sub.model.isHidden {
            let chain = [sub.toSuperview()] + upward
            if let e = referenceExtent(sub), let box = referenceBox(e, through: chain), !box.intersects(region) { continue }
            lines += referenceCopy(sub, region: region, upward: chain, depth: depth + 1)
        }
        return lines
    }

    static func line(_ v: View, _ state: ViewState, _ depth: Int) -> String {
        let kind = v.kind.isContent ? v.kind : .snapshot
        let source = v.kind.isContent ? nil : v.sourceKind ?? v.kind
        return "\(depth) \(kind) \(String(describing: source)) \(v.label ?? "-") \(v.name ?? "-") \(state)"
    }

    /// The copy inside a tile, as the same lines (the copy's top level is reset as a
    /// snapshot's is: compared from its subviews down, and by its label at the top).
    static func lines(ofCopy copy: View, depth: Int = 0) -> [String] {
        [line(copy, copy.model, depth)] + copy.subviews.flatMap { lines(ofCopy: $0, depth: depth + 1) }
    }

    /// Whether the tile of `rect` holds what the reference copies, below the top level.
    static func tileMatchesReference(_ screen: View, _ rect: Rect) -> Bool {
        guard let tile = screen.resizableSnapshotView(from: rect), let copy = tile.subviews.first else { return false }
        return lines(ofCopy: copy).dropFirst() == referenceCopy(screen, region: rect).dropFirst()
            && copy.label == screen.label && copy.kind == (screen.kind.isContent ? screen.kind : .snapshot)
    }

    // MARK: - The scene

    /// A screen with a bit of everything a drawn extent must account for. `parts` names
    /// the views the tests change.
    static func scene() -> (screen: View, parts: [String: View]) {
        let screen = View(frame: Rect(x: 0, y: 0, width: 390, height: 844), label: "Screen")
        var parts: [String: View] = [:]
        func add(_ name: String, _ v: View, to parent: View) {
            v.name = name
            parts[name] = v
            parent.addSubview(v)
        }
        // Rows of a list, each with a text and a chevron.
        for i in 0..<6 {
            let row = View(frame: Rect(x: 0, y: 100 + Double(i) * 60, width: 390, height: 60), kind: .panel, label: nil)
            add("row\(i)", row, to: screen)
            add("text\(i)", View(frame: Rect(x: 16, y: 20, width: 200, height: 20), kind: .text, label: "Row \(i)"), to: row)
            add("chevron\(i)", View(frame: Rect(x: 360, y: 22, width: 10, height: 16), kind: .chevron, label: "disclosure"), to: row)
        }
        // A turned bar.
        let bar = View(frame: Rect(x: 100, y: 480, width: 200, height: 10), kind: .panel, label: "bar")
        bar.transform3D = Transform3D(rotationAngle: .pi / 5, x: 0, y: 0, z: 1)
        add("bar", bar, to: screen)
        // A stage with a perspective, a card turned about y inside it, and a badge on the card.
        let perspective = View(frame: Rect(x: 20, y: 520, width: 200, height: 150))
        var eye = Transform3D.identity
        eye.m34 = -1 / 500
        perspective.sublayerTransform = eye
        add("perspective", perspective, to: screen)
        let card = View(frame: Rect(x: 20, y: 20, width: 160, height: 110), kind: .image, label: "card")
        card.transform3D = Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
        add("card", card, to: perspective)
        add("badge", View(frame: Rect(x: 140, y: -10, width: 30, height: 30), kind: .button, label: "badge"), to: card)
        // A clipping view with a child sticking out, and one that does not clip.
        let clip = View(frame: Rect(x: 240, y: 520, width: 100, height: 100), label: "clip")
        clip.clipsToBounds = true
        add("clip", clip, to: screen)
        add("inside", View(frame: Rect(x: 60, y: 60, width: 100, height: 100), kind: .image, label: "inside"), to: clip)
        let loose = View(frame: Rect(x: 240, y: 640, width: 40, height: 40), label: "loose")
        add("loose", loose, to: screen)
        add("stray", View(frame: Rect(x: 80, y: 120, width: 30, height: 30), kind: .image, label: "stray"), to: loose)
        // Shadows: one cast far down, one blurred, inside a nested chain of scaled views.
        let shadowed = View(frame: Rect(x: 30, y: 700, width: 60, height: 40), kind: .panel, label: "shadowed")
        shadowed.shadowOpacity = 0.5
        shadowed.shadowOffset = Size(width: 10, height: 60)
        shadowed.shadowRadius = 4
        add("shadowed", shadowed, to: screen)
        let outer = View(frame: Rect(x: 150, y: 700, width: 200, height: 120), label: "outer")
        outer.transform = Transform2D(scaleX: 0.8, y: 0.8)
        add("outer", outer, to: screen)
        let middle = View(frame: Rect(x: 10, y: 10, width: 150, height: 80), label: "middle")
        middle.transform = Transform2D(rotationAngle: 0.2)
        add("middle", middle, to: outer)
        let inner = View(frame: Rect(x: 20, y: 20, width: 60, height: 30), kind: .button, label: "inner")
        inner.shadowOpacity = 1
        inner.shadowRadius = 8
        inner.zPosition = 3
        add("inner", inner, to: middle)
        add("innerText", View(frame: Rect(x: 5, y: 5, width: 50, height: 20), kind: .text, label: "deep"), to: inner)
        // A hidden view whose child would reach across the screen, in a view of its own.
        let holder = View(frame: Rect(x: 300, y: 20, width: 30, height: 30), label: "holder")
        add("holder", holder, to: screen)
        let hidden = View(frame: Rect(x: 0, y: 0, width: 20, height: 20), label: "hidden")
        hidden.isHidden = true
        add("hidden", hidden, to: holder)
        add("wide", View(frame: Rect(x: 0, y: 0, width: 390, height: 844), kind: .image, label: "wide"), to: hidden)
        return (screen, parts)
    }

    /// Tiles the way the explode effect cuts a screen (39-point squares), and a few odd ones.
    static func tiles() -> [Rect] {
        var out: [Rect] = []
        for column in 0..<10 {
            for row in 0..<22 {
                let x = Double(column) * 39, y = Double(row) * 39
                out.append(Rect(x: x, y: y, width: min(39, 390 - x), height: min(39, 844 - y)))
            }
        }
        out += [Rect(x: -50, y: -50, width: 100, height: 100), Rect(x: 0, y: 0, width: 390, height: 844),
                Rect(x: 200, y: 600, width: 1, height: 300)]
        return out
    }

    static func allMatch(_ screen: View) -> Bool {
        screen.allViewsBackToFront.allSatisfy { $0.drawnExtent() == referenceExtent($0) }
            && tiles().allSatisfy { tileMatchesReference(screen, $0) }
    }

    // MARK: - Tests

    @Test func extentsAndTilesAreWhatWorkingThemOutAfreshGives() throws {
        _ = Stage(framesPerSecond: 60)
        let (screen, parts) = Self.scene()
        // The reference itself sees the turned, clipped and hidden views as expected.
        #expect(Self.referenceCopy(screen, region: Rect(x: 0, y: 0, width: 10, height: 10)).count == 1)
        #expect(Self.referenceExtent(parts["clip"]!) == Rect(x: -1, y: -1, width: 102, height: 102))
        // Twice: the second time from what the views kept.
        #expect(Self.allMatch(screen))
        #expect(screen.drawnExtentCache.isKnown && parts["innerText"]!.drawnExtentCache.isKnown)
        #expect(Self.allMatch(screen))
        // A tile holds the rows it covers and not the others.
        let tile = try #require(screen.resizableSnapshotView(from: Rect(x: 0, y: 170, width: 100, height: 30)))
        #expect(Self.lines(ofCopy: tile).count == 1 + 1 + 2)
    }

    @Test func aChangeBetweenTwoSnapshotsIsSeenByTheSecond() {
        _ = Stage(framesPerSecond: 60)
        let (screen, parts) = Self.scene()
        #expect(Self.allMatch(screen))
        // A view deep down moves: its ancestors forget, a sibling subtree keeps its own.
        parts["innerText"]!.frame = Rect(x: 200, y: -300, width: 50, height: 20)
        #expect(!screen.drawnExtentCache.isKnown && !parts["middle"]!.drawnExtentCache.isKnown)
        #expect(parts["row0"]!.drawnExtentCache.isKnown)
        #expect(Self.allMatch(screen))
        let changes: [(String, () -> Void)] = [
            ("a row moves", { parts["row2"]!.center = Point(x: 195, y: 30) }),
            ("a chevron grows a shadow", {
                parts["chevron4"]!.shadowOpacity = 1
                parts["chevron4"]!.shadowOffset = Size(width: -300, height: 80)
            }),
            ("the hidden view shows", { parts["hidden"]!.isHidden = false }),
            ("and hides again", { parts["hidden"]!.isHidden = true }),
            ("a child under a hidden view moves", { parts["wide"]!.frame = Rect(x: 0, y: 0, width: 20, height: 20) }),
            ("the hidden view shows its moved child", { parts["hidden"]!.isHidden = false }),
            ("the perspective changes", {
                var eye = Transform3D.identity
                eye.m34 = -1 / 150
                parts["perspective"]!.sublayerTransform = eye
            }),
            ("the card turns further", { parts["card"]!.transform3D = Transform3D(rotationAngle: 1.2, x: 0, y: 1, z: 0) }),
            ("the clip stops clipping", { parts["clip"]!.clipsToBounds = false }),
            ("a view gets a new child", {
                parts["text3"]!.addSubview(View(frame: Rect(x: -10, y: 300, width: 40, height: 40), kind: .image, label: "new"))
            }),
            ("a view moves to another parent", { parts["card"]!.addSubview(parts["stray"]!) }),
            ("a view leaves", { parts["chevron1"]!.removeFromSuperview() }),
            ("a child goes to the back", { parts["middle"]!.superview!.sendSubviewToBack(parts["middle"]!) }),
            ("the bounds' origin moves", { parts["row5"]!.bounds = Rect(x: 100, y: -40, width: 390, height: 60) }),
            ("a view goes behind the eye", { parts["card"]!.zPosition = 600 }),
        ]
        for (what, change) in changes {
            change()
            #expect(Self.allMatch(screen), "after: \(what)")
        }
        // The last change left a corner behind the eye: no finite box, everything kept.
        #expect(parts["perspective"]!.drawnExtent() == nil)
    }

    /// A hidden view's extent is not asked for, so it keeps none while the views above
    /// it keep theirs: a change under it must still reach them once it shows.
    @Test func aViewThatShowsAgainShowsWhatChangedUnderItWhileHidden() {
        _ = Stage(framesPerSecond: 60)
        let (screen, parts) = Self.scene()
        #expect(Self.tiles().allSatisfy { Self.tileMatchesReference(screen, $0) })
        let holder = parts["holder"]!
        #expect(holder.drawnExtentCache.isKnown && !parts["hidden"]!.drawnExtentCache.isKnown)
        // The holder's extent does not depend on what lies under a hidden view: kept.
        parts["wide"]!.frame = Rect(x: 0, y: 780, width: 500, height: 500)
        #expect(holder.drawnExtentCache.isKnown)
        parts["hidden"]!.isHidden = false
        #expect(!holder.drawnExtentCache.isKnown)
        #expect(Self.tiles().allSatisfy { Self.tileMatchesReference(screen, $0) })
        #expect(holder.drawnExtent() == Self.referenceExtent(holder))
        #expect(holder.drawnExtent()!.maxY > 1200)
        let corner = screen.resizableSnapshotView(from: Rect(x: 370, y: 820, width: 20, height: 20))
        #expect(corner.map { SnapshotRegionTests.labels($0).contains("wide") } == true)
    }

    @Test func aMovedViewIsInTheTileWhereItNowIsAndNotWhereItWas() throws {
        _ = Stage(framesPerSecond: 60)
        let (screen, parts) = Self.scene()
        let before = try #require(screen.resizableSnapshotView(from: Rect(x: 0, y: 700, width: 100, height: 40)))
        #expect(SnapshotRegionTests.labels(before).contains("shadowed"))
        parts["shadowed"]!.center = Point(x: 300, y: 50)
        let old = try #require(screen.resizableSnapshotView(from: Rect(x: 0, y: 700, width: 100, height: 40)))
        let new = try #require(screen.resizableSnapshotView(from: Rect(x: 290, y: 40, width: 20, height: 20)))
        #expect(!SnapshotRegionTests.labels(old).contains("shadowed"))
        #expect(SnapshotRegionTests.labels(new).contains("shadowed"))
    }

    /// A running animation moves what a view draws with the clock and no setter: a view
    /// with one keeps no extent, and neither do its ancestors.
    @Test func anAnimatingViewIsWorkedOutAtEveryStep() {
        let stage = Stage(framesPerSecond: 60)
        let (screen, parts) = Self.scene()
        stage.window.addSubview(screen)
        #expect(Self.allMatch(screen))
        View.animate(withDuration: 1, options: .curveLinear) {
            parts["innerText"]!.center = Point(x: 300, y: -400)
            parts["card"]!.transform3D = .identity
        }
        for _ in 0..<3 {
            stage.advance(by: 0.3)
            #expect(Self.allMatch(screen))
            #expect(!screen.drawnExtentCache.isKnown && parts["row0"]!.drawnExtentCache.isKnown)
        }
        stage.advance(by: 0.3)
        #expect(parts["card"]!.animationRows.count == 0)
        #expect(Self.allMatch(screen))
        #expect(screen.drawnExtentCache.isKnown)
    }
}
