import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

// shared-axis and fade-through (libMaterialMotion.so), run through scenarios with the
// real bundle. Every expected value is computed here from Material's numbers: 0.3 s on
// the standard curve (0.4, 0, 0.2, 1), 30-point slides, scales 0.8 / 1.1 and 0.92, the
// outgoing screen gone when the curve reaches 0.35 and the incoming one fading in after.

private enum Material {
    static let duration = 0.3
    static let curve = StagehandCore.TimingCurve(controlPoints: 0.4, 0, 0.2, 1)
    static let tolerance = 1e-3

    /// The standard curve's progress `elapsed` seconds in (clamped).
    static func progress(_ elapsed: Double) -> Double {
        curve.progress(at: min(max(elapsed / duration, 0), 1))
    }

    /// Material's fade-through on the progress p.
    static func outgoingAlpha(_ p: Double) -> Double { max(0, 1 - p / 0.35) }
    static func incomingAlpha(_ p: Double) -> Double { max(0, (p - 0.35) / 0.65) }

    /// Frames at 60 fps, rounded to the frame so the time matches the clock's.
    static func frameTime(_ t: Double) -> Double { (t * 60).rounded() / 60 }
}

/// What a screen looks like at one instant: its 2D transform and alpha.
private struct Look {
    var transform: [Double]
    var alpha: Double

    static func translated(_ x: Double, _ y: Double, alpha: Double) -> Look {
        Look(transform: [1, 0, 0, 1, x, y], alpha: alpha)
    }

    static func scaled(_ s: Double, alpha: Double) -> Look {
        Look(transform: [s, 0, 0, s, 0, 0], alpha: alpha)
    }
}

private func expectLook(_ record: Trace.ViewRecord?, _ look: Look, _ what: String,
                        sourceLocation: SourceLocation = #_sourceLocation) {
    guard let record else {
        Issue.record("\(what): not on screen", sourceLocation: sourceLocation)
        return
    }
    let off = zip(record.transform, look.transform).map { abs($0 - $1) }.max() ?? 0
    #expect(off < Material.tolerance, "\(what): transform \(record.transform), expected \(look.transform)",
            sourceLocation: sourceLocation)
    #expect(abs(record.alpha - look.alpha) < Material.tolerance, "\(what): alpha \(record.alpha), expected \(look.alpha)",
            sourceLocation: sourceLocation)
}

/// Runs a push of Article over Inbox and, with `pop`, a pop back, both with `effect`
/// (parameters `parameters`).
private func playNavigation(_ effect: String, pop: Bool, parameters: [String: String] = [:]) throws -> ScenarioResult {
    let popSteps = pop ? #", {"pop": {}}, {"wait": 0.6}"# : ""
    return try BuiltInEffects.play("""
        {"root": {"title": "Inbox"}, "navigation": {"push": "\(effect)", "pop": "\(effect)"},
         "steps": [{"push": {"title": "Article", "embedInNavigation": false}}, {"wait": 0.6}\(popSteps)]}
        """, parameters: [effect: parameters])
}

