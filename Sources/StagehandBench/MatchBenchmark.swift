import StagehandCore
import StagehandHost

/// The two figures of matched views:
///
/// - `match_1000_ms`: pairing two screens of 1,000 identified views each (a grid of
///   1,000 cells, every cell's identifier on both sides, each 1,000 pairs), as a
///   transition does when it starts;
/// - `magic_move_200_frame_ms`: one frame of engine time while `magic-move`
///   (libMagicMove.so, built beside the benchmark) flies 200 pairs, each two copies
///   with their frame, corner radius, shadow and alpha animating.
enum MatchBenchmark {
    static let matchKey = "match_1000_ms"
    static let matchTitle = "pairing 1,000 identified views on each side"
    static let frameKey = "magic_move_200_frame_ms"
    static let frameTitle = "one frame of magic-move with 200 flying pairs (engine time)"
    static let goal = 1.0

    /// A screen of `count` cells in a grid of 20 columns, cell k carrying "cell-k";
    /// `offset` moves the cells down, so each pair really moves (every cell stays on screen).
    static func screen(title: String, count: Int, size: Size, offset: Double) -> View {
        let root = View(frame: Rect(x: 0, y: 0, width: size.width, height: size.height), label: title)
        let columns = 20
        let width = size.width / Double(columns), height = size.height / Double((count + columns - 1) / columns)
        for k in 0..<count {
            let cell = View(frame: Rect(x: Double(k % columns) * width, y: Double(k / columns) * height + offset,
                                        width: width * 0.8, height: height * 0.8))
            cell.matchID = "cell-\(k)"
            cell.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9)
            cell.cornerRadius = 4
            root.addSubview(cell)
        }
        return root
    }

    static func measureMatch(repetitions: Int) -> Figure {
        let size = Size(width: 400, height: 800)
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let outgoing = screen(title: "Grid", count: 1_000, size: size, offset: 0)
        let incoming = screen(title: "Detail", count: 1_000, size: size, offset: 2)
        var found = 0
        var times: [Double] = []
        for _ in 0..<repetitions {
            times.append(Measure.seconds {
                found = MatchedPair.pairs(outgoing: outgoing, placedAt: bounds, incoming: incoming, placedAt: bounds,
                                          containerBounds: bounds).count
            } * 1e3)
        }
        guard found == 1_000 else {
            return .missing(matchKey, matchTitle, unit: "ms", goal: goal, reason: "the screens made \(found) pairs, not 1,000")
        }
        return Figure(key: matchKey, title: matchTitle, unit: "ms", goal: goal, value: Measure.median(times),
                      detail: "median of \(repetitions) pairings of two screens of 1,000 identified cells (2,002 views walked)")
    }

    /// The push runs at 480 frames a second so that Hero's short flights (at most
    /// 0.375 s) hold enough frames to time; a frame's work does not depend on the rate.
    static func measureFrame(frames: Int) -> Figure {
        let (library, _) = EffectLibrary.load(host: HostTable.shared)
        guard (try? library.effect(named: "magic-move")) != nil else {
            return .missing(frameKey, frameTitle, unit: "ms", goal: goal,
                            reason: "libMagicMove.so is not beside the benchmark: build the bundles first (swift build -c release)")
        }
        let size = Size(width: 400, height: 800)
        let stage = Stage(screen: size, framesPerSecond: 480)
        let coordinator = Coordinator(library: library, stage: stage)
        do {
            try coordinator.use("magic-move", for: .push)
        } catch {
            return .missing(frameKey, frameTitle, unit: "ms", goal: goal, reason: error.description)
        }
        let grid = ViewController(title: "Grid")
        grid.view.addSubview(screen(title: "cells", count: 200, size: size, offset: 0))
        let detail = ViewController(title: "Detail")
        detail.view.addSubview(screen(title: "cells", count: 200, size: size, offset: 30))
        let nav = coordinator.makeNavigationController(root: grid)
        coordinator.setRoot(nav)
        stage.step()
        _ = nav.pushViewController(detail, animated: true)
        for _ in 0..<5 { stage.step() }
        let copies = stage.window.allViewsBackToFront.filter { $0.kind == .snapshot && $0.superview?.kind != .snapshot }.count
        guard copies == 400 else {
            return .missing(frameKey, frameTitle, unit: "ms", goal: goal, reason: "the push flew \(copies) copies, not 400 (200 pairs)")
        }
        var times: [Double] = []
        for _ in 0..<frames where stage.isTransitioning {
            times.append(Measure.seconds { stage.step() } * 1e3)
        }
        return Figure(key: frameKey, title: frameTitle, unit: "ms", goal: goal, value: Measure.median(times),
                      detail: "median of \(times.count) frames mid-flight, 200 pairs × 2 copies (frame, corner radius, shadow, alpha)")
    }
}
