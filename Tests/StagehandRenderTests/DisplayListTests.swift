import Foundation
import StagehandCore
import StagehandHost
@testable import StagehandRender
import Testing

/// How a trace frame becomes a display list: what is drawn, in which colour, in which
/// form (a transformed rounded rectangle, or the exact quad of a 3D face).
@Suite struct DisplayListTests {
    /// A view record as the trace writes it; `corners` default to the frame's.
    static func view(_ title: String, kind: String = "view", source: String? = nil, depth: Int = 0,
                     frame: [Double] = [0, 0, 390, 844], transform: [Double] = [1, 0, 0, 1, 0, 0],
                     opacity: Double = 1, hidden: Bool = false, corners: [[Double]]? = nil, color: [Double]? = nil,
                     cornerRadius: Double = 0, shadow: Double = 0) -> String {
        let (x, y, w, h) = (frame[0], frame[1], frame[2], frame[3])
        let c = corners ?? [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]
        var fields = [
            "\"title\": \"\(title)\"", "\"kind\": \"\(kind)\"", "\"depth\": \(depth)", "\"frame\": \(frame)",
            "\"transform\": \(transform)", "\"alpha\": \(opacity)", "\"opacity\": \(opacity)", "\"hidden\": \(hidden)",
            "\"corners\": \(c)", "\"cornerRadius\": \(cornerRadius)", "\"shadow\": \(shadow)",
        ]
        if let source { fields.append("\"source\": \"\(source)\"") }
        if let color { fields.append("\"color\": \(color)") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func list(_ views: [String]) throws -> DisplayList {
        let json = "{\"t\": 0, \"stack\": [], \"presented\": [], \"views\": [\(views.joined(separator: ", "))]}"
        let frame = try JSONDecoder().decode(Trace.Frame.self, from: Data(json.utf8))
        return DisplayList(frame: frame, screen: Size(width: 390, height: 844), metrics: try FontMetrics.shared())
    }

    static func body(_ item: DisplayItem) -> Fill? { item.fills.last { $0.color.alpha > 0.2 } }

    @Test func screensAreCardsInTheirTitlesColourAndSnapshotsMatchThem() throws {
        let list = try Self.list([Self.view("Nav", kind: "container"), Self.view("Inbox", depth: 1),
                                  Self.view("Inbox", kind: "snapshot", source: "view", depth: 1)])
        #expect(list.items.count == 2, "the container draws nothing")
        #expect(list.items.map { Self.body($0)?.color } == [Palette.card(for: "Inbox"), Palette.card(for: "Inbox")])
        #expect(list.items.map { $0.label?.text } == ["Inbox", "Inbox"])
    }

    @Test func aViewsOwnColourWinsAndOpacityFadesIt() throws {
        let list = try Self.list([Self.view("Inbox", opacity: 0.5, color: [0.2, 0.4, 0.6, 1])])
        #expect(list.items.first.flatMap(Self.body)?.color == RGBA(0.2, 0.4, 0.6, 0.5))
    }

    @Test func hiddenViewsTheirSubviewsAndTransparentOnesAreSkipped() throws {
        let list = try Self.list([
            Self.view("Hidden", hidden: true), Self.view("Inside", depth: 1), Self.view("Deeper", depth: 2),
            Self.view("Clear", opacity: 0),
            Self.view("Shown"),
        ])
        #expect(list.items.compactMap { $0.label?.text } == ["Shown"])
    }

    @Test func aNavigationBarIsALightBarWithItsTitleAndAHairline() throws {
        let list = try Self.list([Self.view("Inbox", kind: "navigationBar", frame: [0, 0, 390, 44])])
        let item = try #require(list.items.first)
        #expect(item.fills.first?.color == Palette.navigationBar)
        #expect(item.fills.count == 2)
        #expect(item.label?.text == "Inbox")
        #expect(item.label?.fontSize == DisplayList.barTitleSize)
    }

    @Test func anAffineViewIsARoundedRectangleAndA3DFaceItsExactQuad() throws {
        let moved = Self.view("Inbox", frame: [100, 0, 390, 844], transform: [1, 0, 0, 1, 100, 0], cornerRadius: 12)
        let face = Self.view("Article", corners: [[0, 100], [200, 0], [200, 844], [0, 744]])
        let list = try Self.list([moved, face])
        guard case .roundedRect(let rect, let radius, let placement)? = list.items.first.flatMap(Self.body)?.shape else {
            Issue.record("the moved view is not a rounded rectangle")
            return
        }
        #expect(rect == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(radius == 12)
        #expect(placement == Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 100, ty: 0))
        guard case .polygon(let points)? = list.items.last.flatMap(Self.body)?.shape else {
            Issue.record("the 3D face is not a polygon")
            return
        }
        #expect(points == [Point(x: 0, y: 100), Point(x: 200, y: 0), Point(x: 200, y: 844), Point(x: 0, y: 744)])
        // Its title is placed by the affine transform fitted to three corners.
        let label = try #require(list.items.last?.label)
        #expect(label.placement.tx == 0 && label.placement.ty == 100)
    }

    @Test func aShadowIsLayersAroundTheView() throws {
        let list = try Self.list([Self.view("Inbox", shadow: 0.5)])
        let item = try #require(list.items.first)
        #expect(item.fills.count == DisplayList.shadowLayers + 1)
        #expect(item.fills.dropLast().allSatisfy { $0.color.red == 0 && $0.color.alpha > 0 && $0.color.alpha < 0.5 })
    }

    @Test func anEdgeOnFaceDrawsNothing() throws {
        let list = try Self.list([Self.view("Inbox", corners: [[195, 0], [195, 0], [195, 844], [195, 844]])])
        #expect(list.items.isEmpty)
    }

    @Test func titleColoursAreStableAndDistinct() {
        #expect(Palette.card(for: "Inbox") == Palette.card(for: "Inbox"))
        let titles = [StandardScenario.rootTitle, StandardScenario.pushedTitle, StandardScenario.presentedTitle]
        #expect(Set(titles.map { Bytes.card($0).description }).count == 3)
        // Pinned, so a change of the hash (which would recolour every picture) is deliberate.
        #expect(Bytes.card("Inbox") == Bytes(82, 179, 209), "\(Bytes.card("Inbox"))")
    }

    @Test func polygonsGrowOutwardWhicheverWayTheyTurn() throws {
        let square = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)]
        let grown = try #require(PolygonOffset.grow(square, by: 1))
        #expect(grown == [Point(x: -1, y: -1), Point(x: 11, y: -1), Point(x: 11, y: 11), Point(x: -1, y: 11)])
        let reversed = try #require(PolygonOffset.grow(square.reversed(), by: 1))
        #expect(Set(reversed.map(\.description)) == Set(grown.map(\.description)))
        #expect(PolygonOffset.grow([Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 10, y: 0), Point(x: 0, y: 10)], by: 1) == nil)
    }

    @Test func onlyTheParentOfAPlusLighterViewIsIsolated() {
        func record(_ depth: Int, _ compositing: String? = nil) -> Trace.ViewRecord {
            var r = Trace.ViewRecord(title: "v", kind: "view", source: nil, depth: depth, frame: [0, 0, 1, 1],
                                     transform: [1, 0, 0, 1, 0, 0], alpha: 1, opacity: 1, hidden: false,
                                     corners: [[0, 0], [1, 0], [1, 1], [0, 1]], color: nil, cornerRadius: 0, shadow: 0)
            r.compositing = compositing
            return r
        }
        #expect(DisplayList.parentsOfPlusLighterViews([]).isEmpty)
        #expect(DisplayList.parentsOfPlusLighterViews([record(0), record(1), record(1)]).isEmpty)
        #expect(DisplayList.parentsOfPlusLighterViews([record(0), record(1), record(2, "plus-lighter"), record(0, "plus-lighter")])
                == [1], "a view at the top has no parent to isolate")
        #expect(DisplayList.parentsOfPlusLighterViews([record(0), record(1, "normal"), record(1, "plus-lighter")]) == [0])
    }
}
