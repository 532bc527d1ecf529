import Foundation
import StagehandCore
@testable import StagehandRender
import Testing

/// The drawing the playground's page paints: the same shapes as the PNG, and the clips
/// they are drawn in, each sent where it changes (`{"k": [...]}` before the items it
/// applies to, `{"k": []}` where clipping ends). Scenes as in `LayerPropertyPixelTests`,
/// the numbers worked out by hand.
@Suite struct CanvasDrawingTests {
    typealias Scene = LayerPropertyPixelTests

    /// The items of `build`'s drawing, parsed.
    static func items(_ build: (Window) -> Void) throws -> [[String: Any]] {
        let (frame, renderer) = try Scene.frame(build)
        let json = try renderer.canvasDrawing(frame: frame)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(object["items"] as? [[String: Any]], "no items in \(json)")
    }

    static func index(of color: String, in items: [[String: Any]]) throws -> Int {
        try #require(items.firstIndex { $0["c"] as? String == color }, "no item of colour \(color)")
    }

    /// The clip in force for the item at `index`: the last `k` before it.
    static func clip(before index: Int, in items: [[String: Any]]) -> [[String: Any]]? {
        items[..<index].last { $0["k"] != nil }?["k"] as? [[String: Any]]
    }

    static func numbers(_ value: Any?) -> [Double] {
        (value as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? []
    }

    /// A 200 pt parent at (100, 100) with 40 pt corners clipping its child; a sibling
    /// after it. The parent is not inside its own bounds clip, its child is (its rounded
    /// bounds, placed at (100, 100)), and the sibling is drawn unclipped again.
    @Test(arguments: [true, false])
    func clipsToBoundsIsSentAroundTheSubviews(clips: Bool) throws {
        let items = try Self.items { window in
            let parent = Scene.view(Rect(x: 100, y: 100, width: 200, height: 200), Scene.blueColor, in: window)
            parent.cornerRadius = 40
            parent.clipsToBounds = clips
            _ = Scene.view(Rect(x: -100, y: -100, width: 400, height: 400), Scene.redColor, in: parent)
            _ = Scene.view(Rect(x: 0, y: 0, width: 50, height: 50), Scene.greenColor, in: window)
        }
        let parent = try Self.index(of: "#0000ff", in: items)
        let child = try Self.index(of: "#ff0000", in: items)
        let sibling = try Self.index(of: "#00ff00", in: items)
        #expect(Self.clip(before: parent, in: items)?.isEmpty ?? true, "the parent is drawn unclipped")
        #expect(Self.clip(before: sibling, in: items)?.isEmpty ?? true, "the sibling is drawn unclipped")
        let shapes = Self.clip(before: child, in: items) ?? []
        guard clips else {
            #expect(shapes.isEmpty, "nothing clips the child")
            #expect(!items.contains { $0["k"] != nil }, "no clip is sent when nothing clips")
            return
        }
        try #require(shapes.count == 1, "one clip for the child: \(shapes)")
        #expect(Self.numbers(shapes[0]["r"]) == [0, 0, 200, 200, 40])
        #expect(Self.numbers(shapes[0]["m"]) == [1, 0, 0, 1, 100, 100])
        #expect(items.filter { $0["k"] != nil }.count == 2, "one clip sent, one end of clipping")
    }

    /// A circular mask clips the view itself and its child: both drawn inside the one
    /// circle of radius 50 about (200, 200), sent once.
    @Test func aMaskIsSentForTheViewAndItsSubviews() throws {
        let items = try Self.items { window in
            let masked = Scene.view(Rect(x: 100, y: 100, width: 200, height: 200), Scene.redColor, in: window)
            _ = Scene.view(Rect(x: 0, y: 0, width: 200, height: 100), Scene.greenColor, in: masked)
            masked.mask = Mask(rect: Rect(x: 50, y: 50, width: 100, height: 100), cornerRadius: 50)
        }
        let view = try Self.index(of: "#ff0000", in: items)
        let child = try Self.index(of: "#00ff00", in: items)
        let shapes = try #require(Self.clip(before: view, in: items))
        try #require(shapes.count == 1)
        #expect(Self.numbers(shapes[0]["r"]) == [50, 50, 100, 100, 50])
        #expect(Self.numbers(shapes[0]["m"]) == [1, 0, 0, 1, 100, 100])
        #expect(items[view..<child].allSatisfy { $0["k"] == nil }, "the child shares the view's clip")
    }

    /// Nested clips are all sent, the outer first: the page intersects them.
    @Test func nestedClipsAreIntersected() throws {
        let items = try Self.items { window in
            let outer = Scene.view(Rect(x: 0, y: 0, width: 300, height: 300), Scene.blueColor, in: window)
            outer.clipsToBounds = true
            let inner = Scene.view(Rect(x: 200, y: 200, width: 200, height: 200), Scene.greenColor, in: outer)
            inner.clipsToBounds = true
            _ = Scene.view(Rect(x: 0, y: 0, width: 400, height: 400), Scene.redColor, in: inner)
        }
        let shapes = Self.clip(before: try Self.index(of: "#ff0000", in: items), in: items) ?? []
        try #require(shapes.count == 2, "\(shapes)")
        #expect(Self.numbers(shapes[0]["r"]) == [0, 0, 300, 300, 0])
        #expect(Self.numbers(shapes[1]["m"]) == [1, 0, 0, 1, 200, 200])
    }

    /// A mask with no area shows nothing of the view: an empty outline, as cairo clips
    /// to an empty path.
    @Test func anEmptyMaskIsAnEmptyOutline() throws {
        let items = try Self.items { window in
            let masked = Scene.view(Rect(x: 100, y: 100, width: 200, height: 200), Scene.redColor, in: window)
            masked.mask = Mask(rect: Rect(x: 50, y: 50, width: 0, height: 100), cornerRadius: 0)
        }
        let shapes = try #require(Self.clip(before: try Self.index(of: "#ff0000", in: items), in: items))
        try #require(shapes.count == 1)
        #expect(shapes[0]["p"] != nil && Self.numbers(shapes[0]["p"]).isEmpty, "\(shapes)")
    }

    /// A plus-lighter view is a group added onto its isolated parent's layer, as cairo
    /// draws it: `{"g":"begin","o":"over"}` for the parent, one `"o":"lighter"` group per
    /// picture with its opacity, each closed by `{"g":"end"}`, in order.
    @Test func plusLighterViewsAreGroupsAddedOntoTheirParentsLayer() throws {
        let items = try Self.items(PlusLighterPixelTests.scene([0.25, 0.75], .plusLighter))
        let marks = items.compactMap { item -> String? in
            guard let g = item["g"] as? String else { return nil }
            return g == "end" ? "end" : "\(item["o"] ?? "?") \((item["a"] as? NSNumber)?.doubleValue ?? -1)"
        }
        #expect(marks == ["over 1.0", "lighter 0.25", "end", "lighter 0.75", "end", "end"], "\(marks)")
        // The pictures' fills are inside their groups, drawn opaque (the group carries the opacity).
        let first = try #require(items.firstIndex { $0["o"] as? String == "lighter" })
        #expect(items[first + 1]["c"] != nil && items[first + 1]["a"] == nil)
    }

    /// A frame's finger is two discs (rim, then core) centred on it, above every view.
    @Test func aFingerIsDrawnLast() throws {
        let (frame, renderer) = try Scene.frame { window in
            _ = Scene.view(Rect(x: 0, y: 0, width: 400, height: 400), Scene.blueColor, in: window)
        }
        var touched = frame
        touched.touches = [[120, 80]]
        let plain = try renderer.canvasDrawing(frame: frame)
        let json = try renderer.canvasDrawing(frame: touched)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(!plain.contains(TouchDot.rimColor.hex))
        let rim = items[items.count - 2], core = items[items.count - 1]
        #expect(rim["c"] as? String == TouchDot.rimColor.hex && core["c"] as? String == TouchDot.coreColor.hex)
        #expect(Self.numbers(rim["r"]) == [-20, -20, 40, 40, 20] && Self.numbers(rim["m"]) == [1, 0, 0, 1, 120, 80])
        #expect(Self.numbers(core["r"]) == [-17, -17, 34, 34, 17])
    }
}
