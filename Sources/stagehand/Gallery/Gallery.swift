import ArgumentParser
import Dispatch
import Foundation
import StagehandCore
import StagehandHost
import StagehandRender

/// `stagehand preview --all`: every effect's standard scenario, as DIR/NAME.gif with
/// DIR/index.html showing them with their families, sources, kinds, parameters and
/// descriptions (`--out DIR`), and as one still each on a contact sheet
/// (`--contact-sheet FILE.png`).
///
/// Effects are rendered on every core at once, one effect per worker (each run has its
/// own stage), the next effect going to whichever worker is free; a GIF paints only the
/// distinct frames it shows, while its run records (the run is not kept), and with a
/// contact sheet the run is recorded once for both. Results
/// are written in catalog order whatever order they finish in.
///
/// Progress goes to standard error: a bar redrawn in place on a terminal, one plain line
/// per effect otherwise (logs and CI keep every line). An effect that cannot be rendered
/// is reported and listed as missing; the rest are still written, and the exit code is 1.
struct Gallery {
    let library: EffectLibrary
    /// Where the GIFs and index.html go (nil: none).
    let folder: String?
    /// Where the contact sheet goes (nil: none).
    let contactSheet: String?
    let screen: Size
    let framesPerSecond: Int
    /// `--hide-touches`: no dots where the interactive effects' fingers are.
    var hidesTouches = false

    /// The gallery's GIFs play at 25 fps at most: a page of dozens of GIFs playing at
    /// once shows motion as well at 25, and every GIF frame costs its palette mapping and
    /// libgd's encoding (most of a GIF's time) — half the frames, about half the time.
    /// `stagehand preview NAME` keeps the full 50 fps.
    static let galleryFramesPerSecond = 25

    /// What one effect gave.
    struct Rendered: Sendable {
        var gif: Data?
        var still: Trace.Frame?
        var failure: String?
    }

    func write() throws {
        let effects = library.effects
        let progress = GalleryProgress(total: effects.count)
        let results = render(effects, progress: progress)
        progress.done()
        var failed = 0
        if let folder {
            var files: [(String, Data)] = []
            var page = GalleryPage(title: "Stagehand effects")
            for (effect, result) in zip(effects, results) {
                if let gif = result.gif {
                    files.append(("\(effect.name).gif", gif))
                    page.add(effect, image: "\(effect.name).gif")
                } else {
                    page.add(effect, image: nil)
                }
            }
            files.append(("index.html", Data(page.html.utf8)))
            try OutputPath.writeFolder(files, to: folder, argument: "--out")
            failed = results.filter { $0.gif == nil }.count
            print("wrote \(folder): \(effects.count - failed) GIFs and index.html")
        }
        if let contactSheet {
            let cells = zip(effects, results).compactMap { effect, result in
                result.still.map { ContactSheet.Cell(name: effect.name, frame: $0, screen: screen) }
            }
            let data = try ContactSheet().png(cells)
            try OutputPath.write(data, to: contactSheet, argument: "--contact-sheet")
            failed = max(failed, effects.count - cells.count)
            print("wrote \(contactSheet): \(cells.count) effects, \(data.count / 1024) KB")
        }
        if failed > 0 { throw ExitCode.failure }
    }

    /// Every effect's run, GIF and still, on all cores.
    func render(_ effects: [EffectInfo], progress: GalleryProgress) -> [Rendered] {
        let slots = Slots(count: effects.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, effects.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = slots.next() {
                let effect = effects[i]
                progress.starting(effect.name)
                let result = render(effect)
                slots.set(i, result)
                if let failure = result.failure {
                    progress.failed(effect.name, reason: failure)
                } else {
                    progress.finished(effect.name, detail: result.gif.map { "\(effect.name).gif, \($0.count / 1024) KB" } ?? "still")
                }
            }
        }
        return slots.values
    }

    func render(_ effect: EffectInfo) -> Rendered {
        do {
            let runner = ScenarioRunner(library: library)
            // The scenario's waits are decided or checked by its own run (one that cannot
            // tell them is made again with the full probe's).
            return try StandardScenario.play(for: effect, library: library, screen: screen,
                                             framesPerSecond: framesPerSecond) { run in
                let timing = GIFTiming(framesPerSecond: min(run.framesPerSecond, Self.galleryFramesPerSecond))
                var result = Rendered()
                if contactSheet == nil {
                    // Only the GIF: painted while the run records, the run never held whole,
                    // and only the frames it shows recorded.
                    let stream = try GIFStream(renderer: Renderer(screen: run.screen), timing: timing)
                    let hide = hidesTouches
                    _ = run.run(runner, frames: { stream.add(hide ? $0.withoutTouches : $0) }, framesWanted: stream.wants)
                    result.gif = try stream.finish()
                    return result
                }
                // The still is chosen from the whole run's events and frames.
                let recorded = run.run(runner).trace
                let trace = hidesTouches ? recorded.withoutTouches : recorded
                if folder != nil {
                    result.gif = try Renderer(trace: trace).gif(trace: trace, timing: timing)
                }
                result.still = FrameChoice.frame(at: FrameChoice.defaultTime(in: trace, effect: effect.name, fraction: FrameChoice.stillFraction), in: trace)
                if result.still == nil { result.failure = "the run has no frames" }
                return result
            }
        } catch {
            return Rendered(failure: "\(error)")
        }
    }

    /// The effects still to render, handed out one at a time, and the results by index.
    private final class Slots: Sendable {
        private let state: Locked<(nextIndex: Int, results: [Rendered])>

        init(count: Int) {
            state = Locked((0, Array(repeating: Rendered(failure: "not rendered"), count: count)))
        }

        func next() -> Int? {
            state.withLock { state in
                guard state.nextIndex < state.results.count else { return nil }
                defer { state.nextIndex += 1 }
                return state.nextIndex
            }
        }

        func set(_ i: Int, _ value: Rendered) {
            state.withLock { $0.results[i] = value }
        }

        var values: [Rendered] { state.withLock { $0.results } }
    }
}
