import Foundation
import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// flip-pop and cube-pop, run through the real bundles.
///
/// Every expected corner is computed here from first principles, from the effects'
/// constants (W × H the screen, m34 the perspective, d the duration) and the angle:
///
/// - A face turned by θ about the vertical axis through its anchor point takes its point
///   (x, y), measured from the anchor, to (x·cos θ, y, z) with z = −x·sin θ (Core
///   Animation's sense: +θ takes +x away from the viewer).
/// - Then it is moved by (sx, sy) in its plane, and seen with perspective: the eye is at
///   the distance −1/m34 in front of the anchor's position P, so a point at depth z is
///   divided by w = 1 + m34·z, and appears at P + ((x·cos θ + sx) / w, (y + sy) / w).
///
/// Both are alternatives inside the slide pop's 0.25 s animation: d = 0.25 s. The scenes
/// run at 120 frames a second, so that d / 2 = 0.125 s falls on a frame.
///
/// flip-pop: both views turn about their centres (P the centre of the screen, no move):
/// the from-view from 0 to 90° over the first half of d (ease-in), the to-view from
/// −90° to 0 over the second half (ease-out); linear halves when a finger drives it.
///
/// cube-pop: the shared edge is at x = W·p for the progress p (linear, p = t/d — the
/// recipe's cube transition has no timing function — or the finger's fraction); the from-view turns by θ = 90°·p about its left edge, the to-view
/// by θ = −90°·(1 − p) about its right edge, both seen from the eye in front of the
/// screen's centre C (P = C, moved by (W·p − W/2, 0)). A face is hidden while the eye
/// is behind it (its projection is mirrored).
///
/// `StagehandCore.TimingCurve` gives the curve values only.
@Suite struct FlipCubePopTests {
    // MARK: Constants (the manifests' defaults)

    static let width = 390.0
    static let height = 844.0
    static let duration = 0.25
    static let fps = 120.0
    static let m34 = -1.0 / 500
    /// The navigation handler's rule that full-screen-pop and the edge pop share.
    static let threshold = 0.5
    static let epsilon = 0.005
    static let tolerance = 1e-3

    // MARK: Projection

    /// A point of a face, (x, y) from its anchor point, turned by `angle` about the
    /// vertical axis through the anchor, moved by `shift`, seen with `m34` from in front
    /// of `position` (the anchor's place on screen).
    static func project(x: Double, y: Double, angle: Double, shift: (x: Double, y: Double) = (0, 0),
                        m34: Double, position: (x: Double, y: Double)) -> [Double] {
        let turnedX = x * cos(angle)
        let z = -x * sin(angle)
        let w = 1 + m34 * z
        return [position.x + (turnedX + shift.x) / w, position.y + (y + shift.y) / w]
    }

    /// The screen corners (clockwise from the top left) of a W × H face whose anchor is
    /// at the unit point (`anchorX`, 0.5) of its bounds.
    static func corners(anchorX: Double, angle: Double, shift: (x: Double, y: Double) = (0, 0),
                        m34: Double = m34, width: Double = width, height: Double = height) -> [[Double]] {
        let left = -anchorX * width, right = (1 - anchorX) * width
        let top = -height / 2, bottom = height / 2
        let centre = (x: width / 2, y: height / 2)
        return [(left, top), (right, top), (right, bottom), (left, bottom)].map {
            project(x: $0.0, y: $0.1, angle: angle, shift: shift, m34: m34, position: centre)
        }
    }

    /// flip-pop's angles at `t` seconds into a pop of `d` seconds (not driven).
    static func flipAngles(at t: Double, duration d: Double = duration) -> (from: Double, to: Double) {
        let half = d / 2
        let from = t < half ? Double.pi / 2 * TimingCurve.easeIn.progress(at: t / half) : .pi / 2
        let to = t < half ? -Double.pi / 2 : -Double.pi / 2 * (1 - TimingCurve.easeOut.progress(at: (t - half) / half))
        return (from, to)
    }

    /// flip-pop's angles at the fraction `p` of a driven pop (linear halves).
    static func flipAngles(drivenAt p: Double) -> (from: Double, to: Double) {
        (.pi / 2 * min(1, p / 0.5), -.pi / 2 * (1 - max(0, p - 0.5) / 0.5))
    }

