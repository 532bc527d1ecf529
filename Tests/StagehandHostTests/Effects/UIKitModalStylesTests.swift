import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

// cover-vertical, cross-dissolve and flip-horizontal (libUIKitModalStyles.so, written
// in C), run through scenarios with the real bundle. Each plays the presentation and
// the dismissal; every expected value is computed here: 390 × 844 points, 60 fps.

enum ModalStyle {
    static let width = 390.0
    static let height = 844.0
    static let tolerance = 1e-3

    /// A presentation of Compose (in a navigation controller) over Inbox with `effect`
    /// both ways, then, with `dismiss`, its dismissal at 1 s.
    static func play(_ effect: String, dismiss: Bool, interactive: Bool = false, steps: [String] = [],
                     parameters: [String: String] = [:]) throws -> ScenarioResult {
        let interaction = interactive ? #", "interactiveDismissal": "\#(effect)""# : ""
        var all = [#"{"present": {"title": "Compose", "effect": "\#(effect)", "dismissal": "\#(effect)"\#(interaction), "embedInNavigation": true}}"#,
                   #"{"wait": 1}"#]
        if dismiss { all += [#"{"dismiss": {}}"#, #"{"wait": 1}"#] }
        all += steps
        return try BuiltInEffects.play("""
            {"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Inbox"},
             "steps": [\(all.joined(separator: ", "))]}
            """, parameters: [effect: parameters])
    }

    /// The exact clock time of the frame recorded at `t` (traces round to 6 decimals).
    static func frameTime(_ t: Double) -> Double { (t * 60).rounded() / 60 }

    /// The presentation's (or dismissal's) start.
    static func began(_ trace: Trace, _ operation: String) throws -> Double {
        try #require(trace.events.first { $0.kind == "began" && $0.operation == operation }).t
    }

    static func easeInOut(_ elapsed: Double, over duration: Double) -> Double {
        StagehandCore.TimingCurve.easeInOut.progress(at: min(max(elapsed / duration, 0), 1))
    }
}

extension Trace.Frame {
    /// The view of the navigation controller titled `title` (what the effects move).
    func screen(_ title: String) -> Trace.ViewRecord? {
        views(title, kind: "container").first
    }
}

/// The checks of every modal test: settled, and nothing the runtime had to repair.
func expectCleanModal(_ result: ScenarioResult, sourceLocation: SourceLocation = #_sourceLocation) {
    expectSettled(result, sourceLocation: sourceLocation)
    let problems = result.stage.diagnostics.filter { $0.severity != .note }
    #expect(problems.isEmpty, "diagnostics: \(problems.map(\.description))", sourceLocation: sourceLocation)
}

@Suite struct CoverVerticalTests {
    /// y = height·(1 − easeInOut(t / 0.4)) up, height·easeInOut(t / 0.4) down; the
    /// presenter never moves.
    @Test func presentSlidesUpAndDismissSlidesDown() throws {
        let result = try ModalStyle.play("cover-vertical", dismiss: true)
        let trace = result.trace
        for (operation, up) in [("present", true), ("dismiss", false)] {
            let t0 = try ModalStyle.began(trace, operation)
            for elapsed in [1.0 / 60, 0.1, 0.2, 0.3, 23.0 / 60] {
                let frame = try #require(trace.frame(at: t0 + elapsed))
                let f = ModalStyle.easeInOut(ModalStyle.frameTime(frame.t - t0), over: 0.4)
                let y = ModalStyle.height * (up ? 1 - f : f)
                let compose = try #require(frame.screen("Compose"))
                #expect(abs(compose.frame[1] - y) < ModalStyle.tolerance, "\(operation) +\(elapsed): y \(compose.frame[1]), expected \(y)")
                #expect(compose.frame[0] == 0 && compose.frame[2] == ModalStyle.width && compose.frame[3] == ModalStyle.height)
                #expect(try #require(frame.screen("Inbox")).frame == [0, 0, ModalStyle.width, ModalStyle.height])
            }
            // Mid-way, ease-in-out is half way.
            let mid = try #require(trace.frame(at: t0 + 0.2))
            #expect(abs(try #require(mid.screen("Compose")).frame[1] - ModalStyle.height / 2) < ModalStyle.tolerance)
            let ended = try #require(trace.events.first { $0.kind == "completed" && $0.operation == operation })
            #expect(abs(ended.t - t0 - 0.4) < 1e-6)
        }
        let presented = try #require(trace.frame(at: 0.5))
        #expect(try #require(presented.screen("Compose")).frame == [0, 0, ModalStyle.width, ModalStyle.height])
        #expect(trace.frames.last?.presented == [])
        expectCleanModal(result)
    }
}

@Suite struct CrossDissolveTests {
    /// alpha = easeInOut(t / 0.4) in, 1 − that out; the presenter stays opaque and
    /// still, so the picture is opaque at every instant.
    @Test func presentFadesInOverTheOpaquePresenterAndDismissFadesOut() throws {
        let result = try ModalStyle.play("cross-dissolve", dismiss: true)
        let trace = result.trace
        for (operation, appearing) in [("present", true), ("dismiss", false)] {
            let t0 = try ModalStyle.began(trace, operation)
            for elapsed in [1.0 / 60, 0.1, 0.2, 0.3, 23.0 / 60] {
                let frame = try #require(trace.frame(at: t0 + elapsed))
                let f = ModalStyle.easeInOut(ModalStyle.frameTime(frame.t - t0), over: 0.4)
                let compose = try #require(frame.screen("Compose"))
                #expect(abs(compose.alpha - (appearing ? f : 1 - f)) < ModalStyle.tolerance, "\(operation) +\(elapsed)")
                #expect(compose.frame == [0, 0, ModalStyle.width, ModalStyle.height])
                let inbox = try #require(frame.screen("Inbox"))
                #expect(inbox.opacity == 1 && inbox.frame == [0, 0, ModalStyle.width, ModalStyle.height])
            }
            let mid = try #require(trace.frame(at: t0 + 0.2))
            #expect(abs(try #require(mid.screen("Compose")).alpha - 0.5) < ModalStyle.tolerance)
        }
        #expect(try #require(trace.frame(at: 0.5)?.screen("Compose")).alpha == 1)
        expectCleanModal(result)
    }

    /// Presented again after a dismissal, the view starts from clear again and ends opaque.
    @Test func aSecondPresentationFadesInAgain() throws {
        let result = try ModalStyle.play("cross-dissolve", dismiss: true, steps: [
            #"{"present": {"title": "Compose", "effect": "cross-dissolve", "dismissal": "cross-dissolve", "embedInNavigation": true}}"#,
            #"{"wait": 1}"#,
        ])
        let second = try #require(result.trace.events.filter { $0.kind == "began" && $0.operation == "present" }.last)
        let mid = try #require(result.trace.frame(at: second.t + 0.2))
        #expect(abs(try #require(mid.screen("Compose")).alpha - 0.5) < ModalStyle.tolerance)
        #expect(result.trace.frames.last?.presented == ["Compose"])
        expectCleanModal(result)
    }
}

@Suite struct FlipHorizontalTests {
    let turn = Double.pi - 1e-3
    let m34 = -0.002

    /// The corners of a full-screen view turned by `angle` about its vertical centre
    /// line with perspective m34, in window coordinates: top-left, top-right,
    /// bottom-right, bottom-left.
    func corners(turnedBy angle: Double) -> [[Double]] {
        var perspective = StagehandCore.Transform3D.identity
        perspective.m34 = m34
        let t = perspective.rotated(by: angle, x: 0, y: 1, z: 0)
        let (cx, cy) = (ModalStyle.width / 2, ModalStyle.height / 2)
        return [(0.0, 0.0), (ModalStyle.width, 0), (ModalStyle.width, ModalStyle.height), (0, ModalStyle.height)].map { x, y in
            let p = t.project(x: x - cx, y: y - cy).point
            return [p.x + cx, p.y + cy]
        }
    }

    func expectCorners(_ record: Trace.ViewRecord?, _ expected: [[Double]], _ what: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        guard let record else {
            Issue.record("\(what): not on screen", sourceLocation: sourceLocation)
            return
        }
        let off = zip(record.corners.joined(), expected.joined()).map { abs($0 - $1) }.max() ?? .infinity
        #expect(record.corners.count == 4 && off < 1e-2, "\(what): corners \(record.corners), expected \(expected)",
                sourceLocation: sourceLocation)
    }

    /// Presenting, the presenter (the face) turns by −θ and the presented view (its
    /// back) by π − θ, θ = turn·easeInOut(t / 0.75); dismissing, the other way round.
    @Test func theScreenTurnsOverAndItsBackIsTheOtherScreen() throws {
        let result = try ModalStyle.play("flip-horizontal", dismiss: true)
        let trace = result.trace
        for (operation, presenting) in [("present", true), ("dismiss", false)] {
            let t0 = try ModalStyle.began(trace, operation)
            for elapsed in [1.0 / 60, 0.2, 0.375, 0.55, 44.0 / 60] {
                let frame = try #require(trace.frame(at: t0 + elapsed))
                let theta = turn * ModalStyle.easeInOut(ModalStyle.frameTime(frame.t - t0), over: 0.75)
                let (face, back) = presenting ? ("Inbox", "Compose") : ("Compose", "Inbox")
                let sign = presenting ? -1.0 : 1.0
                expectCorners(frame.screen(face), corners(turnedBy: sign * theta), "\(operation) \(face) +\(elapsed)")
                expectCorners(frame.screen(back), corners(turnedBy: sign * (theta - turn)), "\(operation) \(back) +\(elapsed)")
            }
            // Mid-way (the frame at 23/60 s, 8 ms past it) both are nearly edge-on: a
            // sliver about the centre line, not a tenth of the screen wide.
            let mid = try #require(trace.frame(at: t0 + 0.375))
            for title in ["Inbox", "Compose"] {
                let xs = try #require(mid.screen(title)).corners.map { $0[0] }
                let (low, high) = (xs.min() ?? 0, xs.max() ?? 0)
                #expect(high - low < ModalStyle.width / 10 && low < ModalStyle.width / 2 && high > ModalStyle.width / 2,
                        "\(title) mid-way: \(xs)")
            }
        }
        // At rest both are flat again.
        let shown = try #require(trace.frame(at: 0.9))
        #expect(try #require(shown.screen("Compose")).corners == [[0, 0], [390, 0], [390, 844], [0, 844]])
        #expect(try #require(trace.frames.last?.screen("Inbox")).corners == [[0, 0], [390, 0], [390, 844], [0, 844]])
        expectCleanModal(result)
    }

    /// Only the side facing the viewer is drawn: both views are single-sided while the
    /// card turns, and double-sided and flat again once it has.
    @Test func bothFacesAreSingleSidedWhileTurning() throws {
        let result = try ModalStyle.play("flip-horizontal", dismiss: true)
        let trace = result.trace
        for operation in ["present", "dismiss"] {
            let t0 = try ModalStyle.began(trace, operation)
            let turning = try #require(trace.frame(at: t0 + 0.2))
            for title in ["Inbox", "Compose"] {
                #expect(try #require(turning.screen(title)).doubleSided == false, "\(operation): \(title)")
            }
            let ended = try #require(trace.events.first { $0.kind == "completed" && $0.operation == operation })
            let after = try #require(trace.frame(at: ended.t + 0.1))
            for record in [after.screen("Inbox"), after.screen("Compose")].compactMap({ $0 }) {
                #expect(record.doubleSided == nil, "\(operation): \(record.title) still single-sided")
                #expect(record.transform == [1, 0, 0, 1, 0, 0])
            }
        }
        expectCleanModal(result)
    }
}
