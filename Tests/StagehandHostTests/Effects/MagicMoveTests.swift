import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

// magic-move against Hero's formulas, worked by hand: row 3 of Inbox (its icon, 28 × 28
// at (28, 176) in the screen: the list starts at y 60 and x 16, the icon at (12, 12) of
// its 52-point row) flies into the picture of Mail (358 × 214.8 at (16, 60): the
// header's 44 points and a 16-point margin, 60 % of the inner width high).
//
// Hero's duration: the centre moves from (42, 190) to (195, 167.4), √(153² + 22.6²) =
// 154.66 points, the size by √(330² + 186.8²) = 379.20: 533.86 together, capped at 500,
// so 0.208 + 500 / 3000 = 0.374667 s. Its curve is cubic-bezier(0.4, 0, 0.2, 1).

enum MagicMoveHand {
    static let from = Rect(x: 28, y: 176, width: 28, height: 28)
    static let to = Rect(x: 16, y: 60, width: 358, height: 214.8)
    static let duration = 0.208 + 500.0 / 3000

    /// cubic-bezier(x1, y1, x2, y2) at time fraction `x`, by bisection on the Bernstein
    /// form (independent of the engine's solver).
    static func bezier(_ x: Double, _ x1: Double = 0.4, _ y1: Double = 0, _ x2: Double = 0.2, _ y2: Double = 1) -> Double {
        func b(_ t: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t }
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if b(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return b((lo + hi) / 2, y1, y2)
    }

    static func lerp(_ a: Rect, _ b: Rect, _ f: Double) -> [Double] {
        [a.minX + (b.minX - a.minX) * f, a.minY + (b.minY - a.minY) * f, a.width + (b.width - a.width) * f, a.height + (b.height - a.height) * f]
    }

    static func scenario(_ steps: String, parameters: String = "{}", matched: Bool = true) -> String {
        let inbox = matched ? #", "matches": {"row 3": "mail-3"}"# : ""
        let mail = matched ? #", "matches": {"image": "mail-3"}"# : ""
        return """
            {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Inbox"},
             "navigation": {"push": "magic-move", "pop": "magic-move"},
             "parameters": {"magic-move": \(parameters)},
             "screens": {"Inbox": {"rows": ["Anna", "Ben", "Chloe", "Dan"]\(inbox)},
                         "Mail": {"back": "Inbox", "image": true, "text": ["Chloe wrote:", "See you at the lake."]\(mail)}},
             "steps": \(steps)}
            """
    }

    static let pushAndPop = #"[{"push": {"title": "Mail"}}, {"wait": 1}, {"pop": {}}, {"wait": 1}]"#

    /// The flying copies in `frame`: the source's (of the row's icon, a panel) and the
    /// destination's (of the picture), with their places back to front.
    static func copies(_ frame: Trace.Frame) -> (source: Trace.ViewRecord, destination: Trace.ViewRecord, sourceBelow: Bool)? {
        let views = frame.views
        guard let s = views.firstIndex(where: { $0.title == "snapshot of panel" }),
              let d = views.firstIndex(where: { $0.title == "snapshot of image" }) else { return nil }
        return (views[s], views[d], s < d)
    }
}

@Suite struct MagicMoveTests {
    static func expectFrame(_ view: Trace.ViewRecord, _ expected: [Double], _ what: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let close = zip(view.frame, expected).allSatisfy { abs($0 - $1) < 1e-3 }
        #expect(close, "\(what): \(view.frame), expected \(expected)", sourceLocation: sourceLocation)
    }

    @Test func aPushFliesTheRowsIconIntoThePictureAlongHerosCurveTheDestinationFadingInOnTop() throws {
        let result = try BuiltInEffects.play(MagicMoveHand.scenario(MagicMoveHand.pushAndPop))
        let trace = result.trace
        #expect(trace.events.map { "\($0.t) \($0.kind)" } == ["0.0 began", "0.383333 completed", "1.0 began", "1.383333 completed"])
        // The first frame of the push (the frame at 0 is the scene before it), mid-way, near the end.
        for t in [1.0 / 60, 0.15, 0.3] {
            let frame = try #require(trace.frame(at: t - 1e-6))
            let f = MagicMoveHand.bezier(frame.t / MagicMoveHand.duration)
            let copies = try #require(MagicMoveHand.copies(frame), "no copies at \(t)")
            let place = MagicMoveHand.lerp(MagicMoveHand.from, MagicMoveHand.to, f)
            Self.expectFrame(copies.source, place, "source at \(t)")
            Self.expectFrame(copies.destination, place, "destination at \(t)")
            #expect(copies.sourceBelow, "the destination flies above on a push")
            #expect(abs(copies.destination.alpha - f) < 1e-3 && copies.source.alpha == 1, "one-sided fade at \(t)")
            // Corner radius 7 (the icon's) to 12 (the picture's).
            #expect(abs(copies.destination.cornerRadius - (7 + 5 * f)) < 1e-3)
            // The rest of Mail fades in over the flight; the real views hide meanwhile.
            let mail = try #require(frame.views.first { $0.title == "Mail" && $0.kind == "view" })
            #expect(abs(mail.alpha - f) < 1e-3)
            #expect(frame.views.first { $0.match == "mail-3" && $0.kind == "image" }?.hidden == true)
        }
        // Settled: no copies, the real picture shown where it belongs.
        let settled = try #require(trace.frame(at: 0.5))
        #expect(MagicMoveHand.copies(settled) == nil)
        let picture = try #require(settled.views.first { $0.match == "mail-3" && $0.kind == "image" })
        #expect(!picture.hidden && picture.frame == [16, 60, 358, 214.8])
        expectSettled(result)
    }

