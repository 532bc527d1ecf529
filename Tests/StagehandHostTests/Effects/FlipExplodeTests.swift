import Foundation
import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// flip (libAnimators3D.so) and explode (libExplode.so, in C), against corners worked
/// out here (see `Library`).
///
/// flip, d = 1 s, two linear quarter-turn keyframes, so the angle is θ = 180°·t
/// (forwards; −180°·t backwards): the from-view turned by θ and the to-view by θ − 180°
/// (θ + 180° backwards) about the vertical axis through the centre, m34 = −1/500; both
/// single-sided, so each is drawn only while its corners run clockwise on screen.
///
/// explode, d = 1 s, ease in and out (p = easeInOut(t)), 39-point tiles on 390 × 844:
/// 10 columns of 22 (the last row 25 points high), counted down each column. Tile i
/// takes three draws from SplitMix64 seeded with `seed` (1): its offset (dx, dy), each
/// in [−100, 100], and its angle in [−180°, 180°]; at progress q it is scaled by
/// 1 + (0.001 − 1)·q and turned by angle·q about its centre, moved by (dx, dy)·q, and
/// its alpha is 1 − q. Forwards q = p (the from-view's tiles fly out); backwards
/// q = 1 − p (the to-view's tiles fly in).
@Suite struct FlipExplodeTests {
    static let w = Library.width, h = Library.height

    // MARK: flip

    static func face(_ θ: Double) -> [[Double]] {
        Library.corners(m34: -1.0 / 500) { x, y in (x * cos(θ), y, -x * sin(θ)) }
    }

    static func signedArea(_ corners: [[Double]]) -> Double {
        (0..<corners.count).reduce(0) { sum, i in
            let a = corners[i], b = corners[(i + 1) % corners.count]
            return sum + a[0] * b[1] - b[0] * a[1]
        }
    }

