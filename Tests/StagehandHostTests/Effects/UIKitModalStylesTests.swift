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
