import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

// circular-reveal (libUILibraries.so), BubbleTransition's: the presented view shows
// through a circle about (0.85·390, 0.92·844) = (331.5, 776.48) growing to the farthest
// corner, the top left one, ease-in-out over 0.5 s, and shrinking back to dismiss; a
// downward pan shrinks it (progress = translation.y / 844), finishing above 0.3. Every
// expected value is computed here.

private enum Reveal {
    static let center = (x: 0.85 * ModalStyle.width, y: 0.92 * ModalStyle.height)
    /// The distance to the top left corner: sqrt(331.5² + 776.48²) ≈ 844.28.
    static let radius = (center.x * center.x + center.y * center.y).squareRoot()

    /// The mask the trace records for a circle of radius `r`: `[x, y, width, height,
    /// cornerRadius]` in the view's own space.
    static func mask(_ r: Double) -> [Double] {
        [center.x - r, center.y - r, 2 * r, 2 * r, r]
    }
}

private func expectCircle(_ frame: Trace.Frame, radius r: Double, _ what: String,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
    let view = try #require(frame.screen("Compose"), sourceLocation: sourceLocation)
    let mask = try #require(view.mask, "\(what): no mask", sourceLocation: sourceLocation)
    let off = zip(mask, Reveal.mask(r)).map { abs($0 - $1) }.max() ?? .infinity
    #expect(mask.count == 5 && off < ModalStyle.tolerance, "\(what): mask \(mask), expected \(Reveal.mask(r))",
            sourceLocation: sourceLocation)
    #expect(view.frame == [0, 0, ModalStyle.width, ModalStyle.height], sourceLocation: sourceLocation)
}

@Suite struct CircularRevealTests {
    /// r = R·easeInOut(t / 0.5) presenting, R·(1 − easeInOut(t / 0.5)) dismissing; the
    /// view is whole and unmasked in between.
    @Test func theCircleGrowsFromItsPointAndShrinksBack() throws {
        #expect(abs(Reveal.radius - 844.2829) < 1e-3)
        let result = try ModalStyle.play("circular-reveal", dismiss: true, interactive: true)
        let trace = result.trace
        for (operation, growing) in [("present", true), ("dismiss", false)] {
            let t0 = try ModalStyle.began(trace, operation)
            for elapsed in [1.0 / 60, 0.125, 0.25, 0.375, 29.0 / 60] {
                let frame = try #require(trace.frame(at: t0 + elapsed))
                let f = ModalStyle.easeInOut(ModalStyle.frameTime(frame.t - t0), over: 0.5)
                try expectCircle(frame, radius: Reveal.radius * (growing ? f : 1 - f), "\(operation) +\(elapsed)")
            }
            // Mid-way, half the radius.
            try expectCircle(try #require(trace.frame(at: t0 + 0.25)), radius: Reveal.radius / 2, "\(operation) mid-way")
            let ended = try #require(trace.events.first { $0.kind == "completed" && $0.operation == operation })
            #expect(abs(ended.t - t0 - 0.5) < 1e-6)
        }
        let shown = try #require(trace.frame(at: 0.7)?.screen("Compose"))
        #expect(shown.mask == nil)
        #expect(trace.frames.last?.presented == [])
        expectCleanModal(result)
    }

    /// Another point: from the top left corner the circle must reach the bottom right one.
    @Test func theOriginIsAParameter() throws {
        let result = try ModalStyle.play("circular-reveal", dismiss: false, parameters: ["x": "0", "y": "0"])
        let mid = try #require(result.trace.frame(at: 0.25)?.screen("Compose")?.mask)
        let r = (ModalStyle.width * ModalStyle.width + ModalStyle.height * ModalStyle.height).squareRoot() / 2
        let off = zip(mid, [-r, -r, 2 * r, 2 * r, r]).map { abs($0 - $1) }.max() ?? .infinity
        #expect(off < ModalStyle.tolerance, "mask \(mid)")
        expectCleanModal(result)
    }

    /// Held still, the circle has shrunk by the finger's share of the screen's height;
    /// released, it finishes only above 30 %.
    @Test(arguments: [(0.1, false), (0.3 - 1 / ModalStyle.height, false), (0.3 + 1 / ModalStyle.height, true), (0.6, true)])
    func releasedAbove30PercentItFinishes(progress: Double, finishes: Bool) throws {
        let drag = #"{"drag": {"from": [195, 200], "to": [195, \#(200 + progress * ModalStyle.height)], "duration": 0.3, "hold": 0.2, "release": true}}"#
        let result = try ModalStyle.play("circular-reveal", dismiss: false, interactive: true, steps: [drag])
        let trace = result.trace
        let began = try #require(trace.events.first { $0.kind == "began" && $0.operation == "dismiss" })
        #expect(began.effect == "circular-reveal" && began.interactive)
        let held = try #require(trace.frame(at: 1.4))
        #expect(abs(try #require(held.percent) - progress) < 1e-6)
        try expectCircle(held, radius: Reveal.radius * (1 - progress), "held")
        let ended = try #require(trace.events.last)
        #expect(ended.operation == "dismiss" && ended.kind == (finishes ? "completed" : "cancelled"))
        #expect(ended.t > 1.5 - 1e-9, "ended before the finger lifted")
        let settled = try #require(trace.frames.last)
        #expect(settled.presented == (finishes ? [] : ["Compose"]))
        if !finishes { #expect(try #require(settled.screen("Compose")).mask == nil) }
        expectCleanModal(result)
    }
}