    @Test func flipTurnsTheCardOverAndBack() throws {
        let result = try Library.play(navigation: #""push": "flip", "pop": "flip""#,
                                      steps: [#"{"push": {"title": "Detail"}}"#, #"{"wait": 1.5}"#, #"{"pop": {}}"#, #"{"wait": 1.5}"#])
        #expect(Library.events(result) == ["began flip push false", "completed flip push false",
                                           "began flip pop false", "completed flip pop false"])
        let push = Library.start(result, "push"), pop = Library.start(result, "pop")
        for t in [1.0 / 120, 0.25, 0.4, 0.6, 0.75, 119.0 / 120] {
            let θ = Double.pi * t
            let records = [("push", push, "Root", θ), ("push", push, "Detail", θ - .pi),
                           ("pop", pop, "Detail", -θ), ("pop", pop, "Root", .pi - θ)]
            for (operation, start, title, angle) in records {
                let record = Library.view(title, at: start + t, in: result)
                Library.expectCorners(record, Self.face(angle), "\(operation): \(title) at \(t) (θ = \(angle))")
                #expect(record?.doubleSided == false, "\(operation): \(title) is double-sided at \(t)")
                // Shown exactly while its front faces the viewer: the from-view before
                // half-time, the to-view after.
                let front = Self.signedArea(record?.corners ?? []) > 0
                #expect(front == ((title == (operation == "push" ? "Root" : "Detail")) == (t < 0.5)),
                        "\(operation): \(title) at \(t) faces \(front ? "front" : "back")")
            }
        }
        // A quarter of the way by hand: 45°, the right edge 195 pt from the centre at
        // z = −137.886, w = 1.275772, so at x = 195 + 137.886 / w = 303.080, y = 422 ∓ 330.780.
        let quarter = Library.view("Root", at: push + 0.25, in: result)?.corners ?? []
        #expect(quarter.count == 4 && abs(quarter[1][0] - 303.080) < 0.001 && abs(quarter[1][1] - 91.220) < 0.001, "\(quarter)")
        Library.expectEnd(result, stack: ["Root"])
    }

    // MARK: explode

    struct Tile {
        var rect: (x: Double, y: Double, w: Double, h: Double)
        var dx, dy, angle: Double

        func corners(at q: Double) -> [[Double]] {
            let s = 1 + (0.001 - 1) * q, a = angle * q
            let c = (rect.x + rect.w / 2 + dx * q, rect.y + rect.h / 2 + dy * q)
            return [(-rect.w / 2, -rect.h / 2), (rect.w / 2, -rect.h / 2), (rect.w / 2, rect.h / 2), (-rect.w / 2, rect.h / 2)].map { x, y in
                [c.0 + s * (x * cos(a) - y * sin(a)), c.1 + s * (x * sin(a) + y * cos(a))]
            }
        }
    }

    static func tiles(seed: UInt64, tile: Double = 39, spread: Double = 100, maxAngle: Double = 180) -> [Tile] {
        var random = SplitMix64(state: seed)
        var tiles: [Tile] = []
        let columns = Int((w / tile).rounded(.up)), rows = Int((h / tile).rounded(.up))
        for column in 0..<columns {
            for row in 0..<rows {
                let x = Double(column) * tile, y = Double(row) * tile
                let dx = random.uniform(-spread, spread), dy = random.uniform(-spread, spread)
                let angle = random.uniform(-maxAngle, maxAngle) * .pi / 180
                tiles.append(Tile(rect: (x, y, min(tile, w - x), min(tile, h - y)), dx: dx, dy: dy, angle: angle))
            }
        }
        return tiles
    }

    static func tileRecords(at t: Double, in result: ScenarioResult) -> [Trace.ViewRecord] {
        Library.topSnapshots(in: Library.frame(at: t, in: result))
    }

    @Test func explodeBlowsTheScreenApartAndPutsItBack() throws {
        let result = try Library.play(navigation: #""push": "explode", "pop": "explode""#,
                                      steps: [#"{"push": {"title": "Detail"}}"#, #"{"wait": 1.5}"#, #"{"pop": {}}"#, #"{"wait": 1.5}"#])
        #expect(Library.events(result) == ["began explode push false", "completed explode push false",
                                           "began explode pop false", "completed explode pop false"])
        let push = Library.start(result, "push"), pop = Library.start(result, "pop")
        let expected = Self.tiles(seed: 1)
        #expect(expected.count == 220 && expected.last?.rect.h == 25)
        for t in [1.0 / 120, 0.25, 0.5, 0.75, 119.0 / 120] {
            let p = TimingCurve.easeInOut.progress(at: t)
            for (operation, start, q) in [("push", push, p), ("pop", pop, 1 - p)] {
                let records = Self.tileRecords(at: start + t, in: result)
                #expect(records.count == 220, "\(operation) at \(t): \(records.count) tiles")
                guard records.count == 220 else { continue }
                for i in [0, 1, 21, 57, 130, 219] {
                    Library.expectCorners(records[i], expected[i].corners(at: q), "\(operation): tile \(i) at \(t)")
                    #expect(abs(records[i].alpha - (1 - q)) < 1e-6, "\(operation): tile \(i)'s alpha \(records[i].alpha) at \(t)")
                }
            }
        }
        // The view the tiles show is hidden while they fly.
        #expect(Library.frame(at: push + 0.5, in: result)?.views("Root", kind: "view").first?.hidden == true)
        #expect(Library.frame(at: pop + 0.5, in: result)?.views("Root", kind: "view").first?.hidden == true)
        Library.expectEnd(result, stack: ["Root"])
    }

    @Test func explodeIsTheSameForTheSameSeed() throws {
        func run(_ parameters: [String: String]) throws -> [[[Double]]] {
            let result = try Library.play(navigation: #""push": "explode""#, steps: [#"{"push": {"title": "Detail"}}"#, #"{"wait": 1.5}"#],
                                          parameters: ["explode": parameters])
            Library.expectEnd(result, stack: ["Root", "Detail"])
            return Self.tileRecords(at: Library.start(result, "push") + 0.5, in: result).map(\.corners)
        }
        let first = try run(["seed": "7", "tile": "97.5"]), again = try run(["seed": "7", "tile": "97.5"])
        let other = try run(["seed": "8", "tile": "97.5"])
        #expect(first.count == 36 && first == again, "seed 7 twice: \(first.count) and \(again.count) tiles, equal: \(first == again)")
        #expect(first != other, "seeds 7 and 8 gave the same explosion")
        // 97.5-point tiles: 4 columns of 9 rows (the last 64 points high).
        let p = TimingCurve.easeInOut.progress(at: 0.5)
        let expected = Self.tiles(seed: 7, tile: 97.5)
        if first.count == 36 {
            for i in [0, 8, 35] {
                let wanted = expected[i].corners(at: p)
                #expect(zip(first[i], wanted).allSatisfy { abs($0[0] - $1[0]) < 1e-3 && abs($0[1] - $1[1]) < 1e-3 },
                        "tile \(i) of seed 7: \(first[i]), expected \(wanted)")
            }
        }
    }
}
