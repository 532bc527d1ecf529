import ArgumentParser
import Foundation
import StagehandCore
import StagehandHost
import StagehandRender

/// `stagehand preview NAME`: renders an effect's standard scenario (see
/// `StandardScenario`) as a GIF, PNG, SVG or HTML page; `--all --out DIR` renders every
/// effect into a gallery.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render an effect's standard scenario as a GIF, PNG, SVG or HTML player; --all renders a gallery.",
        discussion: """
            The scenario comes from the effect's kind: a push is pushed; a pop is popped after \
            UIKit's push; a presentation is presented, then dismissed by UIKit; a dismissal \
            dismisses what UIKit presented; a container effect switches children; an effect of \
            kind navigation, modal or any plays each of its operations (push and pop, present \
            and dismiss, or all four); an interactive \
            effect is also driven by a finger that finishes, then by one that cancels. \
            A GIF cannot show 60 fps (its delays are hundredths of a second and browsers slow \
            down anything under 2): it is resampled to 100/round(100/fps) fps, at most 50. \
            The output is written to a temporary file beside --out and renamed into place.
            """
    )

    @OptionGroup var plugins: PluginOptions

    @Argument(help: "The effect's name, as `stagehand catalog` lists it.")
    var name: String?

    @Flag(help: "Render every effect in the catalog: to DIR/NAME.gif with DIR/index.html, a gallery (--out DIR), and/or as a contact sheet (--contact-sheet FILE.png).")
    var all = false

    @Option(name: .customLong("contact-sheet"),
            help: ArgumentHelp("With --all: one still per effect, two fifths of the way through its transition, in a grid with names, as a PNG.", valueName: "file.png"))
    var contactSheet: String?

    @Option(help: ArgumentHelp("gif, png, svg or html (default: from --out's extension, else gif).", valueName: "format"))
    var format: String?

    @Option(help: ArgumentHelp("Where to write (default: NAME.FORMAT here). With png, a folder (DIR/) gets every frame.", valueName: "path"))
    var out: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second of the run, 1...240.", valueName: "n"))
    var fps = "60"

    @Option(parsing: .unconditional, help: ArgumentHelp("The screen in points (= pixels), WIDTHxHEIGHT, each 1...8192.", valueName: "WxH"))
    var size = "390x844"

    @Option(parsing: .unconditional, help: ArgumentHelp("png, svg: the frame at this many seconds (default for png: mid-way through the effect's first transition).", valueName: "seconds"))
    var time: String?

    @Flag(name: .customLong("hide-touches"),
          help: "Draw no dot where a finger touches the screen (by default each finger of a run driven by touches shows as a translucent dot, as the iOS simulator's \"show touches\" draws it).")
    var hideTouches = false

    @Option(name: .customLong("param"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A factory parameter of the effect, key=value (e.g. duration=0.5). Repeatable.", valueName: "key=value"))
    var parameters: [String] = []

    func run() throws {
        let framesPerSecond = try Self.parseFPS(fps)
        let screen = try Self.parseSize(size)
        let seconds = try PictureOutput.parseTime(time)
        let overrides = try Self.parseParameters(parameters)
        if all {
            guard name == nil else { throw InputError.fail("NAME \(name!)", "give an effect's name or --all, not both") }
            guard overrides.isEmpty else { throw InputError.fail("--param", "applies to one effect; not with --all") }
            guard seconds == nil else { throw InputError.fail("--time", "picks one frame; --all writes GIFs") }
            if let format, OutputFormat(option: format) != .gif {
                throw InputError.fail("--format \(format)", "--all writes GIFs and an index.html; expected gif")
            }
            guard out != nil || contactSheet != nil else {
                throw InputError.fail("--out", "missing; --all needs a folder (--out gallery) or a contact sheet (--contact-sheet sheet.png)")
            }
            if let out { try OutputPath.checkDirectory(out, argument: "--out") }
            if let contactSheet {
                guard contactSheet.lowercased().hasSuffix(".png") else {
                    throw InputError.fail("--contact-sheet \(contactSheet)", "the contact sheet is a PNG; expected a path ending in .png")
                }
                try OutputPath.checkFile(contactSheet, argument: "--contact-sheet")
            }
            try FileIdentity.checkDistinct(outputs: [("--out", out), ("--contact-sheet", contactSheet)],
                                           inputs: [plugins.namedCatalog])
            let library = try plugins.loadLibrary()
            try Gallery(library: library, folder: out, contactSheet: contactSheet, screen: screen, framesPerSecond: framesPerSecond,
                        hidesTouches: hideTouches).write()
            return
        }
        guard let name else { throw InputError.fail("NAME", "missing; give an effect's name (stagehand catalog lists them) or --all") }
        if let contactSheet { throw InputError.fail("--contact-sheet \(contactSheet)", "shows every effect; use it with --all") }
        let chosen = try OutputFormat.resolve(format: format, out: out, fallback: out.map(OutputPath.namesDirectory) == true ? .png : .gif)
        let output = PictureOutput(format: chosen, out: out ?? "\(name).\(chosen.rawValue)", time: seconds, effect: name,
                                   title: "\(name) — stagehand preview")
        try output.check()
        try FileIdentity.checkDistinct(outputs: [("--out", output.out)], inputs: [plugins.namedCatalog])

        let library = try plugins.loadLibrary()
        let effect = try plugins.effect(named: name, in: library)
        // Check the parameters, then make the effect once, so a bad value or a factory that
        // fails is one line here rather than a run of the system animation in its place.
        do {
            try library.validate(overrides: overrides, for: name)
        } catch {
            throw InputError.fail("--param", error.message)
        }
        do {
            let made = try library.makeEffect(name, overrides: overrides)
            made.pointee.destroy(made.pointee.`self`)
        } catch {
            StandardError.write("error: \(name): \(error.summary); nothing to preview")
            throw ExitCode.failure
        }
        let runner = ScenarioRunner(library: library, parameters: [name: overrides])
        // The scenario's waits are decided or checked by its own run: a run that cannot
        // tell them is made again with the full probe's, its picture replacing the first.
        // Only the kept run's diagnostics are said (a run that fails says its own as it
        // stops).
        let (summary, diagnostics) = try StandardScenario.play(for: effect, library: library, screen: screen,
                                                               framesPerSecond: framesPerSecond, parameters: overrides) { run in
            var said: [Diagnostic] = []
            let report: (Diagnostic) -> Void = { diagnostic in
                if diagnostic.severity != .note { said.append(diagnostic) }
            }
            do {
                if chosen == .gif {
                    // Painted while the run records (only the frames the GIF shows): a run of
                    // many views never held whole.
                    let hide = hideTouches
                    let summary = try output.writeGIF(renderer: Renderer(screen: run.screen), framesPerSecond: run.framesPerSecond) { stream in
                        _ = run.run(runner, diagnostics: report, frames: { stream.add(hide ? $0.withoutTouches : $0) },
                                    framesWanted: stream.wants)
                    }
                    return (summary, said)
                }
                let result = run.run(runner, diagnostics: report)
                let trace = hideTouches ? result.trace.withoutTouches : result.trace
                return (try output.write(trace, renderer: Renderer(trace: trace)), said)
            } catch {
                for diagnostic in said { StandardError.write(diagnostic.description) }
                throw error
            }
        }
        for diagnostic in diagnostics { StandardError.write(diagnostic.description) }
        print("wrote \(output.out): \(summary)")
    }

    static func parseFPS(_ text: String) throws -> Int {
        guard let n = Int(text), (1...240).contains(n) else {
            throw InputError.fail("--fps \(text)", "expected a whole number of frames per second in 1...240")
        }
        return n
    }

    static func parseSize(_ text: String) throws -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...Renderer.maximumSide).contains(w), (1...Renderer.maximumSide).contains(h) else {
            throw InputError.fail("--size \(text)", "expected WIDTHxHEIGHT in points, each a whole number in 1...\(Renderer.maximumSide), e.g. 390x844")
        }
        return Size(width: Double(w), height: Double(h))
    }

    /// `--param key=value` (the effect is NAME), key → value.
    static func parseParameters(_ texts: [String]) throws -> [String: String] {
        var out: [String: String] = [:]
        for text in texts {
            guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
                throw InputError.fail("--param \(text)", "expected key=value, e.g. duration=0.5")
            }
            out[String(text[..<eq])] = String(text[text.index(after: eq)...])
        }
        return out
    }
}
