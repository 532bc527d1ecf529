import Foundation
import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// cards and pan (libAnimators3D.so), forwards and backwards, against positions worked
/// out here from the effects' constants (see `Library` for the projection).
///
/// pan, d = 0.3 s, ease in and out, p = easeInOut(t / d): forwards the top view is
/// moved right by W·(1 − p) and the one beneath left by W/2·p; backwards the top view
/// moves right by W·p and the one beneath comes back from −W/2·(1 − p).
///
/// cards, d = 1 s, keyframes (each phase linear), perspective m34 = −1/900 throughout. A
/// card tipped by θ about x and scaled by s (uniformly), then moved down by ty, takes
/// its point (x, y) from its centre to (s·x, s·y·cos θ + ty, s·y·sin θ).
@Suite struct CardsPanTests {
    static let m34 = -1.0 / 900
    static let tilt = 15.0 * Double.pi / 180

    /// A card of the screen's size about its centre, tipped by θ, scaled by s, moved by ty.
    static func card(tilt θ: Double, scale s: Double, ty: Double = 0) -> [[Double]] {
        Library.corners(m34: m34) { x, y in (s * x, s * y * cos(θ) + ty, s * y * sin(θ)) }
    }

    // MARK: pan

    static func panCorners(at t: Double, forward: Bool, d: Double = 0.3, parallax: Double = 0.5)
        -> (top: [[Double]], beneath: [[Double]]) {
        let p = TimingCurve.easeInOut.progress(at: min(t / d, 1))
        let w = Library.width
        return forward ? (Library.moved(w * (1 - p), 0), Library.moved(-parallax * w * p, 0))
                       : (Library.moved(w * p, 0), Library.moved(-parallax * w * (1 - p), 0))
    }

    @Test func panPushesAndPopsSideBySide() throws {
        let result = try Library.play(navigation: #""push": "pan", "pop": "pan""#,
                                      steps: [#"{"push": {"title": "Detail"}}"#, #"{"wait": 1}"#, #"{"pop": {}}"#, #"{"wait": 1}"#])
        #expect(Library.events(result) == ["began pan push false", "completed pan push false",
                                           "began pan pop false", "completed pan pop false"])
        let push = Library.start(result, "push"), pop = Library.start(result, "pop")
        // Start, a third, mid-way, the last frame before the end (0.3 s = 36 frames).
        for frames in [1, 12, 18, 35] {
            let t = Double(frames) / Library.fps
            let forward = Self.panCorners(at: t, forward: true)
            Library.expectCorners(Library.view("Detail", at: push + t, in: result), forward.top, "push: Detail at \(t)")
            Library.expectCorners(Library.view("Root", at: push + t, in: result), forward.beneath, "push: Root at \(t)")
            let backward = Self.panCorners(at: t, forward: false)
            Library.expectCorners(Library.view("Detail", at: pop + t, in: result), backward.top, "pop: Detail at \(t)")
            Library.expectCorners(Library.view("Root", at: pop + t, in: result), backward.beneath, "pop: Root at \(t)")
        }
        // Mid-way by hand: easeInOut(0.5) = 0.5, so Detail's left edge is at 195, Root's at −97.5.
        let mid = Library.view("Detail", at: push + 0.15, in: result)?.corners.first ?? []
        #expect(mid.count == 2 && abs(mid[0] - 195) < Library.tolerance, "Detail mid-push at \(mid)")
        Library.expectEnd(result, stack: ["Root"])
    }

    @Test func panParallaxParameter() throws {
        let result = try Library.play(navigation: #""push": "pan""#, steps: [#"{"push": {"title": "Detail"}}"#, #"{"wait": 1}"#],
                                      parameters: ["pan": ["parallax": "1", "duration": "0.5"]])
        let push = Library.start(result, "push")
        let t = 0.25
        let expected = Self.panCorners(at: t, forward: true, d: 0.5, parallax: 1)
        Library.expectCorners(Library.view("Root", at: push + t, in: result), expected.beneath, "Root, parallax 1, at 0.25 s of 0.5 s")
        Library.expectCorners(Library.view("Detail", at: push + t, in: result), expected.top, "Detail at 0.25 s of 0.5 s")
        Library.expectEnd(result, stack: ["Root", "Detail"])
    }

    // MARK: cards

    /// The old card going back (forwards), at `t` seconds of 1.
    static func cardGoingBack(at t: Double) -> (corners: [[Double]], alpha: Double) {
        let h = Library.height
        if t <= 0.4 {
            let f = Library.ease(.linear, t, start: 0, length: 0.4)
            return (card(tilt: tilt * f, scale: 1 - 0.05 * f), 1 - 0.4 * f)
        }
        let g = Library.ease(.linear, t, start: 0.4, length: 0.3)
        return (card(tilt: tilt * (1 - g), scale: 0.95 - 0.15 * g, ty: -0.08 * h * g), 0.6)
    }

    /// The new card rising (forwards): how far below its place it is at `t`.
    static func cardRising(at t: Double) -> Double {
        let h = Library.height
        if t <= 0.8 {
            let u = Library.ease(.linear, t, start: 0.6, length: 0.2)
            return h + (-30 - h) * u
        }
        return -30 * (1 - Library.ease(.linear, t, start: 0.8, length: 0.2))
    }

