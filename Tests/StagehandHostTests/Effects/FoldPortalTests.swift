import Foundation
import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// fold and portal (libAnimators3D.so), made of snapshots of parts of a view, against
/// corners worked out here (see `Library`).
///
/// fold, d = 1 s, ease in and out (p = easeInOut(t)), 2 folds by default: each view is
/// cut into 4 strips of s = W/4; strip k turns about its left edge (k even, +90° when
/// folded) or its right edge (k odd, −90°). Forwards the from-view's strip k goes from
/// its hinge's place h_k (k·s, or (k + 1)·s for an odd k) to x = W and from 0 to ±90°·p,
/// the to-view's from x = 0 and ±90° to h_k and flat: hinge at x_k(p), angle θ_k(p),
/// each linear in p. A point (x, y) of a strip from its hinge is at (x_k + x·cos θ,
/// H/2 + y, −x·sin θ) in the container, whose sublayer perspective m34 = −0.005 divides
/// its offset from the centre C by w = 1 + m34·z.
///
/// portal, d = 1 s, ease out (p = easeOut(t)), zoom 0.8: forwards the from-view's
/// halves slide out by W/2 each way while the to-view grows from 0.8 to 1 about its
/// centre; backwards the to-view's halves slide in and the from-view shrinks to 0.8.
@Suite struct FoldPortalTests {
    static let w = Library.width, h = Library.height

    /// The snapshots in the window at `t`, back to front.
    static func snapshots(at t: Double, in result: ScenarioResult) -> [Trace.ViewRecord] {
        Library.topSnapshots(in: Library.frame(at: t, in: result))
    }

    // MARK: fold

    /// Strip k of 2·folds at the hinge x, turned by θ, seen through the container's perspective.
    static func strip(_ k: Int, folds: Int = 2, x: Double, angle θ: Double, m34: Double = -0.005) -> [[Double]] {
        let s = w / Double(2 * folds)
        let edge = k % 2 == 0 ? 0.0 : 1.0
        let c = (w / 2, h / 2)
        let left = -edge * s, right = (1 - edge) * s
        return [(left, -h / 2), (right, -h / 2), (right, h / 2), (left, h / 2)].map { px, py in
            let X = x + px * cos(θ) - c.0, Y = py, Z = -px * sin(θ)
            let wd = 1 + m34 * Z
            return [c.0 + X / wd, c.1 + Y / wd]
        }
    }

    /// Strip k's hinge at its place.
    static func place(_ k: Int, folds: Int = 2) -> Double {
        Double(k + k % 2) * w / Double(2 * folds)
    }

    static func foldAngle(_ k: Int) -> Double { k % 2 == 0 ? .pi / 2 : -.pi / 2 }

    @Test func foldFoldsTheOldScreenAndUnfoldsTheNew() throws {
        let w = Self.w
        let result = try Library.play(navigation: #""push": "fold", "pop": "fold""#,
                                      steps: [#"{"push": {"title": "Detail"}}"#, #"{"wait": 1.5}"#, #"{"pop": {}}"#, #"{"wait": 1.5}"#])
        #expect(Library.events(result) == ["began fold push false", "completed fold push false",
                                           "began fold pop false", "completed fold pop false"])
        let push = Library.start(result, "push"), pop = Library.start(result, "pop")
        for t in [1.0 / 120, 0.25, 0.5, 0.75, 119.0 / 120] {
            let p = TimingCurve.easeInOut.progress(at: t)
            for (start, forward) in [(push, true), (pop, false)] {
                let strips = Self.snapshots(at: start + t, in: result)
                #expect(strips.count == 8, "\(forward ? "push" : "pop") at \(t): \(strips.count) strips")
                guard strips.count == 8 else { continue }
                // Made strip by strip: from-view's k, then to-view's k.
                for k in 0..<4 {
                    let folded = forward ? w : 0, unfolded = forward ? 0 : w
                    let from = Self.strip(k, x: Self.place(k) + (folded - Self.place(k)) * p, angle: Self.foldAngle(k) * p)
                    let to = Self.strip(k, x: unfolded + (Self.place(k) - unfolded) * p, angle: Self.foldAngle(k) * (1 - p))
                    Library.expectCorners(strips[2 * k], from, "from-view strip \(k) at \(t) (\(forward ? "push" : "pop"))")
                    Library.expectCorners(strips[2 * k + 1], to, "to-view strip \(k) at \(t) (\(forward ? "push" : "pop"))")
                }
            }
        }
        // Mid-way by hand, push, strip 1 of the from-view (hinge on its right edge): the
        // hinge at 195 + (390 − 195)·0.5 = 292.5, turned −45°: its left edge, 97.5 pt
        // from the hinge, is at z = −97.5·sin 45° = −68.943 and x = 292.5 − 68.943
        // = 223.557 in the container; w = 1 + 0.005·68.943 = 1.344715, so it shows at
        // x = 195 + 28.557 / w = 216.237, y = 422 ∓ 422 / w = 108.179 … 735.821.
        let mid = Self.snapshots(at: push + 0.5, in: result)
        if mid.count == 8 {
            let edge = mid[2].corners[0]
            #expect(abs(edge[0] - 216.237) < 0.001 && abs(edge[1] - 108.179) < 0.001, "strip 1's far edge mid-way: \(edge)")
        }
        Library.expectEnd(result, stack: ["Root"])
    }

