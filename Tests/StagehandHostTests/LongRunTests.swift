import Foundation
import StagehandCore
@testable import StagehandHost
import Testing

/// A run is bounded (virtual duration and frame count, refused before it starts), and
/// `play --trace` streams its frames to the file: memory does not grow with the run.
@Suite struct LongRunTests {
    func failure(_ json: String) -> String {
        do {
            _ = try ScenarioParser.parse(Data(json.utf8), file: "s.json")
            return "accepted"
        } catch {
            return error.description
        }
    }

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

    /// Runs `stagehand play` with `arguments` and returns its peak resident set (MiB),
    /// from wait4 (only this child counts, whatever else the test process runs).
    static func peakMebibytes(_ arguments: [String]) throws -> Double {
        let executable = TestEnvironment.productsDirectory + "/stagehand"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = (["stagehand"] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        try #require(posix_spawn(&pid, executable, &actions, nil, &argv, environ) == 0, "cannot run \(executable)")
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        try #require(status == 0, "stagehand \(arguments.joined(separator: " ")) ended with status \(status)")
        return Double(usage.ru_maxrss) / 1024
    }

    /// `cycles` push/pop cycles, each followed by 3 s: 6 s of virtual time per cycle.
    static func cycles(_ count: Int) -> String {
        let cycle = #"{"push": {"title": "Page"}}, {"wait": 3}, {"pop": {}}, {"wait": 3}"#
        return #"{"settle": 0, "steps": [\#(Array(repeating: cycle, count: count).joined(separator: ", "))]}"#
    }

    @Test func playTracesStreamSoMemoryStaysFlat() throws {
        let workspace = try Workspace()
        let short = try workspace.write("short.json", Self.cycles(5)), long = try workspace.write("long.json", Self.cycles(50))
        let shortPeak = try Self.peakMebibytes(["play", short, "--trace", workspace.path + "/short-trace.json"])
        let longPeak = try Self.peakMebibytes(["play", long, "--trace", workspace.path + "/long-trace.json"])
        // 30 s against 5 minutes at 60 fps: 1,800 against 18,000 frames, about 1 KB each
        // as JSON and several times that as values (hundreds of MB if all were held).
        #expect(longPeak < shortPeak + 8, "peak \(shortPeak) MiB for 30 s, \(longPeak) MiB for 5 minutes")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: workspace.path + "/long-trace.json")[.size] as? Int)
        #expect(size > 10_000_000, "the long trace holds every frame: \(size) bytes")
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
