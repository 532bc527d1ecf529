/// `gif_render_s` and `html_render_s`: a 0.6 s effect (parallax-push, else slide-pop at
/// 0.6 s by parameter) at 60 fps, 390×844, rendered to GIF and to HTML with the
/// renderer's API.
enum RenderBenchmark {
    static func measure(quick: Bool) -> [Figure] {
        let reason = "the renderer (StagehandRender) has no GIF/HTML rendering API yet; this figure is wired when it does"
        return [
            .missing("gif_render_s", "0.6 s effect, 60 fps, 390×844, to GIF", unit: "s", goal: 0.5, reason: reason),
            .missing("html_render_s", "the same to HTML", unit: "s", goal: 0.2, reason: reason),
        ]
    }
}
