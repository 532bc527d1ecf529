import Foundation
import StagehandCore
@testable import StagehandRender
import Testing

/// Titles in no clip keep their coverage from frame to frame (see `TitleCoverages`): a
/// run of frames painted on one canvas that keeps them must be, pixel for pixel, the run
/// painted by one that works every title out again.
@Suite struct TitleCoveragesTests {
    /// A push (titles sliding in and out, each frame at a new place) then a screen at rest
    /// (the same titles at the same places), some frames painted twice: the same bytes
    /// with the coverages kept as without, and some kept coverages used again.
    @Test func keptCoveragesPaintTheSameBytes() throws {
        let trace = try RenderEnvironment.play("""
            {"root": {"title": "Inbox", "embedInNavigation": true},
             "steps": [{"push": {"title": "An article with a long title"}}, {"wait": 0.5}]}
            """)
        let screen = Size(width: trace.screen[0], height: trace.screen[1])
        let frames = Array(trace.frames.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
        #expect(frames.count > 10)
        let lists = try Renderer(screen: screen).displayLists(frames + frames.suffix(4))
        let (width, height) = (Int(screen.width), Int(screen.height))
        let keeping = try Canvas(width: width, height: height, screen: screen)
        let working = try Canvas(width: width, height: height, screen: screen)
        working.keepsTitleCoverages = false
        var titled = 0, differing = 0
        var previous: [UInt32] = []
        for (index, list) in lists.enumerated() {
            keeping.draw(list)
            working.draw(list)
            let kept = keeping.withPixels { pixels, _ in Array(pixels) }
            let worked = working.withPixels { pixels, _ in Array(pixels) }
            #expect(kept == worked, "frame \(index)")
            if list.items.contains(where: { $0.clips.isEmpty && $0.label != nil }) { titled += 1 }
            if kept != previous { differing += 1 }
            previous = kept
        }
        #expect(titled == lists.count, "every frame shows titles in no clip")
        #expect(differing > 5, "the titles move: \(differing) frames differ from the one before")
        #expect(keeping.keptTitleCoverages > 0 && working.keptTitleCoverages == 0)
        #expect(keeping.titleCoveragesUsedAgain > lists.count, "kept coverages are used again")
    }
}
