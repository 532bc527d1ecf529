import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

// What the Hero tests share: the run (a push and a pop, or a presentation and a
// dismissal, with one Hero effect chosen for both), the poses each page should have at
// a fraction of the way, worked out by hand in each test from Hero's numbers, and the
// check of a transition's start, middle and end against them. 390 × 844 points at 60
// frames per second; Hero's 0.35 s.

/// The numbers of these tests.
enum Hero {
    static let width = 390.0
    static let height = 844.0
    static let duration = 0.35
    static let frameTime = 1.0 / 60
    /// Trace values are rounded to 6 decimals.
    static let tolerance = 1e-3
    /// Hero's (Material Design's) curves.
    static let standard = TimingCurve(controlPoints: 0.4, 0, 0.2, 1)
    static let deceleration = TimingCurve(controlPoints: 0, 0, 0.2, 1)
}

/// How a page should look: translation, scale about its centre, alpha, the black
/// overlay's opacity, the shadow's opacity.
struct HeroExpectedPose: CustomStringConvertible {
    var tx = 0.0, ty = 0.0, scale = 1.0, alpha = 1.0, dim = 0.0, shadow = 0.0

    var description: String { "tx \(tx) ty \(ty) scale \(scale) alpha \(alpha) dim \(dim) shadow \(shadow)" }
}

/// One transition as the tests expect it: each page's pose at fraction `f` of the curve.
struct HeroExpectedMotion: Sendable {
    var toOnTop: Bool
    var curve: TimingCurve
    var from: @Sendable (Double) -> HeroExpectedPose
    var to: @Sendable (Double) -> HeroExpectedPose
}

/// The pair of operations a run plays.
enum HeroRoute {
    /// Inbox → Article by a push, back by a pop.
    case navigation
    /// Inbox presents Compose, then dismisses it.
    case modal

    var forward: String { self == .navigation ? "push" : "present" }
    var back: String { self == .navigation ? "pop" : "dismiss" }
}

/// Plays `effect` (with `parameters`) forward at 0 s, back at 1 s.
func playHero(_ effect: String, _ route: HeroRoute, parameters: [String: String] = [:]) throws -> ScenarioResult {
    let steps: String
    switch route {
    case .navigation:
        steps = #"{"navigation": {"push": "\#(effect)", "pop": "\#(effect)"}, "steps": [{"push": {"title": "Article"}}, {"wait": 1}, {"pop": {}}, {"wait": 1}]}"#
    case .modal:
        steps = #"{"steps": [{"present": {"title": "Compose", "effect": "\#(effect)", "dismissal": "\#(effect)"}}, {"wait": 1}, {"dismiss": {}}, {"wait": 1}]}"#
    }
    return try BuiltInEffects.play(#"{"screen": {"width": 390, "height": 844, "fps": 60}, "root": {"title": "Inbox"}, "#
                                   + steps.dropFirst(), parameters: [effect: parameters])
}

extension Trace.Frame {
    /// The page of the screen titled `title` a Hero transition moves: a controller's view,
    /// or the snapshot standing in for the presenter (the navigation controller Inbox).
    func heroPage(_ title: String) -> (index: Int, record: Trace.ViewRecord)? {
        if title == "Inbox", let i = views.firstIndex(where: { $0.kind == "snapshot" && $0.source == "container" }) {
            return (i, views[i])
        }
        guard let i = views.firstIndex(where: { $0.title == title && $0.kind == "view" }) else { return nil }
        return (i, views[i])
    }

    /// The black overlay darkening the page at `index`: a plain subview on top of it.
    func overlay(ofPageAt index: Int) -> Trace.ViewRecord? {
        let depth = views[index].depth
        var found: Trace.ViewRecord?
        for view in views[(index + 1)...] {
            if view.depth <= depth { break }
            if view.depth == depth + 1, view.title == "view", view.kind == "view" { found = view }
        }
        return found
    }
}

/// Checks the page `title` in `frame` against `pose`.
func expectHeroPose(_ frame: Trace.Frame, _ title: String, _ pose: HeroExpectedPose, _ what: String,
                    sourceLocation: SourceLocation = #_sourceLocation) {
    guard let (index, page) = frame.heroPage(title) else {
        Issue.record("\(what): no page \(title) at \(frame.t) s", sourceLocation: sourceLocation)
        return
    }
    let expected = [pose.scale, 0, 0, pose.scale, pose.tx, pose.ty]
    let close = zip(page.transform, expected).allSatisfy { abs($0 - $1) < Hero.tolerance }
    #expect(close, "\(what): \(title) transform \(page.transform), expected \(pose)", sourceLocation: sourceLocation)
    #expect(abs(page.alpha - pose.alpha) < Hero.tolerance, "\(what): \(title) alpha \(page.alpha), expected \(pose)",
            sourceLocation: sourceLocation)
    #expect(abs(page.shadow - pose.shadow) < Hero.tolerance, "\(what): \(title) shadow \(page.shadow), expected \(pose)",
            sourceLocation: sourceLocation)
    if pose.shadow > 0 {
        // Hero's shadow: radius 5, black, no offset.
        #expect(page.shadowRadius == 5 && page.shadowOffset == [0, 0] && (page.shadowColor ?? [0, 0, 0, 1]) == [0, 0, 0, 1],
                "\(what): \(title) shadow radius \(String(describing: page.shadowRadius)), offset \(String(describing: page.shadowOffset)), colour \(String(describing: page.shadowColor))",
                sourceLocation: sourceLocation)
    }
    let dim = frame.overlay(ofPageAt: index)?.alpha ?? 0
    #expect(abs(dim - pose.dim) < Hero.tolerance, "\(what): \(title) overlay \(dim), expected \(pose)", sourceLocation: sourceLocation)
}

