import Foundation
import StagehandCore
@testable import StagehandHost
import StagehandTestSupport
import Testing

/// A run is bounded (virtual duration and frame count, refused before it starts), and
/// `play --trace` streams its frames to the file: memory does not grow with the run.
@Suite struct LongRunTests {
    static func waits(_ count: Int, of seconds: Double) -> String {
        Array(repeating: #"{"wait": \#(seconds)}"#, count: count).joined(separator: ", ")
    }

    @Test func aRunLongerThanAnHourOrWithTooManyFramesIsRefused() {
        // 106 bytes that used to ask for 7 hours of frames at 240 fps.
        #expect(failure(#"{"screen": {"fps": 240}, "settle": 600, "steps": [\#(Self.waits(7, of: 600))]}"#)
                == "error: s.json: steps: the run could last 4800.004 s on the virtual clock (its waits, drags and holds, plus settle 600 s); at most 3600 s")
        #expect(failure(#"{"steps": [\#(Self.waits(6, of: 600)), {"drag": {"from": [0, 0], "to": [1, 1], "duration": 1}}]}"#)
            .hasPrefix("error: s.json: steps: the run could last 3611.033 s"))
        #expect(failure(#"{"screen": {"fps": 240}, "steps": [\#(Self.waits(2, of: 600))]}"#)
                == "error: s.json: screen.fps: 240 fps over up to 1210.004 s makes up to 290402 frames; at most 216000: lower the frame rate or shorten the waits")
        // An hour at 60 fps is allowed.
        #expect(failure(#"{"settle": 0, "steps": [\#(Self.waits(5, of: 600)), {"wait": 599.9}]}"#) == "accepted")
    }

    /// The peak resident set (MiB) of `stagehand play --trace FILE` on `cycles` animated
    /// push/pop cycles of 6 s each, and the benchmark child's description of the run. The
    /// benchmark's child measures it (`stagehand bench --child play-rss:N`): a process's
    /// ru_maxrss counts the memory of whoever spawned it, so it is read from a small
    /// fresh process and not from this test process.
    static func play(cycles: Int) throws -> (mebibytes: Double, detail: String) {
        let run = try runStagehand(["bench", "--child", "play-rss:\(cycles)"])
        try #require(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        let value = try #require(lines.first.flatMap { Double($0) }, "\(run.output)")
        try #require(!value.isNaN, "\(run.output)")
        return (value, lines.dropFirst().joined(separator: "\n"))
    }

    @Test(.tags(.longRun), .slow, .disabled(if: Sanitizer.isActive, "measured by stagehand-bench's child, which a sanitized stagehand bench refuses to run"))
    func playTracesStreamSoMemoryStaysFlat() throws {
        let short = try Self.play(cycles: 5), long = try Self.play(cycles: 50)
        // 30 s against 5 minutes at 60 fps: 1,800 against 18,000 frames, about 1 KB each
        // as JSON and several times that as values (hundreds of MB if all were held).
        #expect(long.mebibytes < short.mebibytes + 8, "peak \(short.mebibytes) MiB for 30 s, \(long.mebibytes) MiB for 5 minutes")
        #expect(long.detail.hasPrefix("300 s at 60 fps"), "\(long.detail)")
        let megabytes = long.detail.split(separator: " ").firstIndex(of: "MB").flatMap { i in Double(long.detail.split(separator: " ")[i - 1]) }
        #expect((megabytes ?? 0) >= 10, "the long trace holds every frame: \(long.detail)")
    }

    @Test func aStreamedTraceIsTheTraceOfTheRun() throws {
        let workspace = try Workspace()
        let json = #"{"navigation": {"push": "parallax-push"}, "steps": [{"push": {"title": "A"}}, {"wait": 1}, {"pop": {}}, {"wait": 1}]}"#
        let scenario = try workspace.write("s.json", json)
        let file = workspace.path + "/trace.json"
        let run = try runStagehand(["play", scenario, "--trace", file])
        #expect(run.status == 0, "\(run.errors)")
        let written = try JSONDecoder().decode(Trace.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
        let expected = try BuiltInEffects.play(json).trace
        #expect(written.frames.count == expected.frames.count && written.frames.count > 100)
        #expect(written == expected)
    }
}
