import Foundation
import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// turn and natgeo (libAnimators3D.so), forwards and backwards, against corners worked
/// out here (see `Library` for the projection).
///
/// A page hinged at its left edge and turned by θ about the vertical axis through the
/// hinge, seen from in front of the screen's centre C: its point (x, y) from the hinge
/// is at (x·cos θ − W/2, y, −x·sin θ) from C, divided by w = 1 + m34·z.
///
/// turn, d = 1 s, ease in and out, m34 = −0.002: forwards the from-view turns from 0 to
/// 90°, backwards the to-view from 90° back to 0.
///
/// natgeo, d = 1 s, ease in and out, m34 = −1/500: forwards the to-view goes from
/// turned by α = −45° about its centre line and moved by (0.8 W, −40) to flat — its
/// point (x, y) from its centre at (x·cos α + tx, y + ty, −x·sin α), α and (tx, ty)
/// shrinking with p = easeInOut(t) — while the cover turns from 0 to −80° over
/// 0.2 … 1 s; backwards the cover closes over all of d and the other view goes back
/// aside over 0 … 0.8 s.
@Suite struct TurnNatGeoTests {
    static let w = Library.width, h = Library.height

    /// A page hinged at the left edge, turned by θ.
    static func page(_ θ: Double, m34: Double = -0.002) -> [[Double]] {
        Library.corners(anchor: (0, 0.5), m34: m34) { x, y in (x * cos(θ) - w / 2, y, -x * sin(θ)) }
    }

    /// natgeo's incoming page, `q` of the way from aside (0) to flat (1).
    static func aside(_ q: Double) -> [[Double]] {
        let α = -Double.pi / 4 * (1 - q), tx = 0.8 * w * (1 - q), ty = -40 * (1 - q)
        return Library.corners(m34: -1.0 / 500) { x, y in (x * cos(α) + tx, y + ty, -x * sin(α)) }
    }

    static let openAngle = 80.0 * Double.pi / 180

    // MARK: turn

    @Test func turnTurnsThePageAwayAndBack() throws {
        let result = try Library.play(navigation: #""push": "turn", "pop": "turn""#,
                                      steps: [#"{"push": {"title": "Detail"}}"#, #"{"wait": 1.5}"#, #"{"pop": {}}"#, #"{"wait": 1.5}"#])
        #expect(Library.events(result) == ["began turn push false", "completed turn push false",
                                           "began turn pop false", "completed turn pop false"])
        let push = Library.start(result, "push"), pop = Library.start(result, "pop")
        for t in [1.0 / 120, 0.25, 0.5, 0.75, 119.0 / 120] {
            let p = TimingCurve.easeInOut.progress(at: t)
            Library.expectCorners(Library.view("Root", at: push + t, in: result), Self.page(.pi / 2 * p), "push: Root at \(t)")
            Library.expectCorners(Library.view("Detail", at: push + t, in: result), Library.fullScreen, "push: Detail at \(t)")
            Library.expectCorners(Library.view("Root", at: pop + t, in: result), Self.page(.pi / 2 * (1 - p)), "pop: Root at \(t)")
            Library.expectCorners(Library.view("Detail", at: pop + t, in: result), Library.fullScreen, "pop: Detail at \(t)")
        }
        // Mid-way by hand (45°): the far edge, 390 pt from the hinge, is at x = 390·cos 45°
        // − 195 = 80.772 and z = −275.772 from the centre; w = 1.551543, so it shows at
        // x = 195 + 80.772 / w = 247.059, from y = 150.013 to 693.987.
        let mid = Library.view("Root", at: push + 0.5, in: result)?.corners ?? []
        #expect(mid.count == 4 && abs(mid[1][0] - 247.059) < 0.001 && abs(mid[1][1] - 150.013) < 0.001
                && abs(mid[2][1] - 693.987) < 0.001 && abs(mid[0][0]) < 1e-6 && abs(mid[0][1]) < 1e-6, "Root mid-push: \(mid)")
        // Which is on top: the turning page.
        let pushFrame = Library.frame(at: push + 0.5, in: result)
        let popFrame = Library.frame(at: pop + 0.5, in: result)
        #expect(pushFrame?.views.filter { $0.kind == "view" }.map(\.title) == ["Detail", "Root"])
        #expect(popFrame?.views.filter { $0.kind == "view" }.map(\.title) == ["Detail", "Root"])
        Library.expectEnd(result, stack: ["Root"])
    }

    // MARK: natgeo

    @Test func natGeoOpensTheCoverAndClosesIt() throws {
        let result = try Library.play(navigation: #""push": "natgeo", "pop": "natgeo""#,
                                      steps: [#"{"push": {"title": "Detail"}}"#, #"{"wait": 1.5}"#, #"{"pop": {}}"#, #"{"wait": 1.5}"#])
        #expect(Library.events(result) == ["began natgeo push false", "completed natgeo push false",
                                           "began natgeo pop false", "completed natgeo pop false"])
        let push = Library.start(result, "push"), pop = Library.start(result, "pop")
        let m34 = -1.0 / 500
        for t in [1.0 / 120, 0.2, 0.4, 0.6, 0.8, 119.0 / 120] {
            let whole = TimingCurve.easeInOut.progress(at: t)
            let late = Library.ease(.easeInOut, t, start: 0.2, length: 0.8)
            let early = Library.ease(.easeInOut, t, start: 0, length: 0.8)
            Library.expectCorners(Library.view("Detail", at: push + t, in: result), Self.aside(whole), "push: Detail at \(t)")
            Library.expectCorners(Library.view("Root", at: push + t, in: result), Self.page(Self.openAngle * late, m34: m34),
                                  "push: Root (the cover) at \(t)")
            Library.expectCorners(Library.view("Detail", at: pop + t, in: result), Self.aside(1 - early), "pop: Detail at \(t)")
            Library.expectCorners(Library.view("Root", at: pop + t, in: result), Self.page(Self.openAngle * (1 - whole), m34: m34),
                                  "pop: Root (the cover) at \(t)")
        }
        // At 0.2 s the cover has not moved yet; mid-way it is open by 80°·easeInOut(3/8).
        Library.expectCorners(Library.view("Root", at: push + 0.2, in: result), Library.fullScreen, "the cover waits 0.2 s")
        Library.expectEnd(result, stack: ["Root"])
    }
}
