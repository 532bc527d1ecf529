import Foundation
import StagehandTestSupport
import Testing
import StagehandCore
@testable import StagehandHost

/// The `gesture` parameter of libAnimators3D.so's effects: VCTransitionsLibrary's
/// swipe interaction controllers, cancelled and finished around their threshold.
///
/// The rules, from the library: progress = |travel| / 200 pt along the gesture's axis
/// (horizontal: either way; vertical: a pop begins only downward); a release past 0.5
/// (strictly) finishes, at or before it cancels; a gesture the system cancels cancels;
/// the rest plays at the speed 1 − progress, so it takes (1 − p)·d / (1 − p) = d to
/// finish from p and p·d / (1 − p) to go back.
///
/// turn pops with its page, the to-view, coming back from 90° (θ = 90°·(1 − p),
/// linear while driven; see `TurnNatGeoTests` for the projection).
@Suite struct LibraryGestureTests {
    static let threshold = 0.5
    static let epsilon = 0.005
    static let distance = 200.0

    /// A push of Detail with `effect`, which also pops and drives pops, then one drag of
    /// `travel` points (x or y) from (60, 300), held still 0.2 s, then released as `release` says.
    static func drivenPop(_ effect: String, travel: (Double, Double), release: String = "true",
                          parameters: [String: String] = [:], fps: Double = Library.fps) throws -> ScenarioResult {
        let to = (60 + travel.0, 300 + travel.1)
        return try Library.play(navigation: #""push": "\#(effect)", "pop": "\#(effect)", "interactivePop": "\#(effect)""#, steps: [
            #"{"push": {"title": "Detail"}}"#, #"{"wait": 1.5}"#,
            #"{"drag": {"from": [60, 300], "to": [\#(to.0), \#(to.1)], "duration": 0.3, "hold": 0.2, "release": \#(release)}}"#,
            #"{"wait": 2}"#,
        ], parameters: parameters.isEmpty ? [:] : [effect: parameters], fps: fps)
    }

    /// The last frame with the finger held at `p`, and the end of the pop after it.
    static func heldAndEnd(_ result: ScenarioResult, _ p: Double, sourceLocation: SourceLocation = #_sourceLocation)
        -> (held: Trace.Frame?, end: Trace.Event?) {
        let held = result.trace.frames.last { $0.percent.map { abs($0 - p) < 1e-9 } ?? false }
        #expect(held != nil, "no frame held at \(p): \(result.trace.frames.compactMap(\.percent).suffix(40))", sourceLocation: sourceLocation)
        let end = result.trace.events.last { $0.operation == "pop" && $0.kind != "began" }
        return (held, end)
    }

    @Test(arguments: [0.1, 0.3, threshold - epsilon, threshold])
    func turnCancelsAtOrBeforeHalfWay(_ p: Double) throws {
        let result = try Self.drivenPop("turn", travel: (p * Self.distance, 0))
        #expect(Library.events(result).suffix(2) == ["began turn pop true", "cancelled turn pop true"])
        let (held, end) = Self.heldAndEnd(result, p)
        if let held {
            let root = held.views("Root", kind: "view").first
            Library.expectCorners(root, TurnNatGeoTests.page(.pi / 2 * (1 - p)), "Root held at \(p)")
            Library.expectCorners(held.views("Detail", kind: "view").first, Library.fullScreen, "Detail held at \(p)")
            // Back to 0 at the speed 1 − p: p·d / (1 − p) after the release (one frame after the held one).
            if let end {
                let expected = held.t + 1 / Library.fps + p * 1.0 / (1 - p)
                #expect(abs(end.t - expected) <= 1.5 / Library.fps, "cancelled at \(end.t), expected about \(expected)")
            }
        }
        Library.expectEnd(result, stack: ["Root", "Detail"])
    }

    @Test(arguments: [threshold + epsilon, 0.7, 0.95])
    func turnFinishesPastHalfWay(_ p: Double) throws {
        let result = try Self.drivenPop("turn", travel: (-p * Self.distance, 0))   // either way
        #expect(Library.events(result).suffix(2) == ["began turn pop true", "completed turn pop true"])
        let (held, end) = Self.heldAndEnd(result, p)
        if let held {
            Library.expectCorners(held.views("Root", kind: "view").first, TurnNatGeoTests.page(.pi / 2 * (1 - p)), "Root held at \(p)")
            if let end {
                let expected = held.t + 1 / Library.fps + 1.0
                #expect(abs(end.t - expected) <= 1.5 / Library.fps, "completed at \(end.t), expected about \(expected)")
            }
        }
        Library.expectEnd(result, stack: ["Root"])
    }

    /// A system cancel (an incoming call) cancels, even past half way.
    @Test func aSystemCancelCancels() throws {
        let p = 0.8
        let result = try Self.drivenPop("turn", travel: (p * Self.distance, 0), release: #""cancel""#)
        #expect(Library.events(result).suffix(2) == ["began turn pop true", "cancelled turn pop true"])
        Library.expectEnd(result, stack: ["Root", "Detail"])
    }

    /// With `gesture: vertical`, pan follows a downward drag; an upward one pops nothing.
    @Test(arguments: [threshold - epsilon, threshold + epsilon])
    func panFollowsAVerticalSwipe(_ p: Double) throws {
        let result = try Self.drivenPop("pan", travel: (0, p * Self.distance), parameters: ["gesture": "vertical"])
        let finished = p > Self.threshold
        #expect(Library.events(result).suffix(2) == ["began pan pop true", "\(finished ? "completed" : "cancelled") pan pop true"])
        let (held, _) = Self.heldAndEnd(result, p)
        if let held {
            // Backwards, linear: Detail right by W·p, Root from −W/2·(1 − p).
            Library.expectCorners(held.views("Detail", kind: "view").first, Library.moved(Library.width * p, 0), "Detail held at \(p)")
            Library.expectCorners(held.views("Root", kind: "view").first, Library.moved(-Library.width / 2 * (1 - p), 0), "Root held at \(p)")
        }
        Library.expectEnd(result, stack: finished ? ["Root"] : ["Root", "Detail"])

        let upward = try Self.drivenPop("pan", travel: (0, -0.9 * Self.distance), parameters: ["gesture": "vertical"])
        #expect(Library.events(upward).suffix(2) == ["began pan push false", "completed pan push false"], "an upward swipe popped")
        Library.expectEnd(upward, stack: ["Root", "Detail"])
    }

    /// With `gesture: none` the drag drives nothing (and the system edge pan is left alone).
    @Test func noGestureDrivesNothing() throws {
        let result = try Self.drivenPop("turn", travel: (0.9 * Self.distance, 0), parameters: ["gesture": "none"])
        #expect(Library.events(result) == ["began turn push false", "completed turn push false"])
        Library.expectEnd(result, stack: ["Root", "Detail"])
    }

    /// An unknown gesture name is refused (by the host against a Swift bundle's declared
    /// choices, by a C bundle's factory), and the system pop is used.
    @Test(arguments: ["turn", "explode"])
    func anUnknownGestureIsRefused(_ effect: String) throws {
        let result = try Self.drivenPop(effect, travel: (0, 0), parameters: ["gesture": "twirl"])
        // A Swift bundle declares its choices, so the host refuses the value before the
        // factory runs; a C bundle's manifest declares none, so its factory refuses it.
        #expect(result.stage.diagnostics.contains {
                    $0.description.contains(#"parameter gesture of effect \#(effect): expected one of none, horizontal, vertical, pinch, got "twirl""#)
                        || $0.description.contains(#"parameter gesture is "twirl", not one of "none", "horizontal", "vertical", "pinch""#) },
                "no diagnostic naming gesture twirl: \(result.stage.diagnostics)")
        #expect(!Library.events(result).contains("began \(effect) push false"))
    }

    /// explode's vertical swipe and pinch, and its swipe dismissing what it presented: C
    /// drives them as the SDK does (progress, threshold, a pop only downward). The gesture
    /// is the point, not the tiles: large ones (21 instead of 220), as every frame of the
    /// trace records each tile.
    @Test(arguments: [threshold - epsilon, threshold + epsilon])
    func explodeTakesEveryGesture(_ p: Double) throws {
        let finished = p > Self.threshold
        let outcome = finished ? "completed" : "cancelled"
        let tile = "130"
        let vertical = try Self.drivenPop("explode", travel: (0, p * Self.distance), parameters: ["gesture": "vertical", "tile": tile])
        #expect(Library.events(vertical).suffix(2) == ["began explode pop true", "\(outcome) explode pop true"])
        Library.expectEnd(vertical, stack: finished ? ["Root"] : ["Root", "Detail"])
        let upward = try Self.drivenPop("explode", travel: (0, -0.9 * Self.distance), parameters: ["gesture": "vertical", "tile": tile])
        #expect(Library.events(upward).suffix(2) == ["began explode push false", "completed explode push false"], "an upward swipe popped")

        let pinch = try Library.play(navigation: #""push": "explode", "pop": "explode", "interactivePop": "explode""#, steps: [
            #"{"push": {"title": "Detail"}}"#, #"{"wait": 1.5}"#,
            #"{"pinch": {"center": [195, 400], "from": 300, "to": \#(300 * (finished ? 0.3 : 0.7)), "duration": 0.3, "hold": 0.2, "release": true}}"#,
            #"{"wait": 2}"#,
        ], parameters: ["explode": ["gesture": "pinch", "tile": tile]])
        // Closed to 0.3 or 0.7 of the distance: the pinch begins 8 pt in, so its scale is
        // measured from a little less than 300 (LibraryPinchTests holds it exactly).
        #expect(Library.events(pinch).suffix(2) == ["began explode pop true", "\(outcome) explode pop true"])
        Library.expectEnd(pinch, stack: finished ? ["Root"] : ["Root", "Detail"])

        let dismissal = try BuiltInEffects.play("""
        {"screen": {"width": 390, "height": 844, "fps": 120}, "root": {"title": "Root"},
         "steps": [{"present": {"title": "Sheet", "effect": "explode", "dismissal": "explode", "interactiveDismissal": "explode"}}, {"wait": 1.5},
                   {"drag": {"from": [300, 300], "to": [\(300 - p * Self.distance), 300], "duration": 0.3, "hold": 0.2, "release": true}},
                   {"wait": 2}]}
        """, parameters: ["explode": ["tile": tile]])
        #expect(Library.events(dismissal).suffix(2) == ["began explode dismiss true", "\(outcome) explode dismiss true"])
        expectSettled(dismissal)
        #expect(dismissal.trace.frames.last?.presented == (finished ? [] : ["Sheet"]))
    }

    /// pan as an interactive dismissal: a horizontal swipe on the presented view.
    @Test(arguments: [threshold - epsilon, threshold + epsilon])
    func panDismissesInteractively(_ p: Double) throws {
        let result = try BuiltInEffects.play("""
        {"screen": {"width": 390, "height": 844, "fps": 120}, "root": {"title": "Root"},
         "steps": [{"present": {"title": "Sheet", "effect": "pan", "dismissal": "pan", "interactiveDismissal": "pan"}}, {"wait": 1},
                   {"drag": {"from": [300, 300], "to": [\(300 - p * Self.distance), 300], "duration": 0.3, "hold": 0.2, "release": true}},
                   {"wait": 2}]}
        """)
        let finished = p > Self.threshold
        #expect(Library.events(result).suffix(2) == ["began pan dismiss true", "\(finished ? "completed" : "cancelled") pan dismiss true"])
        let held = result.trace.frames.last { $0.percent.map { abs($0 - p) < 1e-9 } ?? false }
        Library.expectCorners(held?.views("Sheet", kind: "view").first, Library.moved(Library.width * p, 0), "Sheet held at \(p)")
        expectSettled(result)
        #expect(result.trace.frames.last?.presented == (finished ? [] : ["Sheet"]))
    }

    /// fold, flip, cards, natgeo and explode (in C) follow the horizontal swipe too (their
    /// default): held at p, each shows its pop's pose at p of its duration (linear while
    /// driven). For natgeo the cover is closed by 80°·p and the page, whose move takes 0.8
    /// of the time, is min(p / 0.8, 1) of the way back aside; explode's tiles are 1 − p of
    /// the way out, at alpha p. Poses held at p and outcomes, not times: at 30 frames a
    /// second (each frame records every view, explode's 220 tiles among them).
    @Test(arguments: ["fold", "flip", "cards", "natgeo", "explode"], [threshold - epsilon, threshold + epsilon])
    func eachAnimatorFollowsTheSwipe(_ effect: String, _ p: Double) throws {
        let result = try Self.drivenPop(effect, travel: (p * Self.distance, 0), fps: 30)
        let finished = p > Self.threshold
        #expect(Library.events(result).suffix(2) == ["began \(effect) pop true", "\(finished ? "completed" : "cancelled") \(effect) pop true"])
        let (held, _) = Self.heldAndEnd(result, p)
        if let held {
            let detail = held.views("Detail", kind: "view").first, root = held.views("Root", kind: "view").first
            switch effect {
            case "flip":
                Library.expectCorners(detail, FlipExplodeTests.face(-.pi * p), "Detail held at \(p)")
                Library.expectCorners(root, FlipExplodeTests.face(.pi - .pi * p), "Root held at \(p)")
            case "cards":
                let pose = CardsPanTests.cardsPop(at: p)
                Library.expectCorners(detail, pose.detail, "Detail held at \(p)")
                Library.expectCorners(root, pose.root, "Root held at \(p)")
                #expect(abs((root?.alpha ?? 0) - pose.rootAlpha) < 1e-6, "Root's alpha held at \(p): \(root?.alpha ?? -1)")
            case "natgeo":
                Library.expectCorners(detail, TurnNatGeoTests.aside(1 - min(p / 0.8, 1)), "Detail held at \(p)")
                Library.expectCorners(root, TurnNatGeoTests.page(TurnNatGeoTests.openAngle * (1 - p), m34: -1.0 / 500),
                                      "Root (the cover) held at \(p)")
            case "explode":
                let tiles = Library.topSnapshots(in: held), expected = FlipExplodeTests.tiles(seed: 1)
                #expect(tiles.count == expected.count, "\(tiles.count) tiles held")
                if tiles.count == expected.count {
                    for i in [0, 21, 130, 219] {
                        Library.expectCorners(tiles[i], expected[i].corners(at: 1 - p), "tile \(i) held at \(p)")
                        #expect(abs(tiles[i].alpha - p) < 1e-6, "tile \(i)'s alpha \(tiles[i].alpha) held at \(p)")
                    }
                }
            default:
                Self.expectFoldStrips(held, p)
            }
        }
        Library.expectEnd(result, stack: finished ? ["Root"] : ["Root", "Detail"])
    }

    /// fold's eight strips held at p: Detail's folding to the far edge, Root's unfolding.
    static func expectFoldStrips(_ held: Trace.Frame, _ p: Double) {
        let strips = Library.topSnapshots(in: held)
        #expect(strips.count == 8)
        guard strips.count == 8 else { return }
        for k in 0..<4 {
            let place = FoldPortalTests.place(k), angle = FoldPortalTests.foldAngle(k)
            Library.expectCorners(strips[2 * k], FoldPortalTests.strip(k, x: place * (1 - p), angle: angle * p),
                                  "Detail's strip \(k) held at \(p)")
            Library.expectCorners(strips[2 * k + 1],
                                  FoldPortalTests.strip(k, x: Library.width + (place - Library.width) * p, angle: angle * (1 - p)),
                                  "Root's strip \(k) held at \(p)")
        }
    }
}
