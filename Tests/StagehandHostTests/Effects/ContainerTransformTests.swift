import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

// container-transform against Material's formulas, worked by hand on the scene of
// MagicMoveTests: row 3's icon of Inbox (28 × 28 at (28, 176), corner 7) and Mail's
// picture (358 × 214.8 at (16, 60), corner 12).
//
// Entering (the push), linear path: Material's thresholds fade 0–0.25, scale 0–1, scale
// mask 0–1, shape mask 0–0.75. Fit auto: the picture at the icon's width would be
// 214.8 · 28 / 358 = 16.8 high, less than 28, so the contents share a height h =
// 28 + 186.8 p: the icon is drawn h × h, the picture 358 h / 214.8 × h, both with the
// middle of their top edge on the path from (42, 176) to (195, 60); the wider (the
// picture) is trimmed on both sides by (358 h / 214.8 − h) / 2 · (1 − p), so the
// container is that trimmed picture. The corner goes from 7 / 28 = 25 % of the smaller
// side (h) to 12 / 214.8 of it. The picture fades in over the first quarter, the scrim
// (32 % black) from 0 to 1 over the whole, Material 3's emphasized easing, 0.5 s.
//
// Returning (the pop): thresholds fade 0.6–0.9, scale 0–1, scale mask 0–0.9, shape mask
// 0.3–0.9; the same height fit (16.8 < 28 again), h = 214.8 − 186.8 p; the picture, the
// start now, is trimmed by (358 h / 214.8 − h) / 2 · min(p / 0.9, 1); fade in becomes
// fade out (the picture fades out over 0.6–0.9, on top); the scrim from 1 to 0; 0.4 s.

enum ContainerTransformHand {
    /// Material 3's emphasized easing, `M 0,0 C 0.05,0 0.133333,0.06 0.166666,0.4 C
    /// 0.208333,0.82 0.25,1 1,1`, at time fraction `x`: the path flattened into 4,000
    /// points per segment, then linear between the two around `x`.
    static let emphasizedTable: [(x: Double, y: Double)] = {
        let segments: [[(Double, Double)]] = [[(0, 0), (0.05, 0), (0.133333, 0.06), (0.166666, 0.4)],
                                              [(0.166666, 0.4), (0.208333, 0.82), (0.25, 1), (1, 1)]]
        var points: [(x: Double, y: Double)] = []
        for s in segments {
            for k in 0...4000 {
                let t = Double(k) / 4000, u = 1 - t
                let w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t]
                points.append((zip(w, s).map { $0 * $1.0 }.reduce(0, +), zip(w, s).map { $0 * $1.1 }.reduce(0, +)))
            }
        }
        return points
    }()

    static func emphasized(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let table = emphasizedTable
        let i = table.firstIndex { $0.x >= x }!
        let a = table[i - 1], b = table[i]
        return b.x > a.x ? a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x) : b.y
    }

    static func lerp(_ a: Double, _ b: Double, _ s: Double, _ e: Double, _ p: Double) -> Double {
        p < s ? a : p > e ? b : a + (b - a) * (p - s) / (e - s)
    }

    /// The container (x, y, width, height), its corner, and the two contents' frames in it,
    /// entering at progress `p`.
    static func entering(_ p: Double) -> (container: [Double], corner: Double, icon: [Double], picture: [Double]) {
        let h = 28 + 186.8 * p
        let x = 42 + 153 * p, y = 176 - 116 * p
        let pictureWidth = 358 * h / 214.8
        let trimmed = pictureWidth - (pictureWidth - h) * (1 - p)
        let left = x - trimmed / 2
        let corner = lerp(0.25 * h, 12 / 214.8 * h, 0, 0.75, p)
        return ([left, y, trimmed, h], corner, [x - h / 2 - left, 0, h, h], [x - pictureWidth / 2 - left, 0, pictureWidth, h])
    }

    /// The same returning at progress `p` (the picture the start, the icon the end).
    static func returning(_ p: Double) -> (container: [Double], corner: Double, picture: [Double], icon: [Double]) {
        let h = 214.8 - 186.8 * p
        let x = 195 - 153 * p, y = 60 + 116 * p
        let pictureWidth = 358 * h / 214.8
        let trimmed = pictureWidth - (pictureWidth - h) * min(p / 0.9, 1)
        let left = x - trimmed / 2
        let corner = lerp(12 / 214.8 * h, 0.25 * h, 0.3, 0.9, p)
        return ([left, y, trimmed, h], corner, [x - pictureWidth / 2 - left, 0, pictureWidth, h], [x - h / 2 - left, 0, h, h])
    }

    static func scenario(_ steps: String, parameters: String = "{}", matched: Bool = true) -> String {
        MagicMoveHand.scenario(steps, parameters: parameters, matched: matched)
            .replacingOccurrences(of: "magic-move", with: "container-transform")
    }

    /// The container and the two flying contents in `frame`: the container is the view
    /// just before the first copy, one level up.
    static func flight(_ frame: Trace.Frame) -> (container: Trace.ViewRecord, icon: Trace.ViewRecord, picture: Trace.ViewRecord,
                                                 iconBelow: Bool)? {
        let views = frame.views
        guard let i = views.firstIndex(where: { $0.title == "snapshot of panel" }),
              let p = views.firstIndex(where: { $0.title == "snapshot of image" }) else { return nil }
        let first = min(i, p)
        guard let c = views[..<first].lastIndex(where: { $0.depth == views[first].depth - 1 }) else { return nil }
        return (views[c], views[i], views[p], i < p)
    }

    /// The scrim: the view of 32 % black.
    static func scrim(_ frame: Trace.Frame) -> Trace.ViewRecord? {
        frame.views.first { $0.color.map { abs($0[3] - 82.0 / 255) < 1e-3 && $0[0] == 0 } ?? false }
    }
}