/// Checks the frames of the transition `operation` at its start, a quarter, the switch
/// of the fade, mid-way, three quarters and its end against `incoming` and `outgoing`
/// (each a look for the progress p).
private func expectTransition(_ result: ScenarioResult, _ operation: String, incoming: String, outgoing: String,
                              kind: String = "view",
                              incomingLook: (Double) -> Look, outgoingLook: (Double) -> Look,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
    let trace = result.trace
    let began = try #require(trace.events.first { $0.kind == "began" && $0.operation == operation },
                             sourceLocation: sourceLocation)
    let ended = try #require(trace.events.first { $0.kind == "completed" && $0.operation == operation },
                             sourceLocation: sourceLocation)
    #expect(abs(ended.t - began.t - Material.duration) < 1e-6, sourceLocation: sourceLocation)
    // One frame in, a quarter, about where the curve reaches 0.35 (0.078 s), half,
    // three quarters, the last frame before the end.
    for elapsed in [1.0 / 60, 0.075, 5.0 / 60, 0.15, 0.225, 17.0 / 60] {
        let frame = try #require(trace.frame(at: began.t + elapsed), sourceLocation: sourceLocation)
        let p = Material.progress(Material.frameTime(frame.t - began.t))
        expectLook(frame.views(incoming, kind: kind).first, incomingLook(p), "\(incoming) at +\(elapsed) s",
                   sourceLocation: sourceLocation)
        expectLook(frame.views(outgoing, kind: kind).first, outgoingLook(p), "\(outgoing) at +\(elapsed) s",
                   sourceLocation: sourceLocation)
    }
    let end = try #require(trace.frame(at: ended.t), sourceLocation: sourceLocation)
    expectLook(end.views(incoming, kind: kind).first, .translated(0, 0, alpha: 1), "\(incoming) at the end",
               sourceLocation: sourceLocation)
}

@Suite struct SharedAxisTests {
    /// Along x, forward: the incoming screen from +30 to 0, the outgoing from 0 to −30.
    @Test func pushAlongXSlidesBothScreensLeftAndFadesThrough() throws {
        let result = try playNavigation("shared-axis", pop: false)
        try expectTransition(result, "push", incoming: "Article", outgoing: "Inbox",
                             incomingLook: { .translated(30 * (1 - $0), 0, alpha: Material.incomingAlpha($0)) },
                             outgoingLook: { .translated(-30 * $0, 0, alpha: Material.outgoingAlpha($0)) })
        #expect(result.trace.frames.last?.stack == ["Inbox", "Article"])
        expectSettled(result)
    }

    /// Backward the directions swap: the incoming from −30, the outgoing to +30; and
    /// the screen that left on the push came back untouched.
    @Test func popAlongXSlidesBothScreensRight() throws {
        let result = try playNavigation("shared-axis", pop: true)
        try expectTransition(result, "pop", incoming: "Inbox", outgoing: "Article",
                             incomingLook: { .translated(-30 * (1 - $0), 0, alpha: Material.incomingAlpha($0)) },
                             outgoingLook: { .translated(30 * $0, 0, alpha: Material.outgoingAlpha($0)) })
        let popBegan = try #require(result.trace.events.first { $0.kind == "began" && $0.operation == "pop" })
        let before = try #require(result.trace.frame(at: popBegan.t))
        expectLook(before.views("Article", kind: "view").first, .translated(0, 0, alpha: 1), "Article before the pop")
        #expect(result.trace.frames.last?.stack == ["Inbox"])
        expectSettled(result)
    }

    /// Along y with a distance of 80 points: the same on the vertical.
    @Test func pushAlongYSlidesUpByTheGivenDistance() throws {
        let result = try playNavigation("shared-axis", pop: false, parameters: ["axis": "y", "distance": "80"])
        try expectTransition(result, "push", incoming: "Article", outgoing: "Inbox",
                             incomingLook: { .translated(0, 80 * (1 - $0), alpha: Material.incomingAlpha($0)) },
                             outgoingLook: { .translated(0, -80 * $0, alpha: Material.outgoingAlpha($0)) })
        expectSettled(result)
    }

    /// Along z, forward: the incoming grows from 0.8, the outgoing from 1 to 1.1.
    @Test func pushAlongZGrowsBothScreens() throws {
        let result = try playNavigation("shared-axis", pop: false, parameters: ["axis": "z"])
        try expectTransition(result, "push", incoming: "Article", outgoing: "Inbox",
                             incomingLook: { .scaled(0.8 + 0.2 * $0, alpha: Material.incomingAlpha($0)) },
                             outgoingLook: { .scaled(1 + 0.1 * $0, alpha: Material.outgoingAlpha($0)) })
        expectSettled(result)
    }