    @Test func aPopFliesThePictureBackTheSourceFadingOutOnTop() throws {
        let trace = try BuiltInEffects.play(MagicMoveHand.scenario(MagicMoveHand.pushAndPop)).trace
        let frame = try #require(trace.frame(at: 1.15))
        let f = MagicMoveHand.bezier(0.15 / MagicMoveHand.duration)
        // Back, the source is Mail's picture and the destination Inbox's icon.
        let views = frame.views
        let s = try #require(views.firstIndex { $0.title == "snapshot of image" })
        let d = try #require(views.firstIndex { $0.title == "snapshot of panel" })
        #expect(d < s, "the source flies above on a pop")
        let place = MagicMoveHand.lerp(MagicMoveHand.to, MagicMoveHand.from, f)
        Self.expectFrame(views[s], place, "source")
        Self.expectFrame(views[d], place, "destination")
        #expect(abs(views[s].alpha - (1 - f)) < 1e-3 && views[d].alpha == 1)
        let mail = try #require(views.first { $0.title == "Mail" && $0.kind == "view" })
        #expect(abs(mail.alpha - (1 - f)) < 1e-3)
    }

    @Test func withoutAPairTheNewScreenFadesInOverHalfASecondAndABit() throws {
        let result = try BuiltInEffects.play(MagicMoveHand.scenario(MagicMoveHand.pushAndPop, matched: false))
        #expect(result.trace.events.map { "\($0.t) \($0.kind)" } == ["0.0 began", "0.35 completed", "1.0 began", "1.35 completed"])
        let frame = try #require(result.trace.frame(at: 0.15))
        let mail = try #require(frame.views.first { $0.title == "Mail" && $0.kind == "view" })
        #expect(abs(mail.alpha - MagicMoveHand.bezier(0.15 / 0.35)) < 1e-3)
        expectSettled(result)
    }

    /// arc 1: the centre follows the quadratic Bézier from (42, 190) to (195, 167.4)
    /// whose control point is the corner (195, 190) (the start is below the end), at the
    /// curve's progress.
    @Test func anArcBendsTheFlightThroughHerosCorner() throws {
        let trace = try BuiltInEffects.play(MagicMoveHand.scenario(MagicMoveHand.pushAndPop, parameters: #"{"arc": 1}"#)).trace
        let frame = try #require(trace.frame(at: 0.15))
        let s = MagicMoveHand.bezier(0.15 / MagicMoveHand.duration)
        let x = (1 - s) * (1 - s) * 42 + 2 * (1 - s) * s * 195 + s * s * 195
        let y = (1 - s) * (1 - s) * 190 + 2 * (1 - s) * s * 190 + s * s * 167.4
        let copy = try #require(MagicMoveHand.copies(frame)).destination
        // Sampled at 45 keyframes over the flight: within half a point of the curve.
        #expect(abs(copy.frame[0] + copy.frame[2] / 2 - x) < 0.5 && abs(copy.frame[1] + copy.frame[3] / 2 - y) < 0.5,
                "centre \(copy.frame), expected (\(x), \(y))")
    }

    /// cascade 0.05: Mail's unmatched views fade in from the top, 0.05 s apart (the
    /// header, then the text); the whole lasts 0.05 s longer.
    @Test func aCascadeStaggersTheFadingViewsFromTheTop() throws {
        let result = try BuiltInEffects.play(MagicMoveHand.scenario(MagicMoveHand.pushAndPop, parameters: #"{"cascade": 0.05}"#))
        #expect(result.trace.events.first { $0.kind == "completed" }?.t == 0.433333)
        let frame = try #require(result.trace.frame(at: 0.15))
        let header = try #require(frame.views.first { $0.kind == "panel" && $0.frame == [0, 0, 390, 44] && $0.alpha < 1 })
        #expect(abs(header.alpha - MagicMoveHand.bezier(0.15 / MagicMoveHand.duration)) < 1e-3)
        let line = try #require(frame.views.first { $0.title == "Chloe wrote:" })
        #expect(abs(line.opacity - MagicMoveHand.bezier(0.10 / MagicMoveHand.duration)) < 1e-3)
        expectSettled(result)
    }

    /// A pan anywhere drives the pop, linear under the finger: released past half it
    /// finishes, before half it cancels and everything is as before.
    @Test(arguments: [(300.0, true), (120.0, false)])
    func aPanDrivesThePopAndFinishesPastHalf(to x: Double, finishes: Bool) throws {
        let steps = """
            [{"push": {"title": "Mail"}}, {"wait": 1},
             {"drag": {"from": [100, 400], "to": [\(x), 400], "duration": 0.3, "hold": 0.1, "release": true}}, {"wait": 1}]
            """
        let result = try BuiltInEffects.play(MagicMoveHand.scenario(steps))
        let trace = result.trace
        let began = try #require(trace.events.first { $0.operation == "pop" && $0.kind == "began" })
        #expect(began.interactive)
        // While held, the copies stand at the finger's percent, linearly.
        let held = try #require(trace.frames.last { $0.percent != nil && $0.t > began.t })
        let p = try #require(held.percent)
        let copies = try #require(held.views.first { $0.title == "snapshot of image" })
        Self.expectFrame(copies, MagicMoveHand.lerp(MagicMoveHand.to, MagicMoveHand.from, p), "held at \(p)")
        #expect(trace.events.contains { $0.operation == "pop" && $0.kind == (finishes ? "completed" : "cancelled") })
        let last = try #require(trace.frames.last)
        #expect(last.stack == (finishes ? ["Inbox"] : ["Inbox", "Mail"]))
        #expect(!last.views.contains { $0.title.hasPrefix("snapshot of") })
        expectSettled(result)
    }
}