    /// cube-pop's faces at progress `p`.
    static func cubeCorners(at p: Double, m34: Double = m34) -> (from: [[Double]], to: [[Double]]) {
        let shift = (x: width * p - width / 2, y: 0.0)
        return (corners(anchorX: 0, angle: .pi / 2 * p, shift: shift, m34: m34),
                corners(anchorX: 1, angle: -.pi / 2 * (1 - p), shift: shift, m34: m34))
    }

    // MARK: Helpers

    static func play(_ effect: String, steps: String, interactivePop: String? = nil,
                     parameters: [String: [String: String]] = [:]) throws -> ScenarioResult {
        let interactive = interactivePop.map { #", "interactivePop": "\#($0)""# } ?? ""
        return try BuiltInEffects.play("""
        {"screen": {"width": \(width), "height": \(height), "fps": \(Int(fps))},
         "root": {"title": "Root", "embedInNavigation": true},
         "navigation": {"pop": "\(effect)"\(interactive)},
         "steps": [{"push": {"title": "Detail"}}, {"wait": 1}, \(steps)]}
        """, parameters: parameters)
    }

    /// The time the pop began.
    static func popStart(_ result: ScenarioResult, sourceLocation: SourceLocation = #_sourceLocation) -> Double {
        let began = result.trace.events.first { $0.kind == "began" && $0.operation == "pop" }
        #expect(began != nil, "the pop never began: \(result.trace.events)", sourceLocation: sourceLocation)
        return began?.t ?? 0
    }

    /// The frame at `t` (the trace rounds times to 6 decimals).
    static func frame(at t: Double, in result: ScenarioResult) -> Trace.Frame? {
        result.trace.frames.first { abs($0.t - t) < 1e-5 }
    }

    static func view(_ title: String, at t: Double, in result: ScenarioResult,
                     sourceLocation: SourceLocation = #_sourceLocation) -> Trace.ViewRecord? {
        let frame = frame(at: t, in: result)
        #expect(frame != nil, "no frame at \(t)", sourceLocation: sourceLocation)
        let record = frame?.views(title, kind: "view").first
        #expect(record != nil, "\(title) is not in the window at \(t)", sourceLocation: sourceLocation)
        return record
    }

    static func expectCorners(_ record: Trace.ViewRecord?, _ expected: [[Double]], _ what: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        guard let record else { return }
        let close = record.corners.count == 4 && zip(record.corners, expected).allSatisfy { actual, wanted in
            abs(actual[0] - wanted[0]) <= tolerance && abs(actual[1] - wanted[1]) <= tolerance
        }
        #expect(close, "\(what): corners \(record.corners), expected \(expected)", sourceLocation: sourceLocation)
    }

    /// Twice the signed area of the projected quadrilateral: positive when the face shows
    /// its front (clockwise on screen, y down), negative when it is seen from behind.
    static func signedArea(_ corners: [[Double]]) -> Double {
        (0..<corners.count).reduce(0) { sum, i in
            let a = corners[i], b = corners[(i + 1) % corners.count]
            return sum + a[0] * b[1] - b[0] * a[1]
        }
    }

    static let fullScreen = [[0, 0], [width, 0], [width, height], [0, height]]

    /// The settled scene: `stack` on the navigation controller and the top view flat,
    /// with the default anchor point, and where it belongs.
    static func expectEnd(_ result: ScenarioResult, stack: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        expectSettled(result, sourceLocation: sourceLocation)
        let nav = result.coordinator.topNavigationController
        #expect(nav?.viewControllers.map { $0.title ?? "" } == stack, sourceLocation: sourceLocation)
        if let views = nav?.viewControllers.compactMap({ $0.isViewLoaded ? $0.view : nil }) {
            for view in views {
                #expect(view.model.transform3D.isIdentity, "\(view.displayName): \(view.model.transform3D)", sourceLocation: sourceLocation)
                #expect(view.model.anchorPoint == Point(x: 0.5, y: 0.5), "\(view.displayName): anchor \(view.model.anchorPoint)",
                        sourceLocation: sourceLocation)
                #expect(view.model.alpha == 1, "\(view.displayName): alpha \(view.model.alpha)", sourceLocation: sourceLocation)
            }
        }
        let last = result.trace.frames.last
        let top = last?.views(stack.last ?? "", kind: "view").first
        expectCorners(top, fullScreen, "\(stack.last ?? "") at the end", sourceLocation: sourceLocation)
        #expect(last?.views.filter { $0.kind == "view" }.count == 1, "more than the top view is left: \(last?.views.map(\.title) ?? [])",
                sourceLocation: sourceLocation)
    }

    static func events(_ result: ScenarioResult) -> [String] {
        result.trace.events.filter { $0.kind != "error" }.map { "\($0.kind) \($0.effect) \($0.operation) \($0.interactive)" }
    }

    // MARK: flip-pop, not driven

    @Test func flipPopTurnsOverFromTheLeft() throws {
        let result = try Self.play("flip-pop", steps: #"{"pop": {}}"#)
        let start = Self.popStart(result)
        #expect(Self.events(result) == ["began system-push push false", "completed system-push push false",
                                        "began flip-pop pop false", "completed flip-pop pop false"])
        #expect(abs((result.trace.events.last?.t ?? 0) - (start + 0.25)) < 1e-5, "flip-pop lasts the slide pop's 0.25 s")

        // Start, a quarter, the middle (both edge-on), three quarters, the last frame.
        for frames in [1, 8, 15, 22, 29] {
            let t = Double(frames) / Self.fps
            let angles = Self.flipAngles(at: t)
            Self.expectCorners(Self.view("Detail", at: start + t, in: result), Self.corners(anchorX: 0.5, angle: angles.from),
                               "from-view at \(t) s (θ = \(angles.from))")
            Self.expectCorners(Self.view("Root", at: start + t, in: result), Self.corners(anchorX: 0.5, angle: angles.to),
                               "to-view at \(t) s (θ = \(angles.to))")
        }

        // The left edge comes toward the viewer (taller), the right one goes away.
        let quarter = Self.view("Detail", at: start + 8.0 / Self.fps, in: result)?.corners ?? []
        if quarter.count == 4 {
            #expect(quarter[3][1] - quarter[0][1] > Self.height && quarter[2][1] - quarter[1][1] < Self.height)
        }
        // At 0.125 s, mid-way, both are edge-on: a vertical segment through the centre.
        #expect(Self.duration / 2 == 0.125)
        for title in ["Detail", "Root"] {
            let mid = Self.view(title, at: start + Self.duration / 2, in: result)?.corners ?? []
            #expect(mid.allSatisfy { abs($0[0] - Self.width / 2) < Self.tolerance }, "\(title) mid-way: \(mid)")
        }
        // No face is ever seen from behind.
        for frame in result.trace.frames where frame.t > start && frame.t < start + Self.duration {
            for record in frame.views where record.kind == "view" {
                #expect(Self.signedArea(record.corners) > -1, "\(record.title) mirrored at \(frame.t)")
            }
        }
        #expect(Self.view("Root", at: start + Self.duration, in: result)?.corners == Self.fullScreen)
        Self.expectEnd(result, stack: ["Root"])
    }

    // MARK: cube-pop, not driven

    @Test func cubePopTurnsTheCubeFromTheLeft() throws {
        let result = try Self.play("cube-pop", steps: #"{"pop": {}}"#)
        let start = Self.popStart(result)
        #expect(Self.events(result) == ["began system-push push false", "completed system-push push false",
                                        "began cube-pop pop false", "completed cube-pop pop false"])
        #expect(abs((result.trace.events.last?.t ?? 0) - (start + 0.25)) < 1e-5, "cube-pop lasts the slide pop's 0.25 s")

        for frames in [1, 8, 15, 22, 29] {
            let t = Double(frames) / Self.fps
            let p = t / Self.duration  // linear
            let expected = Self.cubeCorners(at: p)
            let from = Self.view("Detail", at: start + t, in: result)
            let to = Self.view("Root", at: start + t, in: result)
            Self.expectCorners(from, expected.from, "from-view at \(t) s (p = \(p))")
            Self.expectCorners(to, expected.to, "to-view at \(t) s (p = \(p))")
            // They share the edge at x = W·p, full height.
            for record in [from, to].compactMap({ $0 }) {
                let edge = record.title == "Detail" ? [record.corners[0], record.corners[3]] : [record.corners[1], record.corners[2]]
                #expect(abs(edge[0][0] - Self.width * p) < Self.tolerance && abs(edge[1][0] - Self.width * p) < Self.tolerance
                        && abs(edge[0][1]) < Self.tolerance && abs(edge[1][1] - Self.height) < Self.tolerance,
                        "\(record.title)'s shared edge at \(t) s: \(edge), expected x = \(Self.width * p)")
            }
        }

        // At 0.125 s, mid-way (p = 0.5, linear): each face turned 45° about the shared
        // edge at x = 195. Worked by hand for the from-view's far edge, 390 pt from its
        // anchor: cos 45° · 390 = 275.772, depth z = −275.772, w = 1 + 0.002 · 275.772
        // = 1.551543; x = 195 + 275.772 / w = 372.740, y = 422 ∓ 422 / w = 150.013 and
        // 693.987. The to-view is its mirror image about x = 195.
        let from = Self.view("Detail", at: start + 0.125, in: result)?.corners ?? []
        let to = Self.view("Root", at: start + 0.125, in: result)?.corners ?? []
        let byHand: [[Double]] = [[195, 0], [372.740219, 150.012745], [372.740219, 693.987255], [195, 844]]
        #expect(from.count == 4 && zip(from, byHand).allSatisfy { abs($0[0] - $1[0]) < Self.tolerance && abs($0[1] - $1[1]) < Self.tolerance },
                "cube from-view at 0.125 s: \(from), expected \(byHand)")
        if from.count == 4 && to.count == 4 {
            let sharedHeight = from[3][1] - from[0][1], farHeight = from[2][1] - from[1][1]
            #expect(abs(sharedHeight - Self.height) < Self.tolerance && farHeight < Self.height * 0.8,
                    "from-view mid-way is not a trapezoid: \(from)")
            #expect(abs(from[0][0] - Self.width / 2) < Self.tolerance)
            for (a, b) in zip(from, [to[1], to[0], to[3], to[2]]) {
                #expect(abs(a[0] - (Self.width - b[0])) < Self.tolerance && abs(a[1] - b[1]) < Self.tolerance,
                        "the faces are not symmetric mid-way: \(from) \(to)")
            }
        }

        // Single-sided faces: shown exactly while seen from the front.
        var hidden: Set<String> = []
        for frame in result.trace.frames where frame.t > start && frame.t < start + Self.duration - 1e-9 {
            for record in frame.views where record.kind == "view" {
                let area = Self.signedArea(record.corners)
                guard abs(area) > 100 else { continue }   // edge-on
                #expect((record.opacity > 0) == (area > 0), "\(record.title) at \(frame.t): opacity \(record.opacity), area \(area)")
                if record.opacity == 0 { hidden.insert(record.title) }
            }
        }
        #expect(hidden == ["Detail", "Root"], "each face turns its back once: \(hidden)")
        Self.expectEnd(result, stack: ["Root"])
    }

    // MARK: Parameters

    @Test func parametersReachTheEffects() throws {
        let parameters = ["duration": "0.8", "m34": "-0.001"]
        let flip = try Self.play("flip-pop", steps: #"{"pop": {}}"#, parameters: ["flip-pop": parameters])
        let flipStart = Self.popStart(flip)
        let angles = Self.flipAngles(at: 0.2, duration: 0.8)
        Self.expectCorners(Self.view("Detail", at: flipStart + 0.2, in: flip),
                           Self.corners(anchorX: 0.5, angle: angles.from, m34: -0.001), "flip-pop from-view at 0.2 s of 0.8 s")
        #expect(abs((flip.trace.events.last?.t ?? 0) - (flipStart + 0.8)) < 1e-5, "flip-pop lasts 0.8 s: \(flip.trace.events)")
        Self.expectEnd(flip, stack: ["Root"])

        let cube = try Self.play("cube-pop", steps: #"{"pop": {}}"#, parameters: ["cube-pop": parameters])
        let cubeStart = Self.popStart(cube)
        let expected = Self.cubeCorners(at: 0.2 / 0.8, m34: -0.001)
        Self.expectCorners(Self.view("Detail", at: cubeStart + 0.2, in: cube), expected.from, "cube-pop from-view at 0.2 s of 0.8 s")
        Self.expectCorners(Self.view("Root", at: cubeStart + 0.2, in: cube), expected.to, "cube-pop to-view at 0.2 s of 0.8 s")
        Self.expectEnd(cube, stack: ["Root"])

        // Without perspective the cube's faces never turn their backs: both always shown.
        let flat = try Self.play("cube-pop", steps: #"{"pop": {}}"#, parameters: ["cube-pop": ["m34": "0"]])
        let flatStart = Self.popStart(flat)
        for frame in flat.trace.frames where frame.t > flatStart && frame.t < flatStart + Self.duration - 1e-9 {
            #expect(frame.views.filter { $0.kind == "view" }.allSatisfy { $0.opacity == 1 }, "a face hidden at \(frame.t)")
        }
        Self.expectEnd(flat, stack: ["Root"])
    }

    // MARK: Driven by a finger

    /// A drag of `fraction` of the width, held still, then lifted: through full-screen-pop
    /// from the middle of the screen, or through the navigation controller's own edge pan.
    static func drivenPop(_ effect: String, fraction: Double, edge: Bool = false) throws -> ScenarioResult {
        let x = edge ? 5.0 : 60.0
        let drag = #"{"drag": {"from": [\#(x), 400], "to": [\#(x + fraction * width), 400], "duration": 0.3, "hold": 0.2, "release": true}}"#
        return try play(effect, steps: drag, interactivePop: edge ? nil : "full-screen-pop")
    }

    /// While the finger is held at `fraction`, the faces are where the fraction puts them.
    static func expectHeld(_ result: ScenarioResult, _ effect: String, fraction p: Double,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let t = 1.45   // the drag ends at 1.3 s and the finger lifts at 1.5 s
        let frame = frame(at: t, in: result)
        #expect(frame?.percent.map { abs($0 - p) < 1e-6 } == true, "percent \(String(describing: frame?.percent)), expected \(p)",
                sourceLocation: sourceLocation)
        let expected: (from: [[Double]], to: [[Double]])
        if effect == "flip-pop" {
            let angles = flipAngles(drivenAt: p)
            expected = (corners(anchorX: 0.5, angle: angles.from), corners(anchorX: 0.5, angle: angles.to))
        } else {
            expected = cubeCorners(at: p)
        }
        let from = view("Detail", at: t, in: result), to = view("Root", at: t, in: result)
        expectCorners(from, expected.from, "\(effect) from-view held at \(p)", sourceLocation: sourceLocation)
        expectCorners(to, expected.to, "\(effect) to-view held at \(p)", sourceLocation: sourceLocation)
        // A face seen from behind is hidden; one seen from the front is shown.
        for record in [from, to].compactMap({ $0 }) where abs(signedArea(record.corners)) > 100 {
            #expect((record.opacity > 0) == (signedArea(record.corners) > 0),
                    "\(effect) \(record.title) held at \(p): opacity \(record.opacity), corners \(record.corners)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ["flip-pop", "cube-pop"], [0.1, 0.49, threshold - epsilon])
    func fullScreenPopCancels(_ effect: String, _ fraction: Double) throws {
        let result = try Self.drivenPop(effect, fraction: fraction)
        #expect(Self.events(result).suffix(2) == ["began \(effect) pop true", "cancelled \(effect) pop true"])
        Self.expectHeld(result, effect, fraction: fraction)
        Self.expectEnd(result, stack: ["Root", "Detail"])
    }

    @Test(arguments: ["flip-pop", "cube-pop"])
    func fullScreenPopFinishes(_ effect: String) throws {
        let fraction = Self.threshold + Self.epsilon
        let result = try Self.drivenPop(effect, fraction: fraction)
        #expect(Self.events(result).suffix(2) == ["began \(effect) pop true", "completed \(effect) pop true"])
        Self.expectHeld(result, effect, fraction: fraction)
        Self.expectEnd(result, stack: ["Root"])
    }

    /// With no interactive-pop effect, UIKit's own edge pan drives the chosen pop.
    @Test(arguments: ["flip-pop", "cube-pop"], [0.1, threshold + epsilon])
    func edgePopDrivesTheEffect(_ effect: String, _ fraction: Double) throws {
        let result = try Self.drivenPop(effect, fraction: fraction, edge: true)
        let finished = fraction > Self.threshold
        #expect(Self.events(result).suffix(2) == ["began \(effect) pop true", "\(finished ? "completed" : "cancelled") \(effect) pop true"])
        Self.expectHeld(result, effect, fraction: fraction)
        Self.expectEnd(result, stack: finished ? ["Root"] : ["Root", "Detail"])
    }
}