    /// Along z, backward: the incoming shrinks from 1.1, the outgoing to 0.8.
    @Test func popAlongZShrinksBothScreens() throws {
        let result = try playNavigation("shared-axis", pop: true, parameters: ["axis": "z"])
        try expectTransition(result, "pop", incoming: "Inbox", outgoing: "Article",
                             incomingLook: { .scaled(1.1 - 0.1 * $0, alpha: Material.incomingAlpha($0)) },
                             outgoingLook: { .scaled(1 - 0.2 * $0, alpha: Material.outgoingAlpha($0)) })
        expectSettled(result)
    }

    /// An axis other than x, y or z is refused by the factory: the push still happens,
    /// with the system animation, and the run says why.
    @Test func anUnknownAxisFallsBackToTheSystemPush() throws {
        let result = try playNavigation("shared-axis", pop: false, parameters: ["axis": "w"])
        let errors = result.trace.events.filter { $0.kind == "error" }
        #expect(errors.contains { $0.effect == "shared-axis" }, "events: \(result.trace.events)")
        #expect(result.trace.frames.last?.stack == ["Inbox", "Article"])
        expectSettled(result)
    }
}

@Suite struct FadeThroughTests {
    /// The outgoing screen fades out without scaling; the incoming fades in from 0.92.
    @Test func pushFadesOutThenFadesInGrowingFrom92Percent() throws {
        let result = try playNavigation("fade-through", pop: false)
        try expectTransition(result, "push", incoming: "Article", outgoing: "Inbox",
                             incomingLook: { .scaled(0.92 + 0.08 * $0, alpha: Material.incomingAlpha($0)) },
                             outgoingLook: { .translated(0, 0, alpha: Material.outgoingAlpha($0)) })
        expectSettled(result)
    }

    /// Both ways alike.
    @Test func popIsTheSame() throws {
        let result = try playNavigation("fade-through", pop: true, parameters: ["startScale": "0.5"])
        try expectTransition(result, "pop", incoming: "Inbox", outgoing: "Article",
                             incomingLook: { .scaled(0.5 + 0.5 * $0, alpha: Material.incomingAlpha($0)) },
                             outgoingLook: { .translated(0, 0, alpha: Material.outgoingAlpha($0)) })
        #expect(result.trace.frames.last?.stack == ["Inbox"])
        expectSettled(result)
    }

    /// Nothing shows of either screen at the switch: the outgoing one has just gone and
    /// the incoming one not yet appeared (where Material's curve reaches 0.35).
    @Test func atTheSwitchBothScreensAreClear() throws {
        let result = try playNavigation("fade-through", pop: false)
        let switchTime = Material.duration * Material.curve.time(reaching: 0.35)
        let began = try #require(result.trace.events.first { $0.kind == "began" && $0.operation == "push" })
        // The frames either side of the switch: at most a frame's worth of fade shows.
        let before = try #require(result.trace.frame(at: began.t + Material.frameTime(switchTime - 1.0 / 120)))
        #expect(before.t - began.t < switchTime)
        let article = try #require(before.views("Article", kind: "view").first)
        let inbox = try #require(before.views("Inbox", kind: "view").first)
        #expect(article.alpha == 0)
        #expect(inbox.alpha < 0.3)
    }
}

