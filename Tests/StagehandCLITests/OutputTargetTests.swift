import Foundation
import StagehandTestSupport
import Testing

/// `--trace` and `--out` write a new file or over a regular file, atomically; they write
/// into the process's own streams when asked (`/dev/stdout`, `-`); anything else at the
/// path (a named pipe, a symbolic link, a device) is refused and left exactly as it was.
@Suite struct OutputTargetTests {
    static let scenario = #"{"screen": {"fps": 30}, "steps": [{"push": {"title": "A"}}, {"wait": 0.5}]}"#

    /// The file type bits of what is at `path` (the link itself for a link).
    static func type(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    func expectRefused(_ run: ProcessRun, _ argument: String, _ path: String, saying what: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 1, "status \(run.status): \(run.errors)", sourceLocation: sourceLocation)
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("error: \(argument) \(path): \(what)"), "\(run.errors)",
                sourceLocation: sourceLocation)
    }

    @Test func aNamedPipeOrALinkIsRefusedAndLeftAsItWas() throws {
        let workspace = try Workspace()
        let scenario = try workspace.write("s.json", Self.scenario)
        let fifo = workspace.path + "/fifo"
        try #require(mkfifo(fifo, 0o644) == 0)
        let target = try workspace.write("target.json", "keep me")
        let link = workspace.path + "/link.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

        expectRefused(try runStagehand(["play", scenario, "--trace", fifo]), "--trace", fifo, saying: "is a named pipe (FIFO)")
        expectRefused(try runStagehand(["play", scenario, "--trace", link]), "--trace", link, saying: "is a symbolic link (to \(target))")
        expectRefused(try runStagehand(["preview", "crossfade", "--format", "svg", "--out", link]), "--out", link,
                      saying: "is a symbolic link")
        // With a picture asked for too: refused before the run, so no picture either.
        expectRefused(try runStagehand(["play", scenario, "--trace", fifo, "--out", workspace.path + "/x.svg"]), "--trace", fifo,
                      saying: "is a named pipe")
        #expect(Self.type(fifo) == S_IFIFO, "the named pipe is still one")
        #expect(Self.type(link) == S_IFLNK, "the link is still one")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted()
        #expect(left == ["fifo", "link.json", "s.json", "target.json"], "nothing else written: \(left)")
    }

    @Test func aDeviceIsRefused() throws {
        let workspace = try Workspace()
        let scenario = try workspace.write("s.json", Self.scenario)
        // /dev/null is a character device on every Linux; refusing is checked before
        // anything is written, and the node stays what it is.
        expectRefused(try runStagehand(["play", scenario, "--trace", "/dev/null"]), "--trace", "/dev/null",
                      saying: "is a character device")
        expectRefused(try runStagehand(["preview", "crossfade", "--format", "svg", "--out", "/dev/null"]), "--out", "/dev/null",
                      saying: "is a character device")
        #expect(Self.type("/dev/null") == S_IFCHR)
    }

    @Test func theProcessesOwnStreamsAreWrittenInto() throws {
        let workspace = try Workspace()
        let scenario = try workspace.write("s.json", Self.scenario)
        for target in ["-", "/dev/stdout"] {
            let run = try runStagehand(["play", scenario, "--trace", target])
            #expect(run.status == 0, "\(run.errors)")
            let trace = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
            #expect((trace?["frames"] as? [Any])?.count == 17, "\(run.output.prefix(200))")
        }
        let svg = try runStagehand(["preview", "crossfade", "--format", "svg", "--out", "/dev/stdout"])
        #expect(svg.status == 0, "\(svg.errors)")
        #expect(svg.output.hasPrefix("<svg") || svg.output.hasPrefix("<?xml"), "\(svg.output.prefix(100))")
    }

    @Test func aRegularFileIsReplacedWhole() throws {
        let workspace = try Workspace()
        let scenario = try workspace.write("s.json", Self.scenario)
        let trace = try workspace.write("trace.json", String(repeating: "x", count: 1_000_000))
        let run = try runStagehand(["play", scenario, "--trace", trace])
        #expect(run.status == 0, "\(run.errors)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trace))) as? [String: Any]
        #expect((json?["frames"] as? [Any])?.count == 17)
        #expect(Self.type(trace) == S_IFREG)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted() == ["s.json", "trace.json"])
    }

    /// Frames written into a folder that already holds files would replace those of the
    /// same names and leave the rest beside them (a longer earlier run's last frames): an
    /// existing folder is refused, with or without a trailing slash, for one effect's
    /// frames and for the gallery, and left exactly as it was.
    @Test func anExistingFolderIsRefusedAndLeftAsItWas() throws {
        let workspace = try Workspace()
        let scenario = try workspace.write("s.json", Self.scenario)
        let folder = try workspace.directory("frames")
        try workspace.write("frames/frame-0099.png", "an older run's frame")
        for spelling in [folder, folder + "/"] {
            expectRefused(try runStagehand(["play", scenario, "--out", spelling]), "--out", spelling,
                          saying: "is a folder that already exists; the pictures go into a new folder")
            expectRefused(try runStagehand(["preview", "crossfade", "--format", "png", "--out", spelling]), "--out", spelling,
                          saying: "is a folder that already exists")
            expectRefused(try runStagehand(["preview", "--all", "--out", spelling]), "--out", spelling,
                          saying: "is a folder that already exists")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["frame-0099.png"])
        // A new folder is made whole, with only this run's frames, and nothing else is left.
        let made = workspace.path + "/new"
        let run = try runStagehand(["play", scenario, "--out", made + "/"])
        #expect(run.status == 0, "\(run.errors)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: made)
        #expect(frames.count == 17 && frames.allSatisfy { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }, "\(frames)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted() == ["frames", "new", "s.json"])
    }

    /// An output that is an input (the scenario, the catalog) or another output, however
    /// the path is spelled — another name, a hard link, a path through a linked folder —
    /// is refused before anything runs: the trace would overwrite the scenario, or only
    /// one of two outputs would be left in the file.
    @Test func anOutputThatIsAnInputOrAnotherOutputIsRefused() throws {
        let workspace = try Workspace()
        let scenario = try workspace.write("s.json", Self.scenario)
        let hardLink = workspace.path + "/hard.svg"
        try #require(link(scenario, hardLink) == 0)
        let linkedFolder = workspace.path + "/via"
        try FileManager.default.createSymbolicLink(atPath: linkedFolder, withDestinationPath: workspace.path)

        for spelling in [scenario, hardLink, linkedFolder + "/s.json", workspace.path + "/./s.json"] {
            expectRefused(try runStagehand(["play", scenario, "--trace", spelling]), "--trace", spelling,
                          saying: "is the same file as SCENARIO \(scenario); it would be written over")
        }
        expectRefused(try runStagehand(["play", scenario, "--out", hardLink]), "--out", hardLink,
                      saying: "is the same file as SCENARIO \(scenario)")
        #expect(try String(contentsOfFile: scenario, encoding: .utf8) == Self.scenario, "the scenario is untouched")

        // Two outputs in one file, existing or not yet.
        let picture = workspace.path + "/run.svg"
        expectRefused(try runStagehand(["play", scenario, "--trace", picture, "--out", linkedFolder + "/run.svg"]),
                      "--out", linkedFolder + "/run.svg", saying: "is the same file as --trace \(picture); only one of them could be kept")
        try workspace.write("run.svg", "old")
        expectRefused(try runStagehand(["play", scenario, "--trace", picture, "--out", picture]), "--out", picture,
                      saying: "is the same file as --trace \(picture)")
        #expect(try String(contentsOfFile: picture, encoding: .utf8) == "old")

        // The catalog named with --catalog is an input too.
        let catalog = try workspace.write("Catalog.json", try String(contentsOfFile: TestEnvironment.repositoryRoot + "/Catalog.json", encoding: .utf8))
        expectRefused(try runStagehand(["preview", "crossfade", "--format", "svg", "--catalog", catalog, "--out", catalog]), "--out", catalog,
                      saying: "is the same file as --catalog \(catalog)")
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted()
        #expect(left == ["Catalog.json", "hard.svg", "run.svg", "s.json", "via"], "nothing else written: \(left)")
    }

    /// SIGINT or SIGTERM while a trace streams to its temporary file removes the file and
    /// ends the process by that signal (a shell sees 130 or 143), leaving nothing behind.
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedRunLeavesNoTemporaryFile(signal: Int32) throws {
        let workspace = try Workspace()
        // Long enough on the virtual clock to be interrupted well before its end.
        let scenario = try workspace.write("long.json", #"{"screen": {"fps": 120}, "steps": [{"push": {"title": "A"}}, {"wait": 600}]}"#)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestEnvironment.productsDirectory + "/stagehand")
        process.arguments = ["play", scenario, "--trace", workspace.path + "/trace.json"]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("STAGEHAND_") }
            .merging(["STAGEHAND_CACHE_DIR": TestEnvironment.scanCache], uniquingKeysWith: { $1 })
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Wait (at most two minutes) for the temporary file to hold some frames.
        var temporary: String?
        for _ in 0..<1200 where temporary == nil {
            usleep(100_000)
            let names = try FileManager.default.contentsOfDirectory(atPath: workspace.path)
            if let name = names.first(where: { $0.hasPrefix(".trace.json.tmp-") }),
               let size = try FileManager.default.attributesOfItem(atPath: workspace.path + "/" + name)[.size] as? Int, size > 100_000 {
                temporary = name
            }
        }
        try #require(temporary != nil && process.isRunning, "the run streams its trace to a temporary file")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
                "ended by signal \(signal): \(process.terminationReason) \(process.terminationStatus)")
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.path)
        #expect(left == ["long.json"], "nothing left beside the target: \(left)")
    }
}
