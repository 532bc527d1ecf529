import Testing
import StagehandCore
@testable import StagehandHost

/// The recorder's walk: each record starts blank and is filled in where it lies, so what
/// one view sets (a source, a match, a compositing, a layer property) must not show in
/// the next.
@Suite struct ViewWalkTests {
    func frames(_ count: Int, _ build: (Stage) -> Void) throws -> [Trace.Frame] {
        let stage = Stage(screen: Size(width: 390, height: 844), framesPerSecond: 60)
        build(stage)
        let recorder = TraceRecorder(stage: stage) { nil }
        recorder.start()
        for _ in 1..<count { stage.step() }
        return recorder.trace.frames
    }

    @Test func aRecordHoldsOnlyWhatItsOwnViewSets() throws {
        let frames = try frames(2) { stage in
            let special = View(frame: Rect(x: 10, y: 10, width: 100, height: 100), label: "special")
            special.matchID = "hero"
            special.compositing = .plusLighter
            special.isDoubleSided = false
            special.clipsToBounds = true
            special.sublayerTransform = Transform3D(perspectiveDistance: 400)
            special.shadowRadius = 6
            special.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
            stage.window.addSubview(special)
            // Copied from `special`: a snapshot, whose record names the kind it copied.
            stage.window.addSubview(special.snapshotView())
            stage.window.addSubview(View(frame: Rect(x: 20, y: 30, width: 40, height: 50), label: "plain"))
        }
        #expect(frames.count == 2)
        for frame in frames {
            let views = frame.views
            try #require(views.map(\.title) == ["special", "special", "plain"])
            let (special, copy, plain) = (views[0], views[1], views[2])
            #expect(special.match == "hero" && special.compositing == "plus-lighter" && special.doubleSided == false)
            #expect(special.clips == true && special.size == [100, 100] && special.shadowRadius == 6)
            #expect(special.sublayerTransform?.count == 16 && special.color == [1, 0, 0, 1])
            #expect(copy.kind == "snapshot" && copy.source == "view" && copy.match == nil && copy.compositing == nil)
            #expect(plain == Trace.ViewRecord(title: "plain", kind: "view", source: nil, depth: 0, frame: [20, 30, 40, 50],
                                              transform: [1, 0, 0, 1, 0, 0], alpha: 1, opacity: 1, hidden: false,
                                              corners: [[20, 30], [60, 30], [60, 80], [20, 80]], color: nil,
                                              cornerRadius: 0, shadow: 0),
                    "nothing of the views recorded before it")
        }
        #expect(frames[0].views == frames[1].views, "a still scene records the same frame again")
    }

    @Test func flatteningIsTheProductBitForBit() {
        var generator = SystemRandomNumberGenerator()
        let special: [Double] = [0, -0.0, 1, -1, 0.5, 1e308, -1e308, .infinity, -.infinity, .nan, Double.leastNormalMagnitude / 8]
        var cases: [Transform3D] = [.identity, Transform3D(perspectiveDistance: 500), TraceRecorder.flatten]
        for _ in 0..<2_000 {
            var values = (0..<16).map { _ in Double.random(in: -1000...1000, using: &generator) }
            for i in 0..<16 where Int.random(in: 0..<3, using: &generator) == 0 {
                values[i] = special[Int.random(in: 0..<special.count, using: &generator)]
            }
            cases.append(Transform3D(values))
        }
        let wrong = cases.filter { m in
            zip(ViewWalk.flattened(m).values, m.concatenating(TraceRecorder.flatten).values)
                .contains { $0.bitPattern != $1.bitPattern && !($0.isNaN && $1.isNaN) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(3))")
        #expect(cases.contains { m in m.values.contains { !$0.isFinite } } && cases.contains { m in m.values.contains { $0 == 0 && $0.sign == .minus } })
    }
}

/// The trace's rounding to six decimals, made without the C library's `round`: the same
/// bits as `rounded()` for every number, halves, negative zeros and large ones included.
@Suite struct TraceRoundingTests {
    @Test func roundingMatchesTheLibrarysBitForBit() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                0.3, -0.3, 1e-300, -1e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                                0x1p52 - 0.5, -(0x1p52 - 0.5), 0x1p52, 0x1p52 + 1, 0x1p53 + 2, 1e21, -1e21,
                                .greatestFiniteMagnitude, .infinity, -.infinity, 4503599627370495.5]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let scale = [1.0, 10, 1e3, 1e6, 1e9, 1e15, 1e18][Int.random(in: 0..<7, using: &generator)]
            let x = Double.random(in: -scale...scale, using: &generator)
            values += [x, x.rounded(.down) + 0.5, x.rounded(.down) - 0.5, x.nextUp, x.nextDown]
        }
        var differing = 0
        for y in values where TraceRecorder.roundedHalfAway(y).bitPattern != y.rounded().bitPattern {
            differing += 1
            Issue.record("\(y): \(TraceRecorder.roundedHalfAway(y)), not \(y.rounded())")
            if differing > 5 { break }
        }
        #expect(TraceRecorder.roundedHalfAway(.nan).isNaN)
        #expect(TraceRecorder.roundedHalfAway(-0.3).sign == .minus && TraceRecorder.roundedHalfAway(-0.5) == -1)
        let wrong = values.filter {
            TraceRecorder.round6($0).bitPattern != ($0.magnitude < 1e15 ? ($0 * 1e6).rounded() / 1e6 : $0).bitPattern
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(differing == 0)
    }
}
