import Foundation
import Testing
@testable import StagehandCore
import StagehandGeometry

/// A tile of a resizable snapshot holds only the views its rectangle can show: a tile
/// of a list has the rows it covers, not all of them, while anything that draws into
/// the rectangle (a turned view, a child outside a non-clipping parent, a shadow) stays.
@Suite struct SnapshotRegionTests {
    /// A 390 × 844 screen with twelve 60-point rows from y = 100, each a panel holding
    /// a text and a chevron.
    static func listScreen() -> View {
        let screen = View(frame: Rect(x: 0, y: 0, width: 390, height: 844), label: "List")
        for i in 0..<12 {
            let row = View(frame: Rect(x: 0, y: 100 + Double(i) * 60, width: 390, height: 60), kind: .panel, label: nil)
            row.addSubview(View(frame: Rect(x: 16, y: 20, width: 200, height: 20), kind: .text, label: "Row \(i)"))
            row.addSubview(View(frame: Rect(x: 360, y: 22, width: 10, height: 16), kind: .chevron, label: "disclosure"))
            screen.addSubview(row)
        }
        return screen
    }

    static func count(_ view: View) -> Int { 1 + view.subviews.reduce(0) { $0 + count($1) } }
    static func labels(_ view: View) -> [String] {
        (view.label.map { [$0] } ?? []) + view.subviews.flatMap { labels($0) }
    }

    @Test func aTileOfAListHoldsOnlyTheRowsItCovers() throws {
        let screen = Self.listScreen()
        #expect(Self.count(screen.snapshotView()) == 1 + 12 * 3)
        // x 0…100, y 170…200 lies inside row 1 (160…220) and misses its chevron (at
        // x 360): the tile, the screen, one row and its text.
        let one = try #require(screen.resizableSnapshotView(from: Rect(x: 0, y: 170, width: 100, height: 30)))
        let copy = try #require(one.subviews.first)
        #expect(Self.count(one) == 1 + 1 + 2)
        #expect(copy.subviews.first?.subviews.first?.kind == .text)
        #expect(Self.labels(copy).contains("Row 1"))
        // y 200…240 spans rows 1 and 2; across the full width from y 170 to 250 it
        // reaches their chevrons (y 182…198 and 242…258) too.
        let two = try #require(screen.resizableSnapshotView(from: Rect(x: 0, y: 200, width: 100, height: 40)))
        #expect(Self.count(two) == 1 + 1 + 2 * 2)
        let wide = try #require(screen.resizableSnapshotView(from: Rect(x: 0, y: 170, width: 390, height: 80)))
        #expect(Self.count(wide) == 1 + 1 + 2 * 3)
        #expect(Set(Self.labels(two)).isSuperset(of: ["Row 1", "Row 2"]))
        // Above the first row: the screen alone.
        let none = try #require(screen.resizableSnapshotView(from: Rect(x: 0, y: 0, width: 390, height: 50)))
        #expect(Self.count(none) == 2)
    }

    @Test func whatCanDrawIntoTheRectangleIsKept() throws {
        let screen = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        // A parent that does not clip, with a child far outside its bounds: where only
        // the child shows, the parent is copied as the child's holder.
        let loose = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        loose.addSubview(View(frame: Rect(x: 300, y: 300, width: 20, height: 20), kind: .image, label: "stray"))
        screen.addSubview(loose)
        // The same under a clipping parent: the child cannot show there.
        let clipped = View(frame: Rect(x: 40, y: 0, width: 20, height: 20), label: "clipped")
        clipped.clipsToBounds = true
        clipped.addSubview(View(frame: Rect(x: 260, y: 300, width: 20, height: 20), kind: .image, label: "hidden"))
        screen.addSubview(clipped)
        // A bar turned by 90° about its centre (200, 100): it covers x 195…205, y 0…200.
        let bar = View(frame: Rect(x: 100, y: 95, width: 200, height: 10), kind: .panel, label: "bar")
        bar.transform3D = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        screen.addSubview(bar)
        // A small view whose shadow reaches 40 points below it.
        let shadowed = View(frame: Rect(x: 100, y: 300, width: 20, height: 20), kind: .panel, label: "shadowed")
        shadowed.shadowOpacity = 1
        shadowed.shadowOffset = Size(width: 0, height: 40)
        shadowed.shadowRadius = 0
        screen.addSubview(shadowed)

        let corner = try #require(screen.resizableSnapshotView(from: Rect(x: 300, y: 300, width: 30, height: 30)))
        #expect(Self.labels(corner) == ["stray"])
        let upright = try #require(screen.resizableSnapshotView(from: Rect(x: 198, y: 10, width: 4, height: 4)))
        #expect(Self.labels(upright) == ["bar"])
        // Where the unturned bar would be, the turned one is not.
        let beside = try #require(screen.resizableSnapshotView(from: Rect(x: 110, y: 96, width: 20, height: 8)))
        #expect(Self.labels(beside).isEmpty)
        let below = try #require(screen.resizableSnapshotView(from: Rect(x: 100, y: 350, width: 20, height: 10)))
        #expect(Self.labels(below) == ["shadowed"])
    }
}