@Suite struct ContainerTransformTests {
    static func expectClose(_ actual: [Double], _ expected: [Double], _ what: String, within: Double = 1e-3,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let close = actual.count == expected.count && zip(actual, expected).allSatisfy { abs($0 - $1) < within }
        #expect(close, "\(what): \(actual), expected \(expected)", sourceLocation: sourceLocation)
    }

    @Test func aPushGrowsTheRowsIconIntoThePictureOnMaterialsThresholds() throws {
        let result = try BuiltInEffects.play(ContainerTransformHand.scenario(MagicMoveHand.pushAndPop))
        let trace = result.trace
        #expect(trace.events.map { "\($0.t) \($0.kind)" } == ["0.0 began", "0.5 completed", "1.0 began", "1.4 completed"])
        for t in [1.0 / 60, 0.05, 0.1, 0.25, 0.45] {
            let frame = try #require(trace.frame(at: t))
            let p = ContainerTransformHand.emphasized(frame.t / 0.5)
            let hand = ContainerTransformHand.entering(p)
            let flight = try #require(ContainerTransformHand.flight(frame), "no container at \(t)")
            Self.expectClose(flight.container.frame, hand.container, "container at \(t) (p \(p))")
            #expect(flight.container.clips == true)
            #expect(abs(flight.container.cornerRadius - hand.corner) < 1e-3, "corner at \(t): \(flight.container.cornerRadius), expected \(hand.corner)")
            Self.expectClose(flight.icon.frame, hand.icon, "icon at \(t)")
            Self.expectClose(flight.picture.frame, hand.picture, "picture at \(t)")
            #expect(flight.iconBelow, "fade in: the end content on top")
            let fade = min(p / 0.25, 1)
            #expect(flight.icon.alpha == 1 && abs(flight.picture.alpha - fade) < 1e-3, "fade at \(t)")
            let scrim = try #require(ContainerTransformHand.scrim(frame))
            #expect(abs(scrim.alpha - p) < 1e-3, "scrim at \(t): \(scrim.alpha), expected \(p)")
            // The rest of Mail shows as the picture does; the real views hide meanwhile.
            let mail = try #require(frame.views.first { $0.title == "Mail" && $0.kind == "view" })
            #expect(abs(mail.alpha - fade) < 1e-3)
            #expect(frame.views.first { $0.match == "mail-3" && $0.kind == "image" }?.hidden == true)
        }
        let settled = try #require(trace.frame(at: 0.55))
        #expect(ContainerTransformHand.flight(settled) == nil && ContainerTransformHand.scrim(settled) == nil)
        let picture = try #require(settled.views.first { $0.match == "mail-3" && $0.kind == "image" })
        #expect(!picture.hidden && picture.frame == [16, 60, 358, 214.8])
        expectSettled(result)
    }

