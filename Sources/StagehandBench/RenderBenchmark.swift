import StagehandCore
import StagehandHost
import StagehandRender

/// `gif_render_s` and `html_render_s`: a 0.6 s effect at 60 fps on a 390×844 screen,
/// rendered with the renderer's API (`Renderer.gif(trace:timing:)`, `.html(trace:title:)`).
///
/// The run is parallax-push (0.6 s by default) pushing a page, recorded by the scenario
/// runner; without it, slide-pop popping a page with `duration=0.6`. The trace is cut to
/// the frames of that one transition (from its `began` to its `completed` event), so the
/// pictures are exactly the 0.6 s effect: 37 frames at 60 fps (the GIF resamples them to
/// 50 fps, the fastest a GIF plays). Each figure is the median of several renderings of
/// the same trace.
enum RenderBenchmark {
    static func measure(quick: Bool) -> [Figure] {
        let gifTitle = "0.6 s effect, 60 fps, 390×844, to GIF", htmlTitle = "the same to HTML"
        func missing(_ reason: String) -> [Figure] {
            [.missing("gif_render_s", gifTitle, unit: "s", goal: 0.5, reason: reason),
             .missing("html_render_s", htmlTitle, unit: "s", goal: 0.2, reason: reason)]
        }
        let (library, _) = EffectLibrary.load()
        let names = Set(library.effects.map(\.name))
        var scenario = Scenario()
        scenario.screen = Size(width: 390, height: 844)
        scenario.framesPerSecond = 60
        scenario.rootTitle = "Inbox"
        let effect: String
        var parameters: [String: [String: String]] = [:]
        if names.contains("parallax-push") {
            effect = "parallax-push"
            scenario.push = effect
            scenario.steps = [.wait(0.1), .push(title: "Article", embedInNavigation: false)]
        } else if names.contains("slide-pop") {
            effect = "slide-pop"
            scenario.pop = effect
            parameters[effect] = ["duration": "0.6"]
            scenario.steps = [.push(title: "Article", embedInNavigation: false), .wait(1), .pop]
        } else {
            return missing("neither parallax-push nor slide-pop is in the catalog")
        }
        let run = ScenarioRunner(library: library, parameters: parameters).run(scenario).trace
        guard let began = run.events.first(where: { $0.effect == effect && $0.kind == "began" }),
              let ended = run.events.first(where: { $0.effect == effect && $0.kind == "completed" && $0.t >= began.t }) else {
            return missing("the \(effect) transition did not run to completion in the scenario")
        }
        var trace = run
        trace.frames = run.frames.filter { $0.t >= began.t - 1e-9 && $0.t <= ended.t + 1e-9 }
        let seconds = ended.t - began.t
        let renderer = Renderer(trace: trace)
        let repetitions = quick ? 3 : 7
        var gifTimes: [Double] = []
        var htmlTimes: [Double] = []
        var gifBytes = 0, htmlBytes = 0
        do {
            for _ in 0..<repetitions {
                var data = [UInt8]()
                gifTimes.append(try Measure.seconds { data = Array(try renderer.gif(trace: trace, timing: GIFTiming(framesPerSecond: 60))) })
                gifBytes = data.count
                var page = ""
                htmlTimes.append(try Measure.seconds { page = try renderer.html(trace: trace, title: "\(effect) — stagehand bench") })
                htmlBytes = page.utf8.count
            }
        } catch {
            return missing("the renderer failed: \(error)")
        }
        let detail = "\(effect), \(trace.frames.count) frames over \(String(format: "%.2f", seconds)) s, \(renderer.width)×\(renderer.height); median of \(repetitions)"
        return [
            Figure(key: "gif_render_s", title: gifTitle, unit: "s", goal: 0.5, value: Measure.median(gifTimes),
                   detail: "\(detail); \(gifBytes / 1024) KiB"),
            Figure(key: "html_render_s", title: htmlTitle, unit: "s", goal: 0.2, value: Measure.median(htmlTimes),
                   detail: "\(detail); \(htmlBytes / 1024) KiB"),
        ]
    }
}