    @Test func cardsPushBackTheOldCardAndRaiseTheNew() throws {
        let result = try Library.play(navigation: #""push": "cards""#, steps: [#"{"push": {"title": "Detail"}}"#, #"{"wait": 1.5}"#])
        #expect(Library.events(result) == ["began cards push false", "completed cards push false"])
        let push = Library.start(result, "push")
        #expect(abs((result.trace.events.last?.t ?? 0) - (push + 1)) < 1e-5, "cards lasts 1 s")
        for t in [1.0 / 120, 0.2, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 119.0 / 120] {
            let back = Self.cardGoingBack(at: t)
            let root = Library.view("Root", at: push + t, in: result)
            Library.expectCorners(root, back.corners, "Root at \(t)")
            #expect(abs((root?.alpha ?? 0) - back.alpha) < 1e-6, "Root's alpha at \(t): \(root?.alpha ?? -1), expected \(back.alpha)")
            Library.expectCorners(Library.view("Detail", at: push + t, in: result), Library.moved(0, Self.cardRising(at: t)), "Detail at \(t)")
        }
        // At 0.4 s, by hand: tipped 15° and scaled 0.95, the top edge (y = −422 from the
        // centre) is at z = −0.95·422·sin 15° = −103.761, w = 1 + 103.761/900 = 1.115290,
        // so it spans 195 ± 0.95·195/w = 195 ± 166.100 at y = 422 − 0.95·422·cos 15°/w
        // = 422 − 347.210.
        let tipped = Library.view("Root", at: push + 0.4, in: result)?.corners ?? []
        let byHand = [[28.900, 74.790], [361.100, 74.790]]
        #expect(tipped.count == 4 && zip(tipped.prefix(2), byHand).allSatisfy { abs($0[0] - $1[0]) < 0.01 && abs($0[1] - $1[1]) < 0.01 },
                "Root's top edge at 0.4 s: \(tipped)")
        // The new card overshoots: 30 pt above its place at 0.8 s.
        Library.expectCorners(Library.view("Detail", at: push + 0.8, in: result), Library.moved(0, -30), "Detail's overshoot")
        Library.expectEnd(result, stack: ["Root", "Detail"])
    }

    /// The pop at `t` seconds of 1: Detail falling off the bottom over 0 … 0.5 s; Root,
    /// behind at 0.6, tipped back (15°, 0.95) over 0.35 … 0.7 s, then flat over 0.75 … 1 s.
    static func cardsPop(at t: Double) -> (detail: [[Double]], root: [[Double]], rootAlpha: Double) {
        let fall = Library.ease(.linear, t, start: 0, length: 0.5)
        let up = Library.ease(.linear, t, start: 0.35, length: 0.35)
        let flat = Library.ease(.linear, t, start: 0.75, length: 0.25)
        let root = t < 0.75 ? card(tilt: tilt * up, scale: 0.6 + 0.35 * up)
                            : card(tilt: tilt * (1 - flat), scale: 0.95 + 0.05 * flat)
        return (Library.moved(0, Library.height * fall), root, 0.6 + 0.4 * up)
    }

    @Test func cardsPopLetsTheTopCardFallAndBringsTheOtherForward() throws {
        let result = try Library.play(navigation: #""push": "cards", "pop": "cards""#,
                                      steps: [#"{"push": {"title": "Detail"}}"#, #"{"wait": 1.5}"#, #"{"pop": {}}"#, #"{"wait": 1.5}"#])
        #expect(Library.events(result) == ["began cards push false", "completed cards push false",
                                           "began cards pop false", "completed cards pop false"])
        let pop = Library.start(result, "pop")
        for t in [1.0 / 120, 0.25, 0.35, 0.5, 0.6, 0.7, 0.75, 0.9, 119.0 / 120] {
            let pose = Self.cardsPop(at: t)
            Library.expectCorners(Library.view("Detail", at: pop + t, in: result), pose.detail, "Detail at \(t)")
            let root = Library.view("Root", at: pop + t, in: result)
            Library.expectCorners(root, pose.root, "Root at \(t)")
            #expect(abs((root?.alpha ?? 0) - pose.rootAlpha) < 1e-6, "Root's alpha at \(t): \(root?.alpha ?? -1)")
        }
        // Root waits at 0.6 of its size about the centre: 195 ∓ 117 by 422 ∓ 253.2.
        Library.expectCorners(Library.view("Root", at: pop + 0.25, in: result), [[78, 168.8], [312, 168.8], [312, 675.2], [78, 675.2]],
                              "Root behind, by hand")
        Library.expectEnd(result, stack: ["Root"])
    }

    /// pan is of kind `any`: a presentation slides in like a push, a dismissal like a pop.
    @Test func panPresentsAndDismisses() throws {
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 390, "height": 844, "fps": 120}, "root": {"title": "Root"},
         "steps": [{"present": {"title": "Sheet", "effect": "pan", "dismissal": "pan"}}, {"wait": 1}, {"dismiss": {}}, {"wait": 1}]}
        """)
        #expect(Library.events(result) == ["began pan present false", "completed pan present false",
                                           "began pan dismiss false", "completed pan dismiss false"])
        let present = Library.start(result, "present"), dismiss = Library.start(result, "dismiss")
        for frames in [1, 18, 35] {
            let t = Double(frames) / Library.fps
            let forward = Self.panCorners(at: t, forward: true), backward = Self.panCorners(at: t, forward: false)
            Library.expectCorners(Library.view("Sheet", at: present + t, in: result), forward.top, "present: Sheet at \(t)")
            Library.expectCorners(Library.view("Root", at: present + t, in: result), forward.beneath, "present: Root at \(t)")
            Library.expectCorners(Library.view("Sheet", at: dismiss + t, in: result), backward.top, "dismiss: Sheet at \(t)")
            Library.expectCorners(Library.view("Root", at: dismiss + t, in: result), backward.beneath, "dismiss: Root at \(t)")
        }
        expectSettled(result)
        Library.expectCorners(result.trace.frames.last?.views("Root", kind: "view").first, Library.fullScreen, "Root at the end")
    }
}