    @Test func aPopShrinksThePictureBackIntoTheRowFadingItOutLate() throws {
        let result = try BuiltInEffects.play(ContainerTransformHand.scenario(MagicMoveHand.pushAndPop))
        let trace = result.trace
        for t in [0.05, 0.2, 0.3, 0.35] {
            let frame = try #require(trace.frame(at: 1 + t))
            let x = (frame.t - 1) / 0.4
            let p = ContainerTransformHand.emphasized(x)
            let hand = ContainerTransformHand.returning(p)
            let flight = try #require(ContainerTransformHand.flight(frame), "no container at \(t)")
            Self.expectClose(flight.container.frame, hand.container, "container at \(t) (p \(p))")
            #expect(abs(flight.container.cornerRadius - hand.corner) < 1e-3, "corner at \(t)")
            Self.expectClose(flight.picture.frame, hand.picture, "picture at \(t)")
            Self.expectClose(flight.icon.frame, hand.icon, "icon at \(t)")
            #expect(flight.iconBelow, "fade out: the start content (the picture) on top")
            let fade = ContainerTransformHand.lerp(1, 0, 0.6, 0.9, p)
            #expect(abs(flight.picture.alpha - fade) < 1e-3 && flight.icon.alpha == 1, "fade at \(t)")
            let scrim = try #require(ContainerTransformHand.scrim(frame))
            #expect(abs(scrim.alpha - (1 - p)) < 1e-3)
            let mail = try #require(frame.views.first { $0.title == "Mail" && $0.kind == "view" })
            #expect(abs(mail.alpha - fade) < 1e-3)
        }
        expectSettled(result)
    }

