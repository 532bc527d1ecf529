import Foundation
import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// Helpers for the tests of the VCTransitionsLibrary family (libAnimators3D.so and
/// libExplode.so): scenarios on a 390 × 844 screen at 120 frames a second (so the
/// phases of a 1 s effect, at tenths of it, fall on frames), and the projection every
/// expected corner is computed with.
///
/// Projection, as Core Animation draws a layer: a point of the view, (x, y) measured
/// from its anchor point, is placed in 3D by the effect's transform — (X, Y, Z) —
/// then seen with the perspective m34, which divides by w = 1 + m34·Z, and appears at
/// the anchor's position plus (X / w, Y / w).
enum Library {
    static let width = 390.0
    static let height = 844.0
    static let fps = 120.0
    static let tolerance = 1e-3
    static let fullScreen: [[Double]] = [[0, 0], [width, 0], [width, height], [0, height]]

    /// Runs `steps` after a root navigation controller titled Root, the effects chosen
    /// by `navigation` (e.g. `"push": "cards"`), at `fps` frames a second.
    static func play(navigation: String, steps: [String], parameters: [String: [String: String]] = [:],
                     fps: Double = Library.fps) throws -> ScenarioResult {
        try BuiltInEffects.play("""
        {"screen": {"width": \(width), "height": \(height), "fps": \(Int(fps))},
         "root": {"title": "Root", "embedInNavigation": true},
         "navigation": {\(navigation)},
         "steps": [\(steps.joined(separator: ", "))]}
        """, parameters: parameters)
    }

    /// When the transition `operation` began (the first, or the `index`th).
    static func start(_ result: ScenarioResult, _ operation: String, index: Int = 0,
                      sourceLocation: SourceLocation = #_sourceLocation) -> Double {
        let began = result.trace.events.filter { $0.kind == "began" && $0.operation == operation }
        #expect(began.count > index, "no \(operation) #\(index): \(result.trace.events)", sourceLocation: sourceLocation)
        return began.count > index ? began[index].t : 0
    }

    static func frame(at t: Double, in result: ScenarioResult) -> Trace.Frame? {
        result.trace.frames.first { abs($0.t - t) < 1e-5 }
    }

    /// The record of the controller view titled `title` at `t`.
    static func view(_ title: String, at t: Double, in result: ScenarioResult, kind: String = "view",
                     sourceLocation: SourceLocation = #_sourceLocation) -> Trace.ViewRecord? {
        let frame = frame(at: t, in: result)
        #expect(frame != nil, "no frame at \(t)", sourceLocation: sourceLocation)
        let record = frame?.views(title, kind: kind).first
        #expect(record != nil, "\(title) is not in the window at \(t)", sourceLocation: sourceLocation)
        return record
    }

    static func expectCorners(_ record: Trace.ViewRecord?, _ expected: [[Double]], _ what: String,
                              tolerance: Double = tolerance, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let record else { return }
        let close = record.corners.count == expected.count && zip(record.corners, expected).allSatisfy { actual, wanted in
            abs(actual[0] - wanted[0]) <= tolerance && abs(actual[1] - wanted[1]) <= tolerance
        }
        #expect(close, "\(what): corners \(record.corners), expected \(expected)", sourceLocation: sourceLocation)
    }

    /// The screen corners (clockwise from the top left) of a `size` view whose anchor,
    /// at the unit point `anchor` of its bounds, is at `position`; `place` puts a point
    /// (x, y) from the anchor in 3D.
    static func corners(size: (Double, Double) = (width, height), anchor: (Double, Double) = (0.5, 0.5),
                        position: (Double, Double) = (width / 2, height / 2), m34: Double = 0,
                        place: (Double, Double) -> (Double, Double, Double) = { ($0, $1, 0) }) -> [[Double]] {
        let left = -anchor.0 * size.0, right = (1 - anchor.0) * size.0
        let top = -anchor.1 * size.1, bottom = (1 - anchor.1) * size.1
        return [(left, top), (right, top), (right, bottom), (left, bottom)].map { x, y in
            let (X, Y, Z) = place(x, y)
            let w = 1 + m34 * Z
            return [position.0 + X / w, position.1 + Y / w]
        }
    }

    /// A full-screen rectangle moved by (dx, dy).
    static func moved(_ dx: Double, _ dy: Double) -> [[Double]] {
        fullScreen.map { [$0[0] + dx, $0[1] + dy] }
    }

    static func ease(_ curve: TimingCurve, _ t: Double, start: Double, length: Double) -> Double {
        curve.progress(at: min(max((t - start) / length, 0), 1))
    }

    /// The snapshots of `frame` that are not inside another snapshot (a snapshot of a
    /// part of a view holds a copy of the whole view, moved and clipped), back to front.
    static func topSnapshots(in frame: Trace.Frame?) -> [Trace.ViewRecord] {
        var enclosing: [Trace.ViewRecord] = []
        var found: [Trace.ViewRecord] = []
        for record in frame?.views ?? [] {
            while let last = enclosing.last, last.depth >= record.depth { enclosing.removeLast() }
            if record.kind == "snapshot" && !enclosing.contains(where: { $0.kind == "snapshot" }) { found.append(record) }
            enclosing.append(record)
        }
        return found
    }

    static func events(_ result: ScenarioResult) -> [String] {
        result.trace.events.filter { $0.kind != "error" }.map { "\($0.kind) \($0.effect) \($0.operation) \($0.interactive)" }
    }

    /// The settled-scene checks, the stack, no diagnostics, and only the top view left
    /// in the window, full screen.
    static func expectEnd(_ result: ScenarioResult, stack: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        expectSettled(result, sourceLocation: sourceLocation)
        let nav = result.coordinator.topNavigationController
        #expect(nav?.viewControllers.map { $0.title ?? "" } == stack, sourceLocation: sourceLocation)
        let problems = result.stage.diagnostics.filter { $0.severity != .note }
        #expect(problems.isEmpty, "diagnostics: \(problems.map(\.description))", sourceLocation: sourceLocation)
        let last = result.trace.frames.last
        expectCorners(last?.views(stack.last ?? "", kind: "view").first, fullScreen, "\(stack.last ?? "") at the end",
                      sourceLocation: sourceLocation)
        let shown = last?.views.filter { $0.kind == "view" || $0.kind == "snapshot" } ?? []
        #expect(shown.count == 1, "more than the top view is left: \(shown.map(\.title))", sourceLocation: sourceLocation)
    }
}