/// The transition of `operation` in `result`: at its first frame, a frame short of
/// mid-way and at its end, both pages against `motion`; the stacking; then at rest with
/// nothing left over (no overlay, no stand-in snapshot, the presenter shown).
func expectHeroTransition(_ result: ScenarioResult, _ effect: String, _ operation: String, from: String, to: String,
                          _ motion: HeroExpectedMotion, duration: Double = Hero.duration,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
    let trace = result.trace
    let began = try #require(trace.events.first { $0.kind == "began" && $0.operation == operation }, sourceLocation: sourceLocation)
    #expect(began.effect == effect, sourceLocation: sourceLocation)
    let completed = try #require(trace.events.first { $0.kind == "completed" && $0.operation == operation },
                                 sourceLocation: sourceLocation)
    #expect(abs(completed.t - began.t - duration) < 1e-6, "\(operation) lasted \(completed.t - began.t) s", sourceLocation: sourceLocation)

    let midFrames = (duration / 2 / Hero.frameTime).rounded(.down)
    for (k, what) in [(1.0, "start"), (midFrames, "mid-way")] {
        let frame = try #require(trace.frame(at: began.t + k * Hero.frameTime), sourceLocation: sourceLocation)
        let f = motion.curve.progress(at: k * Hero.frameTime / duration)
        expectHeroPose(frame, from, motion.from(f), "\(effect) \(operation) \(what)", sourceLocation: sourceLocation)
        expectHeroPose(frame, to, motion.to(f), "\(effect) \(operation) \(what)", sourceLocation: sourceLocation)
        let fromIndex = try #require(frame.heroPage(from)?.index, sourceLocation: sourceLocation)
        let toIndex = try #require(frame.heroPage(to)?.index, sourceLocation: sourceLocation)
        #expect((toIndex > fromIndex) == motion.toOnTop, "\(effect) \(operation): \(to) above \(from) is \(toIndex > fromIndex)",
                sourceLocation: sourceLocation)
    }

    // The end: the incoming page at rest, no overlay, no stand-in.
    let end = try #require(trace.frame(at: completed.t), sourceLocation: sourceLocation)
    let shown = to == "Inbox" && operation == "dismiss" ? end.views.first { $0.title == "Inbox" && $0.kind == "container" } : end.heroPage(to)?.record
    let page = try #require(shown, "\(effect) \(operation): \(to) at the end", sourceLocation: sourceLocation)
    #expect(page.transform == [1, 0, 0, 1, 0, 0] && page.alpha == 1 && page.shadow == 0 && !page.hidden
                && page.shadowRadius == nil && page.shadowOffset == nil,
            "\(effect) \(operation) end: \(page)", sourceLocation: sourceLocation)
    #expect(!end.views.contains { $0.kind == "snapshot" }, "\(effect) \(operation): a snapshot left", sourceLocation: sourceLocation)
    #expect(!end.views.contains { $0.title == "view" && $0.kind == "view" }, "\(effect) \(operation): an overlay left",
            sourceLocation: sourceLocation)
    // The scene's own views (a screen's content draws in views of other kinds).
    let structural = end.views.filter { ["view", "container", "navigationBar"].contains($0.kind) }
    #expect(structural.allSatisfy { $0.transform == [1, 0, 0, 1, 0, 0] && $0.alpha == 1 },
            "\(effect) \(operation): a view left moved", sourceLocation: sourceLocation)
}

/// Both directions of `effect` on `route`, then the settled scene and no diagnostics.
func expectHeroRoute(_ effect: String, _ route: HeroRoute, forward: HeroExpectedMotion, back: HeroExpectedMotion,
                     parameters: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let result = try playHero(effect, route, parameters: parameters)
    let incoming = route == .navigation ? "Article" : "Compose"
    try expectHeroTransition(result, effect, route.forward, from: "Inbox", to: incoming, forward, sourceLocation: sourceLocation)
    try expectHeroTransition(result, effect, route.back, from: incoming, to: "Inbox", back, sourceLocation: sourceLocation)
    expectSettled(result, sourceLocation: sourceLocation)
    let problems = result.stage.diagnostics.filter { $0.severity != .note }
    #expect(problems.isEmpty, "diagnostics: \(problems.map(\.description))", sourceLocation: sourceLocation)
}
