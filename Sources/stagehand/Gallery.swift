import ArgumentParser
import Foundation
import StagehandCore
import StagehandHost
import StagehandRender

/// `stagehand preview --all --out DIR`: every effect's standard scenario as DIR/NAME.gif,
/// and DIR/index.html showing them with their kinds, parameters and descriptions.
///
/// Progress goes to standard error: a bar redrawn in place on a terminal, one plain line
/// per effect otherwise (logs and CI keep every line). An effect that cannot be rendered
/// is reported and listed as missing; the rest are still written, and the exit code is 1.
struct Gallery {
    let library: EffectLibrary
    let folder: String
    let screen: Size
    let framesPerSecond: Int

    func write() throws {
        let effects = library.effects
        let progress = GalleryProgress(total: effects.count)
        var files: [(String, Data)] = []
        var page = GalleryPage(title: "Stagehand effects")
        var failed = 0
        for (i, effect) in effects.enumerated() {
            progress.starting(i, effect.name)
            let file = "\(effect.name).gif"
            do {
                let scenario = StandardScenario.make(for: effect, library: library, screen: screen, framesPerSecond: framesPerSecond)
                let trace = ScenarioRunner(library: library).run(scenario).trace
                let data = try Renderer(trace: trace).gif(trace: trace, timing: GIFTiming(framesPerSecond: trace.fps))
                files.append((file, data))
                page.add(effect, image: file)
                progress.finished(i, effect.name, detail: "\(file), \(data.count / 1024) KB")
            } catch {
                failed += 1
                page.add(effect, image: nil)
                progress.failed(i, effect.name, reason: "\(error)")
            }
        }
        progress.done()
        files.append(("index.html", Data(page.html.utf8)))
        try OutputPath.writeFolder(files, to: folder, argument: "--out")
        print("wrote \(folder): \(effects.count - failed) GIFs and index.html")
        if failed > 0 { throw ExitCode.failure }
    }
}