    /// Material's fade-through (its users' "not working" report: the entering fade lasts
    /// only 0–0.25): the icon fades out over 0–0.0875 (35 % of the fade), the picture in
    /// over 0.0875–0.25.
    @Test func fadeThroughSplitsTheEnteringFadeAtThirtyFivePercent() throws {
        let trace = try BuiltInEffects.play(ContainerTransformHand.scenario(MagicMoveHand.pushAndPop,
                                                                           parameters: #"{"fade": "through"}"#)).trace
        var sawBoth = (out: false, in: false)
        for frame in trace.frames where frame.t > 0 && frame.t < 0.5 {
            guard let flight = ContainerTransformHand.flight(frame) else { continue }
            let p = ContainerTransformHand.emphasized(frame.t / 0.5)
            let icon = ContainerTransformHand.lerp(1, 0, 0, 0.0875, p), picture = ContainerTransformHand.lerp(0, 1, 0.0875, 0.25, p)
            #expect(abs(flight.icon.alpha - icon) < 1e-3 && abs(flight.picture.alpha - picture) < 1e-3,
                    "at \(frame.t): \(flight.icon.alpha), \(flight.picture.alpha), expected \(icon), \(picture)")
            if icon > 0 && icon < 1 { sawBoth.out = true }
            if picture > 0 && picture < 1 { sawBoth.in = true }
        }
        #expect(sawBoth.out && sawBoth.in, "frames inside both halves of the fade")
    }

    /// The arc path: Material's control point is the corner below the higher end,
    /// (195, 176), and the anchor is placed by arc length. The length is integrated here
    /// by Simpson's rule; on the arc the entering thresholds are fade 0.1–0.4, scale
    /// 0.1–1.
    @Test func theArcPathPlacesTheContainerByArcLength() throws {
        let trace = try BuiltInEffects.play(ContainerTransformHand.scenario(MagicMoveHand.pushAndPop,
                                                                           parameters: #"{"path": "arc"}"#)).trace
        func speed(_ s: Double) -> Double {
            // The derivative of (1 − s)² A + 2 (1 − s) s C + s² B.
            let dx = 2 * (1 - s) * (195 - 42) + 2 * s * (195 - 195), dy = 2 * (1 - s) * (176 - 176) + 2 * s * (60 - 176)
            return (dx * dx + dy * dy).squareRoot()
        }
        func length(_ s: Double) -> Double {
            let n = 200, h = s / Double(n)
            return (0...n).map { k in speed(Double(k) * h) * (k == 0 || k == n ? 1 : k % 2 == 1 ? 4 : 2) }.reduce(0, +) * h / 3
        }
        let total = length(1)
        for t in [0.05, 0.1, 0.25] {
            let frame = try #require(trace.frame(at: t))
            let p = ContainerTransformHand.emphasized(frame.t / 0.5)
            var lo = 0.0, hi = 1.0
            for _ in 0..<60 { let mid = (lo + hi) / 2; if length(mid) < p * total { lo = mid } else { hi = mid } }
            let s = (lo + hi) / 2
            let x = (1 - s) * (1 - s) * 42 + 2 * (1 - s) * s * 195 + s * s * 195
            let y = (1 - s) * (1 - s) * 176 + 2 * (1 - s) * s * 176 + s * s * 60
            let box = try #require(ContainerTransformHand.flight(frame)).container
            Self.expectClose([box.frame[0] + box.frame[2] / 2, box.frame[1]], [x, y], "anchor at \(t)", within: 0.05)
            let h = ContainerTransformHand.lerp(28, 214.8, 0.1, 1, p)
            #expect(abs(box.frame[3] - h) < 1e-3, "height at \(t): \(box.frame[3]), expected \(h)")
        }
    }

    /// Fit width forced: both contents share the container's width w = 28 + 330 p; the
    /// icon is then w high, the picture 214.8 w / 358, and the taller (the icon) is
    /// trimmed at the bottom by the difference times the mask progress p.
    @Test func fitWidthSharesTheWidthAndTrimsTheTallerAtTheBottom() throws {
        let trace = try BuiltInEffects.play(ContainerTransformHand.scenario(MagicMoveHand.pushAndPop,
                                                                           parameters: #"{"fit": "width"}"#)).trace
        let frame = try #require(trace.frame(at: 0.1))
        let p = ContainerTransformHand.emphasized(frame.t / 0.5)
        let w = 28 + 330 * p, pictureHeight = 214.8 * w / 358
        let iconHeight = w - (w - pictureHeight) * p
        let flight = try #require(ContainerTransformHand.flight(frame))
        Self.expectClose(flight.container.frame, [42 + 153 * p - w / 2, 176 - 116 * p, w, iconHeight], "container")
        Self.expectClose(flight.icon.frame, [0, 0, w, w], "icon")
        Self.expectClose(flight.picture.frame, [0, 0, w, pictureHeight], "picture")
    }

    @Test func withoutAPairTheScreensFadeUnderTheScrim() throws {
        let result = try BuiltInEffects.play(ContainerTransformHand.scenario(MagicMoveHand.pushAndPop, matched: false))
        #expect(result.trace.events.map { "\($0.t) \($0.kind)" } == ["0.0 began", "0.5 completed", "1.0 began", "1.4 completed"])
        let frame = try #require(result.trace.frame(at: 0.05))
        let p = ContainerTransformHand.emphasized(frame.t / 0.5)
        #expect(ContainerTransformHand.flight(frame) == nil)
        let mail = try #require(frame.views.first { $0.title == "Mail" && $0.kind == "view" })
        #expect(abs(mail.alpha - min(p / 0.25, 1)) < 1e-3)
        #expect(abs((ContainerTransformHand.scrim(frame)?.alpha ?? -1) - p) < 1e-3)
        expectSettled(result)
    }

    /// A presented picture dismissed by a pan down: progress is the finger's travel over
    /// the screen's height, linear, so the container stands where the returning motion
    /// puts it at that progress; released past a quarter it finishes into the row, else
    /// it returns and everything is as before.
    @Test(arguments: [(420.0, true), (90.0, false)])
    func aPanDownDismissesIntoTheRowPastAQuarter(by distance: Double, finishes: Bool) throws {
        let json = """
            {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Inbox"},
             "screens": {"Inbox": {"rows": ["Anna", "Ben", "Chloe", "Dan"], "matches": {"row 3": "mail-3"}},
                         "Photo": {"image": true, "matches": {"image": "mail-3"}}},
             "steps": [{"present": {"title": "Photo", "effect": "container-transform", "dismissal": "container-transform",
                                    "interactiveDismissal": "container-transform"}}, {"wait": 1},
                       {"drag": {"from": [195, 300], "to": [195, \(300 + distance)], "duration": 0.3, "hold": 0.1, "release": true}},
                       {"wait": 1}]}
            """
        let result = try BuiltInEffects.play(json)
        let trace = result.trace
        let began = try #require(trace.events.first { $0.operation == "dismiss" && $0.kind == "began" })
        #expect(began.interactive)
        let held = try #require(trace.frames.last { $0.percent != nil && $0.t > began.t })
        let p = try #require(held.percent)
        let flight = try #require(ContainerTransformHand.flight(held))
        let hand = ContainerTransformHand.returning(p)
        let picture = try #require(trace.frames.first { $0.t > 0.6 }?.views.first { $0.match == "mail-3" && $0.kind == "image" })
        // The presented picture's own place may differ from Mail's: offset the hand numbers by it.
        let dy = picture.frame[1] - 60
        Self.expectClose(flight.container.frame, [hand.container[0], hand.container[1] + dy * (1 - p), hand.container[2], hand.container[3]],
                         "held at \(p)", within: 0.05)
        #expect(trace.events.contains { $0.operation == "dismiss" && $0.kind == (finishes ? "completed" : "cancelled") })
        let last = try #require(trace.frames.last)
        #expect(!last.views.contains { $0.title.hasPrefix("snapshot of") })
        expectSettled(result)
    }
}
