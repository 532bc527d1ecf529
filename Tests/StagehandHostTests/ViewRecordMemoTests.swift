import Foundation
import Testing
import StagehandCore
@testable import StagehandHost

/// What the recorder keeps of a view that did not change (`ViewRecordMemo`) must give
/// the same trace, to the byte, as recording every view afresh: while snapshots' tiles
/// fly, fade and stop, and when something inside a snapshot does change after all (a
/// bundle can reach a snapshot's copied views through `view_subview_at`).
@Suite struct ViewRecordMemoTests {
    /// A screen of rows (a panel holding a text and a chevron each) under a header.
    static func screen() -> View {
        let screen = View(frame: Rect(x: 0, y: 0, width: 390, height: 844), label: "List")
        screen.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.95)
        let header = View(frame: Rect(x: 0, y: 0, width: 390, height: 90), kind: .panel, label: nil)
        header.addSubview(View(frame: Rect(x: 120, y: 50, width: 150, height: 30), kind: .title, label: "List"))
        screen.addSubview(header)
        for i in 0..<8 {
            let row = View(frame: Rect(x: 0, y: 100 + Double(i) * 60, width: 390, height: 60), kind: .panel, label: nil)
            row.backgroundColor = Color(red: 1, green: 1, blue: 1)
            row.cornerRadius = 4
            row.addSubview(View(frame: Rect(x: 16, y: 20, width: 200, height: 20), kind: .text, label: "Row \(i)"))
            row.addSubview(View(frame: Rect(x: 360, y: 22, width: 10, height: 16), kind: .chevron, label: "disclosure"))
            screen.addSubview(row)
        }
        return screen
    }

    /// One frame's records, with memos or without, and the numbers that overflowed.
    static func walk(_ stage: Stage, memos: Bool) -> (views: [Trace.ViewRecord], overflowed: Int, first: String?) {
        var walk = ViewWalk()
        walk.usesMemos = memos
        let window = stage.window.presentation
        for s in stage.window.subviewsInDrawingOrder {
            walk.record(s, depth: 0, opacity: 1, parentSublayer: window.sublayerTransformInBounds, parentToWindow: .identity)
        }
        return (walk.views, walk.overflowed, walk.firstOverflow)
    }

    /// Every view under `v`, `v` first.
    static func all(_ v: View) -> [View] { [v] + v.subviews.flatMap { all($0) } }

    @Test func recordingWithMemosIsRecordingWithout() throws {
        let stage = Stage(screen: Size(width: 390, height: 844), framesPerSecond: 30)
        let screen = Self.screen()
        // A controller's view holds the tiles: its title is its controller's.
        let controller = ViewController(title: "Inbox")
        controller.view.frame = Rect(x: 0, y: 0, width: 390, height: 844)
        stage.window.addSubview(controller.view)
        var tiles: [View] = []
        for y in stride(from: 0.0, to: 844, by: 211) {
            for x in stride(from: 0.0, to: 390, by: 195) {
                let tile = try #require(screen.resizableSnapshotView(from: Rect(x: x, y: y, width: 195, height: 211)))
                tile.center = Point(x: x + 97.5, y: y + 105.5)
                controller.view.addSubview(tile)
                tiles.append(tile)
            }
        }
        // A whole snapshot whose root moves and fades (its copies do not), and one that
        // stays where it is.
        let moving = screen.snapshotView()
        let still = screen.snapshotView()
        still.transform = Transform2D(scaleX: 0.5, y: 0.5)
        stage.window.addSubview(still)
        stage.window.addSubview(moving)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var compared = 0
        func compare(_ when: String) throws {
            let with = Self.walk(stage, memos: true)
            let without = Self.walk(stage, memos: false)
            try #require(with.views.count == without.views.count, "\(when)")
            #expect(try encoder.encode(with.views) == encoder.encode(without.views), "\(when)")
            #expect(with.views == without.views, "\(when)")
            #expect(with.overflowed == without.overflowed && with.first == without.first, "\(when)")
            compared += 1
        }
        try compare("before anything moves")
        try compare("a still frame")
        View.animate(withDuration: 1, options: .curveLinear) {
            for (i, tile) in tiles.enumerated() {
                tile.transform = Transform2D(rotationAngle: Double(i) * 0.3).scaledBy(x: 0.8, y: 0.8)
                tile.alpha = 0.2 + 0.1 * Double(i)
                tile.center = Point(x: tile.center.x + Double(i) * 7, y: tile.center.y - Double(i) * 5)
            }
            moving.alpha = 0.4
            moving.center = Point(x: 300, y: 500)
            moving.transform3D = Transform3D(perspectiveDistance: 500).concatenating(Transform3D(rotationAngle: 0.4, x: 0, y: 1, z: 0))
        }
        for frame in 0..<12 {
            stage.step()
            try compare("frame \(frame) of the flight")
        }
        // The copies inside the snapshots kept memos; the flying tiles, animating, none.
        let copies = tiles.flatMap { Self.all($0).dropFirst() }
        #expect(copies.allSatisfy { $0.recordMemo != nil })
        #expect(tiles.allSatisfy { $0.recordMemo == nil })
        #expect(Self.all(still).allSatisfy { $0.recordMemo != nil })
        #expect(controller.view.recordMemo?.hasController == true)
        controller.title = "Renamed"
        stage.step()
        try compare("the controller renamed")
        #expect(Self.walk(stage, memos: true).views.contains { $0.title == "Renamed" })

        // Changes inside a snapshot, as a bundle could make them: each shows at once.
        // A tile of the right half: its rows hold their texts and chevrons.
        let copy = try #require(tiles[3].subviews.first)
        let row = try #require(copy.subviews.first { $0.kind == .panel && $0.subviews.count == 2 })
        row.backgroundColor = Color(red: 1, green: 0, blue: 0)
        row.subviews[0].label = "changed"
        stage.step()
        try compare("a colour and a label changed")
        row.subviews[1].zPosition = -1
        stage.step()
        try compare("a subview moved behind its sibling by its zPosition")
        row.addSubview(View(frame: Rect(x: 5, y: 5, width: 10, height: 10), kind: .image, label: nil))
        row.subviews[0].isHidden = true
        copy.alpha = 0.5
        stage.step()
        try compare("a subview added, one hidden, a copy faded")
        row.subviews[0].removeFromSuperview()
        row.subviews[0].name = "renamed"
        row.matchID = "match"
        stage.step()
        try compare("a subview removed, one renamed, a match identifier")
        // A superview's sublayer transform reaches into the copies' corners.
        copy.sublayerTransform = Transform3D(perspectiveDistance: 300)
        stage.step()
        try compare("a sublayer transform above the copies")
        copy.sublayerTransform = .identity
        // A root scaled past every number: its copies, kept, overflow in their corners.
        still.transform = Transform2D(scaleX: 1e300, y: 1e300)
        still.subviews[0].transform = Transform2D(scaleX: 1e300, y: 1e300)
        stage.step()
        try compare("numbers overflowed")
        #expect(Self.walk(stage, memos: true).overflowed > 0)
        for frame in 0..<25 {
            stage.step()
            try compare("frame \(frame) to the end of the flight")
        }
        #expect(compared == 2 + 12 + 7 + 25)
    }

    @Test func aRecorderMakesTheSameTraceAsAWalkWithoutMemos() throws {
        let stage = Stage(screen: Size(width: 390, height: 844), framesPerSecond: 30)
        let screen = Self.screen()
        let tile = try #require(screen.resizableSnapshotView(from: Rect(x: 0, y: 80, width: 390, height: 200)))
        stage.window.addSubview(tile)
        var recorded: [[Trace.ViewRecord]] = []
        var expected: [[Trace.ViewRecord]] = []
        let recorder = TraceRecorder(stage: stage, topNavigation: { nil }, consumer: { frame in
            recorded.append(frame.views)
            expected.append(Self.walk(stage, memos: false).views)
        })
        recorder.start()
        View.animate(withDuration: 0.5) {
            tile.alpha = 0
            tile.center = Point(x: 100, y: 600)
        }
        for _ in 0..<20 { stage.step() }
        #expect(recorded.count == 21 && expected.count == 21)
        #expect(recorded == expected)
    }
}
