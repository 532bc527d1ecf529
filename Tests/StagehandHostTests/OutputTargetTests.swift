import Foundation
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

    func expectRefused(_ run: StagehandRun, _ argument: String, _ path: String, saying what: String,
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
}
