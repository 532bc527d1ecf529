import StagehandCore
import StagehandHost
import StagehandTestSupport
import StagehandTrace
import Testing
@testable import StagehandServe

/// A live stage packs its recording; what it unpacks for an export must be what was
/// recorded, field for field, and the packing must be what makes it small.
struct RecordedFramesTests {
    /// The first effect of each kind (the fast loop runs these).
    @Test func eachKindsFirstEffectsStandardRunUnpacksToItsTrace() throws {
        let sweep = EffectSweep(ProtocolTests.library.effects)
        #expect(sweep.sample.count >= 10, "\(sweep.sample.map(\.name))")
        Self.unpackStandardRuns(sweep.sample)
    }

    /// The other effects: with the first ones, every effect of the catalog.
    @Test(.tags(.longRun), .slow) func everyOtherEffectsStandardRunUnpacksToItsTrace() throws {
        let sweep = EffectSweep(ProtocolTests.library.effects)
        #expect(sweep.sample.count + sweep.rest.count > 30)
        Self.unpackStandardRuns(sweep.rest)
    }

    /// Each effect's standard run packed frame by frame and unpacked: equal to the trace
    /// the runner recorded (views, stacks, percents, touches).
    static func unpackStandardRuns(_ effects: [EffectInfo]) {
        let library = ProtocolTests.library
        for effect in effects {
            let scenario = StandardScenario.make(for: effect, library: library, screen: Size(width: 160, height: 320),
                                                 framesPerSecond: 15)
            let trace = ScenarioRunner(library: library).run(scenario).trace
            var packed = RecordedFrames()
            for frame in trace.frames { packed.append(frame) }
            #expect(packed.count == trace.frames.count)
            let unpacked = packed.unpacked()
            #expect(unpacked == trace.frames, "\(effect.name)")
            if let last = trace.frames.last { #expect(packed.last == last, "\(effect.name)") }
        }
    }

    /// The optional fields most effects never set (layer properties, matches, compositing),
    /// each set and each absent, come back as they went in.
    @Test func everyOptionalFieldOfAViewRoundTrips() {
        var plain = Trace.ViewRecord(title: "Inbox", kind: "view", source: nil, depth: 2, frame: [0, 1, 2, 3],
                                     transform: [1, 0, 0, 1, 5, -6], alpha: 0.5, opacity: 0.25, hidden: true,
                                     corners: [[0, 0], [2, 0], [2, 3], [0, 3]], color: nil, cornerRadius: 4, shadow: 0.1)
        var full = plain
        full.title = "tile 7"; full.kind = "snapshot"; full.source = "view"; full.hidden = false
        full.color = [0.1, 0.2, 0.3, 1]
        full.doubleSided = false
        full.sublayerTransform = (0..<16).map(Double.init)
        full.clips = true
        full.mask = [1, 2, 3, 4, 5]
        full.size = [30, 40]
        full.shadowRadius = 8
        full.shadowOffset = [0, 3]
        full.shadowColor = [0, 0, 0, 0.4]
        full.zPosition = -2
        full.match = "row-3"
        full.compositing = "plus-lighter"
        var sided = plain
        sided.doubleSided = true
        sided.clips = false
        plain.corners = []
        let frames = [
            Trace.Frame(t: 0, stack: ["Inbox"], presented: [], percent: nil, views: [plain, full, sided]),
            Trace.Frame(t: 0.5, stack: ["Inbox", "Article"], presented: ["New"], percent: 0.25, views: [full],
                        touches: [[1, 2], [3, 4]]),
            Trace.Frame(t: 1, stack: [], presented: [], percent: nil, views: []),
        ]
        var packed = RecordedFrames()
        for frame in frames { packed.append(frame) }
        #expect(packed.unpacked() == frames)
        #expect(packed[1] == frames[1])
    }

    /// A moving frame of explode costs its numbers: under 400 bytes a view, against
    /// about 3 KB a view as `Trace.ViewRecord`s.
    @Test func aMovingViewCostsItsNumbers() throws {
        let library = ProtocolTests.library
        let scenario = StandardScenario.make(for: try library.effect(named: "explode"), library: library,
                                             screen: Size(width: 200, height: 400), framesPerSecond: 30)
        let trace = ScenarioRunner(library: library).run(scenario).trace
        var packed = RecordedFrames()
        var views = 0
        for frame in trace.frames {
            if frame.views != packed.last?.views { views += frame.views.count }
            packed.append(frame)
        }
        #expect(views > 3_000, "explode's tiles moving: \(views)")
        #expect(packed.bytes < views * 400, "\(packed.bytes) bytes for \(views) views")
    }
}
