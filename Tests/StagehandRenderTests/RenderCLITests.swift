import Foundation
import StagehandCore
import StagehandHost
@testable import StagehandRender
import StagehandTestSupport
import Testing

/// `stagehand preview` and `stagehand play --out`, run as a user would: pictures where
/// asked, and for bad input one line naming the argument, exit code 1, and nothing left
/// at the path (not even a temporary file).
@Suite struct RenderCLITests {
    static var executable: String { RenderEnvironment.productsDirectory + "/stagehand" }

    func stagehand(_ arguments: [String]) throws -> Child {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable),
                     "build the products first (swift build): \(Self.executable) is missing")
        return try Child.run(Self.executable, arguments, directory: RenderEnvironment.repositoryRoot,
                             environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("STAGEHAND_") })
    }

    /// Expects a refusal: status 1, one `error:` line naming `argument`, an empty folder.
    func expectRefused(_ arguments: [String], naming argument: String, in scratch: Scratch,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try stagehand(arguments)
        #expect(run.status == 1, "status \(run.status): \(run.errors)", sourceLocation: sourceLocation)
        let lines = run.errors.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(lines.count == 1, "\(run.errors)", sourceLocation: sourceLocation)
        #expect(lines.first?.contains(argument) == true, "\(run.errors) does not name \(argument)", sourceLocation: sourceLocation)
        #expect(!run.errors.contains("Usage:"), sourceLocation: sourceLocation)
        #expect(scratch.contents.isEmpty, "left behind: \(scratch.contents)", sourceLocation: sourceLocation)
    }

    /// A folder holding push.json, a small scenario with UIKit's push.
    static func pushScenario() throws -> Scratch {
        let folder = try Scratch()
        try """
            {"screen": {"width": 195, "height": 422, "fps": 30}, "root": {"title": "Inbox"},
             "steps": [{"push": {"title": "Article"}}, {"wait": 0.5}]}
            """.write(toFile: folder.file("push.json"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func anUnknownEffectListsCloseNames() throws {
        let scratch = try Scratch()
        try expectRefused(["preview", "slide-pob", "--out", scratch.file("x.gif")], naming: "slide-pob", in: scratch)
        let run = try stagehand(["preview", "slide-pob", "--out", scratch.file("x.gif")])
        #expect(run.errors.contains("slide-pop"), "\(run.errors)")
    }

    @Test func badOptionsAreRefusedNamingTheArgument() throws {
        let scratch = try Scratch()
        let out = scratch.file("x.gif")
        try expectRefused(["preview", "crossfade", "--out", out, "--format", "webp"], naming: "--format webp", in: scratch)
        try expectRefused(["preview", "crossfade", "--out", scratch.file("x.webp")], naming: "--out", in: scratch)
        try expectRefused(["preview", "crossfade", "--out", out, "--size", "0x844"], naming: "--size 0x844", in: scratch)
        try expectRefused(["preview", "crossfade", "--out", out, "--size", "8193x100"], naming: "--size 8193x100", in: scratch)
        try expectRefused(["preview", "crossfade", "--out", out, "--size", "big"], naming: "--size big", in: scratch)
        try expectRefused(["preview", "crossfade", "--out", out, "--fps", "0"], naming: "--fps 0", in: scratch)
        try expectRefused(["preview", "crossfade", "--out", out, "--fps", "241"], naming: "--fps 241", in: scratch)
        try expectRefused(["preview", "crossfade", "--out", out, "--fps", "-5"], naming: "--fps -5", in: scratch)
        try expectRefused(["preview", "crossfade", "--out", out, "--param", "speed=2"], naming: "--param", in: scratch)
        try expectRefused(["preview", "crossfade", "--out", out, "--param", "duration=-1"], naming: "--param", in: scratch)
        try expectRefused(["preview", "crossfade", "--out", out, "--param", "nonsense"], naming: "--param nonsense", in: scratch)
        try expectRefused(["preview", "crossfade", "--out", out, "--time", "0.2"], naming: "--time", in: scratch)
        try expectRefused(["preview", "--all", "--out", scratch.file("g"), "--format", "png"], naming: "--format png", in: scratch)
    }

    @Test func anUnwritableOutputIsRefusedBeforeAnyWork() throws {
        let scratch = try Scratch()
        try expectRefused(["preview", "crossfade", "--out", scratch.file("missing/x.gif")], naming: "--out", in: scratch)
        // A folder where a file is expected.
        try FileManager.default.createDirectory(atPath: scratch.file("folder"), withIntermediateDirectories: false)
        let run = try stagehand(["preview", "crossfade", "--out", scratch.file("folder"), "--format", "gif"])
        #expect(run.status == 1 && run.errors.contains("--out"), "\(run.errors)")
        #expect(scratch.contents == ["folder"])
    }

    @Test func playRefusesAnUnknownExtension() throws {
        let scratch = try Scratch()
        let scenario = try Self.pushScenario()
        try expectRefused(["play", scenario.file("push.json"), "--out", scratch.file("run.bmp")], naming: "--out", in: scratch)
    }

    @Test func previewWritesEachFormatAndNothingElse() throws {
        let scratch = try Scratch()
        for format in ["gif", "png", "svg", "html"] {
            let run = try stagehand(["preview", "crossfade", "--size", "120x260", "--fps", "30", "--out", scratch.file("c.\(format)")])
            #expect(run.status == 0, "\(format): \(run.errors)")
        }
        #expect(scratch.contents == ["c.gif", "c.html", "c.png", "c.svg"])
        let gif = try GIFStructure(try Data(contentsOf: URL(fileURLWithPath: scratch.file("c.gif"))))
        #expect(gif.width == 120 && gif.height == 260 && gif.frames.allSatisfy { $0.delay == 3 })
        let png = try #require(PixelImage(pngFile: scratch.file("c.png")))
        #expect(png.width == 120 && png.height == 260)
        // A PNG of every frame into a new folder.
        let run = try stagehand(["preview", "crossfade", "--size", "60x130", "--format", "png", "--out", scratch.file("frames/")])
        #expect(run.status == 0, "\(run.errors)")
        let frames = (try? FileManager.default.contentsOfDirectory(atPath: scratch.file("frames"))) ?? []
        #expect(frames.count > 30 && frames.allSatisfy { $0.hasPrefix("frame-") && $0.hasSuffix(".png") })
        #expect(scratch.contents == ["c.gif", "c.html", "c.png", "c.svg", "frames"])
    }

    /// `preview`'s GIF is painted while the run records; it is the GIF of the recorded
    /// run of the same standard scenario, byte for byte.
    /// (slide-pop is interactive: its run has a finger, drawn unless `--hide-touches`.)
    /// At 30 fps, which halves the frames both sides make and compares the same way.
    @Test(arguments: [("crossfade", false), ("slide-pop", false), ("slide-pop", true)])
    func previewsGIFIsTheRecordedRunsGIF(effect: String, hideTouches: Bool) throws {
        let scratch = try Scratch()
        let run = try stagehand(["preview", effect, "--size", "120x260", "--fps", "30", "--out", scratch.file("c.gif")]
                                + (hideTouches ? ["--hide-touches"] : []))
        #expect(run.status == 0, "\(run.errors)")
        let written = try Data(contentsOf: URL(fileURLWithPath: scratch.file("c.gif")))
        let library = RenderEnvironment.library
        let scenario = StandardScenario.make(for: try library.effect(named: effect), library: library,
                                             screen: Size(width: 120, height: 260), framesPerSecond: 30)
        var trace = ScenarioRunner(library: library).run(scenario).trace
        #expect(trace.frames.contains { $0.touches != nil } == (effect == "slide-pop"))
        if hideTouches { for i in trace.frames.indices { trace.frames[i].touches = nil } }
        #expect(written == (try Renderer(trace: trace).gif(trace: trace, timing: GIFTiming(framesPerSecond: 30))))
    }

    @Test func playRendersAScenarioByExtension() throws {
        let scratch = try Scratch()
        let scenario = try Self.pushScenario()
        let run = try stagehand(["play", scenario.file("push.json"), "--out", scratch.file("run.svg"), "--time", "0.2"])
        #expect(run.status == 0, "\(run.errors)")
        let svg = try String(contentsOfFile: scratch.file("run.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && !svg.contains("<animate"), "one frame")
    }

    /// `--time` writes one frame, and the `wrote` line says so (with the frame's time),
    /// not how many frames the whole run had.
    @Test func aSingleFrameOutputReportsTheOneFrameItWrote() throws {
        let scratch = try Scratch()
        let scenario = try Self.pushScenario()
        let runs = [
            try stagehand(["play", scenario.file("push.json"), "--out", scratch.file("run.svg"), "--time", "0.2"]),
            try stagehand(["play", scenario.file("push.json"), "--out", scratch.file("run.png"), "--time", "0.2"]),
            try stagehand(["preview", "crossfade", "--size", "60x130", "--fps", "30", "--out", scratch.file("c.svg"), "--time", "0.2"]),
        ]
        for (run, file) in zip(runs, ["run.svg", "run.png", "c.svg"]) {
            #expect(run.status == 0, "\(run.errors)")
            let prefix = "wrote \(scratch.file(file)): one frame, at "
            #expect(run.output.hasPrefix(prefix) && run.output.hasSuffix(" s\n"), "\(run.output)")
            #expect(!run.output.contains("frames"), "\(run.output)")
            // The frame at or after 0.2 s, at 30 fps.
            let time = Double(run.output.dropFirst(prefix.count).prefix { $0 != " " && $0 != "," }) ?? -1
            #expect(time >= 0.2 - 1e-6 && time < 0.2 + 1.0 / 30, "\(run.output)")
        }
        // Without --time, an SVG is the animated run: every frame.
        let whole = try stagehand(["play", scenario.file("push.json"), "--out", scratch.file("all.svg")])
        #expect(whole.status == 0, "\(whole.errors)")
        #expect(whole.output.contains(" frames, a run of "), "\(whole.output)")
    }

    @Test(.tags(.longRun), .slow) func allWritesAGalleryOfEveryEffect() throws {
        let scratch = try Scratch()
        let run = try stagehand(["preview", "--all", "--size", "78x169", "--fps", "25", "--out", scratch.file("gallery")])
        #expect(run.status == 0, "\(run.errors)")
        let names = RenderEnvironment.library.effects.map(\.name)
        let files = Set((try? FileManager.default.contentsOfDirectory(atPath: scratch.file("gallery"))) ?? [])
        #expect(files == Set(names.map { "\($0).gif" } + ["index.html"]))
        let index = try String(contentsOfFile: scratch.file("gallery/index.html"), encoding: .utf8)
        for name in names {
            #expect(index.contains("src=\"\(name).gif\""), "\(name) missing from the gallery")
        }
        // Not a terminal: one plain line per effect, no bar.
        #expect(run.errors.split(separator: "\n").filter { $0.hasPrefix("[") }.count == names.count, "\(run.errors)")
        #expect(!run.errors.contains("\r"))
        #expect(scratch.contents == ["gallery"])
    }
}
