import ArgumentParser
import Foundation
import StagehandHost
import StagehandRender

/// Renders a run in one format to `--out`, the part `preview` and `play` share.
///
/// - gif: the run, resampled to what a GIF can show (`GIFTiming`), looping;
/// - png: the frame at `--time` (default: mid-way through the first transition), or, with
///   `--out DIR/`, every frame as DIR/frame-0000.png, ...;
/// - svg: the frame at `--time`, or without it the run as an animated SVG;
/// - html: the run as a self-contained player page.
struct PictureOutput {
    var format: OutputFormat
    var out: String
    var time: Double?
    /// Whose first transition the default PNG time is in the middle of.
    var effect: String?
    var title: String

    /// Every frame into a folder: PNG only.
    var isFolder: Bool { OutputPath.namesDirectory(out) }

    /// Refuses what cannot be done before anything runs.
    func check() throws {
        if isFolder {
            guard format == .png else {
                throw InputError.fail("--out \(out)", "a folder takes PNG frames (--format png); give a file name ending in .\(format.rawValue)")
            }
            guard time == nil else { throw InputError.fail("--time", "picks one frame; a folder gets every frame") }
            try OutputPath.checkDirectory(out, argument: "--out")
        } else {
            if time != nil, format == .gif || format == .html {
                throw InputError.fail("--time", "picks one frame, for --format png or svg; a \(format.rawValue) shows the whole run")
            }
            try OutputPath.checkFile(out, argument: "--out")
        }
    }

    /// Parses `--time`: seconds, a finite number at least 0.
    static func parseTime(_ text: String?) throws -> Double? {
        guard let text else { return nil }
        guard let t = Double(text), t.isFinite, t >= 0 else {
            throw InputError.fail("--time \(text)", "expected seconds, a number at least 0")
        }
        return t
    }

    /// Renders and writes the picture; returns what was written, for the `wrote OUT: ...`
    /// line: the frames actually in the file, so a single frame says which one it is.
    @discardableResult
    func write(_ trace: Trace, renderer: Renderer) throws -> String {
        let run = String(format: "a run of %.2f s", (trace.frames.last?.t ?? 0) - (trace.frames.first?.t ?? 0))
        do {
            switch format {
            case .gif:
                return try writeGIF(renderer: renderer, framesPerSecond: trace.fps) { stream in trace.frames.forEach(stream.add) }
            case .png where isFolder:
                let frames = try renderer.pngs(trace: trace)
                let digits = max(4, String(frames.count - 1).count)
                let files = frames.enumerated().map { (i, data) in
                    ("frame-" + String(repeating: "0", count: max(0, digits - String(i).count)) + String(i) + ".png", data)
                }
                try OutputPath.writeFolder(files, to: out, argument: "--out")
                return "\(frames.count) frames of \(run)"
            case .png:
                let frame = try chosenFrame(at: time ?? FrameChoice.defaultTime(in: trace, effect: effect), in: trace)
                try OutputPath.write(try renderer.png(frame: frame), to: out, argument: "--out")
                return Self.oneFrame(frame, of: run)
            case .svg:
                if let time {
                    let frame = try chosenFrame(at: time, in: trace)
                    try OutputPath.write(Data(try renderer.svg(frame: frame).utf8), to: out, argument: "--out")
                    return Self.oneFrame(frame, of: run)
                }
                try OutputPath.write(Data(try renderer.svg(trace: trace).utf8), to: out, argument: "--out")
                return "\(trace.frames.count) frames, \(run) at \(trace.fps) fps"
            case .html:
                try OutputPath.write(Data(try renderer.html(trace: trace, title: title).utf8), to: out, argument: "--out")
                return "\(trace.frames.count) frames, \(run) at \(trace.fps) fps"
            }
        } catch let error as RenderError {
            StandardError.write("error: \(out): \(error.message)")
            throw ExitCode.failure
        }
    }

    /// The GIF of a run painted while it is recorded: `run` plays it, handing each frame
    /// to the stream it is given as the frame is made (`ScenarioRunner.run(_:frames:framesWanted:)`
    /// with the stream's `add` and `wants`), so that no more than a few frames are ever
    /// held (see `GIFStream`).
    @discardableResult
    func writeGIF(renderer: Renderer, framesPerSecond: Int, run: (GIFStream) -> Void) throws -> String {
        do {
            let timing = GIFTiming(framesPerSecond: framesPerSecond)
            let stream = try GIFStream(renderer: renderer, timing: timing)
            run(stream)
            // The file is opened with the first part (a run the GIF cannot be made of
            // touches no file) and written part by part, then put in place.
            var file: OutputFile?
            var failure: Error?
            try stream.finish { part in
                guard failure == nil else { return }
                do {
                    if file == nil { file = try OutputFile(out, argument: "--out") }
                    try file?.write(part)
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            try file?.commit()
            return String(format: "a run of %.2f s", stream.duration) + " as a GIF at \(String(format: "%g", timing.framesPerSecond)) fps"
        } catch let error as RenderError {
            StandardError.write("error: \(out): \(error.message)")
            throw ExitCode.failure
        }
    }

    private func chosenFrame(at t: Double, in trace: Trace) throws -> Trace.Frame {
        guard let frame = FrameChoice.frame(at: t, in: trace) else { throw RenderError("the run has no frames") }
        return frame
    }

    /// "one frame, at 0.200 s, of a run of 0.53 s".
    private static func oneFrame(_ frame: Trace.Frame, of run: String) -> String {
        String(format: "one frame, at %.3f s, of ", frame.t) + run
    }
}