    @Test func foldsIsAParameter() throws {
        let w = Self.w
        let result = try Library.play(navigation: #""push": "fold""#, steps: [#"{"push": {"title": "Detail"}}"#, #"{"wait": 1.5}"#],
                                      parameters: ["fold": ["folds": "5"]])
        let push = Library.start(result, "push")
        let strips = Self.snapshots(at: push + 0.5, in: result)
        #expect(strips.count == 20, "5 folds: \(strips.count) strips")
        let p = TimingCurve.easeInOut.progress(at: 0.5)
        if strips.count == 20 {
            for k in [0, 3, 9] {
                let x = Self.place(k, folds: 5)
                Library.expectCorners(strips[2 * k], Self.strip(k, folds: 5, x: x + (w - x) * p, angle: Self.foldAngle(k) * p),
                                      "from-view strip \(k) of 10 mid-way")
            }
        }
        Library.expectEnd(result, stack: ["Root", "Detail"])
    }

    // MARK: portal

    @Test func portalOpensTheDoorsAndClosesThem() throws {
        let w = Self.w, h = Self.h
        let result = try Library.play(navigation: #""push": "portal", "pop": "portal""#,
                                      steps: [#"{"push": {"title": "Detail"}}"#, #"{"wait": 1.5}"#, #"{"pop": {}}"#, #"{"wait": 1.5}"#])
        #expect(Library.events(result) == ["began portal push false", "completed portal push false",
                                           "began portal pop false", "completed portal pop false"])
        let push = Library.start(result, "push"), pop = Library.start(result, "pop")
        func door(_ x: Double) -> [[Double]] { [[x, 0], [x + w / 2, 0], [x + w / 2, h], [x, h]] }
        func zoomed(_ s: Double) -> [[Double]] {
            [[w / 2 * (1 - s), h / 2 * (1 - s)], [w / 2 * (1 + s), h / 2 * (1 - s)], [w / 2 * (1 + s), h / 2 * (1 + s)], [w / 2 * (1 - s), h / 2 * (1 + s)]]
        }
        for t in [1.0 / 120, 0.25, 0.5, 0.75, 119.0 / 120] {
            let p = TimingCurve.easeOut.progress(at: t)
            let opening = Self.snapshots(at: push + t, in: result)
            #expect(opening.count == 2)
            if opening.count == 2 {
                Library.expectCorners(opening[0], door(-w / 2 * p), "left door at \(t)")
                Library.expectCorners(opening[1], door(w / 2 + w / 2 * p), "right door at \(t)")
            }
            Library.expectCorners(Library.view("Detail", at: push + t, in: result), zoomed(0.8 + 0.2 * p), "Detail growing at \(t)")
            let closing = Self.snapshots(at: pop + t, in: result)
            #expect(closing.count == 2)
            if closing.count == 2 {
                Library.expectCorners(closing[0], door(-w / 2 * (1 - p)), "left door closing at \(t)")
                Library.expectCorners(closing[1], door(w / 2 + w / 2 * (1 - p)), "right door closing at \(t)")
            }
            Library.expectCorners(Library.view("Detail", at: pop + t, in: result), zoomed(1 - 0.2 * p), "Detail shrinking at \(t)")
        }
        // The view the doors show is hidden meanwhile.
        #expect(Library.frame(at: push + 0.5, in: result)?.views("Root", kind: "view").first?.hidden == true)
        Library.expectEnd(result, stack: ["Root"])
    }

    @Test func portalZoomIsAParameter() throws {
        let w = Self.w, h = Self.h
        let result = try Library.play(navigation: #""push": "portal""#, steps: [#"{"push": {"title": "Detail"}}"#, #"{"wait": 1.5}"#],
                                      parameters: ["portal": ["zoom": "0.5"]])
        let push = Library.start(result, "push")
        // The to-view grows from half its size about the centre: mid-way it is at
        // 0.5 + 0.5·easeOut(0.5) of it.
        for t in [1.0 / 120, 0.5] {
            let s = 0.5 + 0.5 * TimingCurve.easeOut.progress(at: t)
            Library.expectCorners(Library.view("Detail", at: push + t, in: result),
                                  [[w / 2 * (1 - s), h / 2 * (1 - s)], [w / 2 * (1 + s), h / 2 * (1 - s)],
                                   [w / 2 * (1 + s), h / 2 * (1 + s)], [w / 2 * (1 - s), h / 2 * (1 + s)]], "Detail at \(t) of zoom 0.5")
        }
        Library.expectEnd(result, stack: ["Root", "Detail"])
    }
}