/// The same effects presenting and dismissing (kind any): the presenter is the screen
/// that leaves, reached through its controller, and comes back whole.
@Suite struct MaterialModalTests {
    @Test func fadeThroughPresentsAndDismisses() throws {
        let result = try BuiltInEffects.play("""
            {"root": {"title": "Inbox"}, "steps": [
             {"present": {"title": "Compose", "effect": "fade-through", "dismissal": "fade-through", "embedInNavigation": true}},
             {"wait": 0.6}, {"dismiss": {}}, {"wait": 0.6}]}
            """)
        try expectTransition(result, "present", incoming: "Compose", outgoing: "Inbox", kind: "container",
                             incomingLook: { .scaled(0.92 + 0.08 * $0, alpha: Material.incomingAlpha($0)) },
                             outgoingLook: { .translated(0, 0, alpha: Material.outgoingAlpha($0)) })
        // Presented, the presenter below is whole again (UIKit keeps it in the window).
        let shown = try #require(result.trace.frame(at: 0.5))
        expectLook(shown.screen("Inbox"), .translated(0, 0, alpha: 1), "Inbox under the presentation")
        try expectTransition(result, "dismiss", incoming: "Inbox", outgoing: "Compose", kind: "container",
                             incomingLook: { .scaled(0.92 + 0.08 * $0, alpha: Material.incomingAlpha($0)) },
                             outgoingLook: { .translated(0, 0, alpha: Material.outgoingAlpha($0)) })
        #expect(result.trace.frames.last?.presented == [])
        expectSettled(result)
    }

    @Test func sharedAxisAlongYPresentsUpAndDismissesDown() throws {
        let result = try BuiltInEffects.play("""
            {"root": {"title": "Inbox"}, "steps": [
             {"present": {"title": "Compose", "effect": "shared-axis", "dismissal": "shared-axis", "embedInNavigation": true}},
             {"wait": 0.6}, {"dismiss": {}}, {"wait": 0.6}]}
            """, parameters: ["shared-axis": ["axis": "y"]])
        try expectTransition(result, "present", incoming: "Compose", outgoing: "Inbox", kind: "container",
                             incomingLook: { .translated(0, 30 * (1 - $0), alpha: Material.incomingAlpha($0)) },
                             outgoingLook: { .translated(0, -30 * $0, alpha: Material.outgoingAlpha($0)) })
        try expectTransition(result, "dismiss", incoming: "Inbox", outgoing: "Compose", kind: "container",
                             incomingLook: { .translated(0, -30 * (1 - $0), alpha: Material.incomingAlpha($0)) },
                             outgoingLook: { .translated(0, 30 * $0, alpha: Material.outgoingAlpha($0)) })
        expectSettled(result)
    }
}

/// A pop with shared-axis driven by the navigation controller's edge pan: linear under
/// the finger (the fade still switches at 35 %), cancelled or finished by UIKit's rule,
/// and a cancel leaves both screens as they were.
@Suite struct SharedAxisEdgePopTests {
    @Test(arguments: [(0.2, false), (0.8, true)])
    func theEdgePanScrubsThePop(fraction: Double, finishes: Bool) throws {
        let result = try BuiltInEffects.play("""
            {"root": {"title": "Inbox"}, "navigation": {"push": "shared-axis", "pop": "shared-axis"},
             "steps": [{"push": {"title": "Article", "embedInNavigation": false}}, {"wait": 0.6},
              {"drag": {"from": [4, 400], "to": [\(4 + fraction * 390), 400], "duration": 0.3, "hold": 0.2, "release": true}},
              {"wait": 1}]}
            """)
        let trace = result.trace
        let began = try #require(trace.events.first { $0.kind == "began" && $0.operation == "pop" })
        #expect(began.interactive)
        let held = try #require(trace.frame(at: 1.0))
        let p = try #require(held.percent)
        #expect(p > 0 && p < 1)
        expectLook(held.views("Inbox", kind: "view").first,
                   .translated(-30 * (1 - p), 0, alpha: Material.incomingAlpha(p)), "Inbox held")
        expectLook(held.views("Article", kind: "view").first,
                   .translated(30 * p, 0, alpha: Material.outgoingAlpha(p)), "Article held")
        let ended = try #require(trace.events.last { $0.operation == "pop" })
        #expect(ended.kind == (finishes ? "completed" : "cancelled"))
        let settled = try #require(trace.frames.last)
        #expect(settled.stack == (finishes ? ["Inbox"] : ["Inbox", "Article"]))
        expectLook(settled.views(finishes ? "Inbox" : "Article", kind: "view").first, .translated(0, 0, alpha: 1), "settled")
        expectSettled(result)
    }
}
