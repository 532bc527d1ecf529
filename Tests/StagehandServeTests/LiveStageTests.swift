import StagehandHost
import Testing
@testable import StagehandServe

/// A live stage's recording: every frame is kept (the export replays to the same
/// trace), but a frame that shows what the last one did costs almost nothing.
struct LiveStageTests {
    @Test func anIdleStagesFramesShareTheLastFramesViews() throws {
        let library = ProtocolTests.library
        let stage = LiveStage(library: library, effect: try library.effect(named: "explode"), parameters: [:]) { _ in }
        #expect(stage.enqueue(.operation(.push)) == nil)
        // Explode's push takes a second; the second after it shows nothing new.
        for _ in 0..<120 { stage.tick() }
        let frames = stage.frames.unpacked()
        #expect(frames.count >= 120)
        let storage = frames.map { frame in frame.views.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        #expect(frames[frames.count - 100].views.count > 100, "explode's tiles")
        #expect(Set(storage.suffix(30)).count == 1, "the idle frames share one copy of their views")
        #expect(storage[frames.count - 100] != storage[frames.count - 99], "moving frames are their own")
        let bytes = stage.frames.bytes
        for _ in 0..<60 { stage.tick() }
        #expect(stage.frames.bytes - bytes < 60 * 200, "an idle second costs a few bytes a frame: \(stage.frames.bytes - bytes)")
    }
}

extension LiveStageTests {
    /// A stage that keeps moving fills its recording by the bytes it holds, not only by
    /// its length: the recording stops there and the stage goes on.
    @Test func aMovingStageFillsItsRecordingByTheBytesItHolds() throws {
        let library = ProtocolTests.library
        let limit = 1 << 20
        let stage = LiveStage(library: library, effect: try library.effect(named: "explode"), parameters: [:], byteLimit: limit) { _ in }
        #expect(stage.enqueue(.operation(.push)) == nil)
        for _ in 0..<60 { stage.tick() }
        #expect(stage.recordingFull)
        // One frame of explode's 220 tiles is under 100 KB packed.
        #expect(stage.frames.bytes >= limit && stage.frames.bytes < limit + 100_000, "\(stage.frames.bytes)")
        let recorded = stage.frames.count
        for _ in 0..<10 { stage.tick() }
        #expect(stage.frames.count == recorded)
        #expect(stage.latest?.t ?? 0 > stage.frames.last?.t ?? 0, "the stage goes on")
    }
}
