import ArgumentParser
import Foundation
import StagehandCore
import StagehandHost
import StagehandRender

/// `stagehand play SCENARIO.json`: runs a scripted scenario on the virtual clock and
/// writes its trace, and with `--out` renders it (GIF, PNG, SVG or HTML).
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Run a scenario (pushes, pops, presentations, finger drags) on the virtual clock.",
        discussion: "The scenario format is in Documentation/Scenario.md, the trace format in Documentation/Trace.md, pictures in Documentation/Rendering.md. An operation that fails is an error event in the trace; the run goes on."
    )

    @OptionGroup var plugins: PluginOptions
    @OptionGroup var parameters: ParameterOptions

    @Argument(help: "The scenario file (JSON).")
    var scenario: String

    @Option(help: ArgumentHelp("Write the trace (JSON) here; - for standard output.", valueName: "file"))
    var trace: String?

    @Option(help: ArgumentHelp("Render the run here: the format comes from the extension (.gif, .png, .svg, .html); with png, a folder (DIR/) gets every frame.", valueName: "path"))
    var out: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --out .png or .svg: the frame at this many seconds (default for png: mid-way through the first transition; for svg: the animated run).", valueName: "seconds"))
    var time: String?

    @Flag(name: .customLong("hide-touches"),
          help: "Draw no dot where a finger touches the screen (by default each finger of a run driven by touches shows as a translucent dot, as the iOS simulator's \"show touches\" draws it).")
    var hideTouches = false

    func run() throws {
        _ = try parameters.parsed()
        let seconds = try PictureOutput.parseTime(time)
        var picture: PictureOutput?
        if let out {
            let format = try OutputFormat.resolve(format: nil, out: out, fallback: OutputPath.namesDirectory(out) ? .png : nil)
            let output = PictureOutput(format: format, out: out, time: seconds, effect: nil,
                                       title: "\((scenario as NSString).lastPathComponent) — stagehand play")
            try output.check()
            picture = output
        } else if time != nil {
            throw InputError.fail("--time", "picks the frame to render; give --out too")
        } else if hideTouches {
            throw InputError.fail("--hide-touches", "hides the fingers in the pictures; give --out too (the trace keeps them)")
        }
        try FileIdentity.checkDistinct(outputs: [("--trace", trace), ("--out", out)],
                                       inputs: [("SCENARIO", scenario), plugins.namedCatalog])
        let script: Scenario
        do {
            script = try ScenarioParser.load(path: scenario)
        } catch {
            StandardError.write(error.description)
            throw ExitCode.failure
        }
        let library = try plugins.loadLibrary()
        let values = try parameters.validated(against: library)
        // The scenario's own values (a playground recording's), with --param's over them.
        let used = script.parameters(overriddenBy: values)
        for name in script.parameters.keys.sorted() {
            do {
                try library.validate(overrides: used[name] ?? [:], literals: script.literalParameters(of: name, overriddenBy: values),
                                     for: name)
            } catch {
                StandardError.write("error: \(scenario): parameters.\(name): \(error.message)")
                throw ExitCode.failure
            }
        }
        let writer = try trace.map { try TraceWriter(path: $0, fps: script.framesPerSecond, screen: script.screen) }
        // Frames are kept only for a picture; otherwise each goes to the trace file as it
        // is made (or nowhere), so memory stays flat however long the run.
        let consumer: ((Trace.Frame) -> Void)? = picture != nil ? nil : { frame in writer?.append(frame) }
        let result = ScenarioRunner(library: library, parameters: values).run(script, diagnostics: { diagnostic in
            StandardError.write(diagnostic.description)
        }, frames: consumer)
        let shown = hideTouches ? result.trace.withoutTouches : result.trace
        let pictureSummary = try picture?.write(shown, renderer: Renderer(trace: shown))
        if let writer {
            // Frames kept for the picture go to the trace now (streamed ones already went).
            for frame in result.trace.frames { writer.append(frame) }
            try writer.finish(events: result.trace.events)
        } else if let picture, let pictureSummary {
            print("wrote \(picture.out): \(pictureSummary)")
        } else {
            let events = result.trace.events
            print("\(result.frameCount) frames at \(result.trace.fps) fps; \(events.count) events")
            for e in events {
                let time = String(format: "%8.3f s", e.t)
                let kind = e.kind.padding(toLength: 10, withPad: " ", startingAt: 0)
                let operation = e.operation.padding(toLength: 10, withPad: " ", startingAt: 0)
                print("\(time)  \(kind)\(operation)\(e.effect)\(e.message.map { ": " + $0 } ?? "")".escapingControlCharacters)
            }
        }
    }
}
