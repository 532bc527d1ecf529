import Foundation
import StagehandCore
import StagehandHost
@testable import StagehandRender
import Testing

/// Items inside convex clips are painted cut to them, with no clip in cairo (see
/// `ConvexPolygon`): the same frames painted both ways, and with cairo clipping, must
/// show the same picture. Only pixels where an edge of a fill meets an edge of the clip
/// may differ, and only by their antialiasing.
@Suite struct ConvexClipPaintingTests {
    /// The two paintings of `frame`: cut to the clips, and clipped by cairo.
    static func paintings(_ frame: Trace.Frame, screen: Size) throws -> (cut: [UInt32], clipped: [UInt32]) {
        let list = try Renderer(screen: screen).displayLists([frame])[0]
        let canvas = try Canvas(width: Int(screen.width), height: Int(screen.height), screen: screen)
        canvas.draw(list)
        let cut = canvas.withPixels { pixels, _ in Array(pixels) }
        canvas.cutsToConvexClips = false
        canvas.draw(list)
        let clipped = canvas.withPixels { pixels, _ in Array(pixels) }
        return (cut, clipped)
    }

    /// The largest difference of one channel at each pixel.
    static func differences(_ a: [UInt32], _ b: [UInt32]) -> [Int] {
        zip(a, b).map { x, y in
            stride(from: 0, to: 32, by: 8).map { abs(Int((x >> UInt32($0)) & 255) - Int((y >> UInt32($0)) & 255)) }.max()!
        }
    }

    /// A few frames of explode, mid-explosion: a screen cut into turned, fading tiles, each
    /// a copy of the whole screen (its panels, icons, text) inside the tile's bounds.
    @Test func explodingTilesLookTheSameCutAsClipped() throws {
        try RenderEnvironment.requireEffect("explode")
        let trace = try RenderEnvironment.play("""
            {"root": {"title": "Inbox", "embedInNavigation": true}, "navigation": {"push": "explode"},
             "steps": [{"push": {"title": "Article"}}, {"wait": 1}]}
            """)
        let (began, ended) = try RenderEnvironment.transition(trace, effect: "explode")
        let screen = Size(width: trace.screen[0], height: trace.screen[1])
        var clippedItems = 0
        for share in [0.1, 0.35, 0.7] {
            let frame = try RenderEnvironment.frame(trace, at: (began + share * (ended - began) * 60).rounded() / 60)
            let list = try Renderer(screen: screen).displayLists([frame])[0]
            clippedItems += list.items.filter { !$0.clips.isEmpty }.count
            let (cut, clipped) = try Self.paintings(frame, screen: screen)
            let d = Self.differences(cut, clipped)
            let changed = d.filter { $0 > 8 }.count, far = d.filter { $0 > 64 }.count
            let mean = Double(d.reduce(0, +)) / Double(d.count)
            #expect(mean < 0.2, "at \(share): the mean difference is \(mean)")
            #expect(changed < d.count / 200, "at \(share): \(changed) pixels differ by more than 8")
            #expect(far <= 3, "at \(share): \(far) pixels differ by more than 64")
        }
        #expect(clippedItems > 300, "the frames show tiles: \(clippedItems) clipped items")
    }

    /// A screen at rest: its titles and text lie in no clip, and are filled by the
    /// renderer's own filler over the whole canvas rather than by cairo. Painted both ways,
    /// only the antialiasing of the letters' edges may differ.
    @Test func unclippedTitlesLookTheSameFilledAsByCairo() throws {
        let trace = try RenderEnvironment.play("""
            {"root": {"title": "Inbox", "embedInNavigation": true},
             "steps": [{"push": {"title": "An article with a long title"}}, {"wait": 1}]}
            """)
        let screen = Size(width: trace.screen[0], height: trace.screen[1])
        let frame = try #require(trace.frames.last)
        let list = try Renderer(screen: screen).displayLists([frame])[0]
        let titles = list.items.filter { $0.clips.isEmpty && $0.label != nil }.count
        #expect(titles >= 2, "the screen shows unclipped titles: \(titles)")
        let (filled, byCairo) = try Self.paintings(frame, screen: screen)
        let d = Self.differences(filled, byCairo)
        let changed = d.filter { $0 > 0 }.count, far = d.filter { $0 > 48 }.count
        #expect(changed > 0, "the titles are filled by the filler, not by cairo")
        #expect(changed < d.count / 100, "\(changed) pixels differ")
        #expect(far == 0, "\(far) pixels differ by more than 48")
    }

    /// Views clipping to their rounded bounds, nested, turned in the plane and in
    /// perspective, holding text and panels that cross their edges.
    @Test func nestedRoundedAndPerspectiveClipsLookTheSameCutAsClipped() throws {
        let stage = Stage(screen: Size(width: 300, height: 300))
        let colors = [Color(red: 0.9, green: 0.2, blue: 0.1), Color(red: 0.1, green: 0.5, blue: 0.9),
                      Color(red: 0.2, green: 0.8, blue: 0.3, alpha: 0.7)]
        for (i, turn) in [(0.3, false), (-0.5, true), (1.1, false)].enumerated() {
            let outer = View(frame: Rect(x: 20 + Double(i) * 90, y: 40 + Double(i) * 60, width: 120, height: 100))
            outer.backgroundColor = colors[i]
            outer.clipsToBounds = true
            outer.cornerRadius = 18
            if turn.1 {
                var t = Transform3D.identity
                t.m34 = -1 / 300
                outer.transform3D = t.rotated(by: turn.0, x: 0, y: 1, z: 0)
            } else {
                outer.transform = Transform2D(rotationAngle: turn.0)
            }
            stage.window.addSubview(outer)
            let inner = View(frame: Rect(x: -30, y: 30, width: 120, height: 90))
            inner.backgroundColor = colors[(i + 1) % 3]
            inner.clipsToBounds = true
            inner.cornerRadius = 10
            outer.addSubview(inner)
            let line = View(frame: Rect(x: -10, y: 10, width: 160, height: 24), kind: .title, label: "Clipped title")
            line.backgroundColor = Color(red: 0, green: 0, blue: 0)
            inner.addSubview(line)
            let panel = View(frame: Rect(x: 60, y: -20, width: 90, height: 50), kind: .panel)
            panel.backgroundColor = colors[(i + 2) % 3]
            panel.cornerRadius = 8
            inner.addSubview(panel)
        }
        let recorder = TraceRecorder(stage: stage, topNavigation: { nil })
        recorder.start()
        let frame = try #require(recorder.trace.frames.first)
        let (cut, clipped) = try Self.paintings(frame, screen: Size(width: 300, height: 300))
        let d = Self.differences(cut, clipped)
        let changed = d.filter { $0 > 8 }.count, far = d.filter { $0 > 64 }.count
        #expect(Double(d.reduce(0, +)) / Double(d.count) < 0.2)
        #expect(changed < d.count / 200, "\(changed) pixels differ by more than 8")
        #expect(far <= 3, "\(far) pixels differ by more than 64")
        // The scene shows what it is meant to: the titles' ink and every colour.
        #expect(cut.contains { $0 & 0xFFFFFF == 0 }, "some text")
    }
}
