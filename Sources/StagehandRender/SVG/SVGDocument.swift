import StagehandTrace

/// Whole SVG files: one frame, or the run as an animated SVG.
///
/// The animation is SMIL, the only animation a standalone SVG file has (no script runs
/// in an `<img>`): every frame is a group, hidden except during its own slice of the
/// run, switched by a discrete `<animate>` of `visibility` on one shared clock that
/// repeats forever. Browsers play it at the trace's real speed, at any frame rate.
enum SVGDocument {
    static func frame(_ list: DisplayList, width: Int, height: Int) -> String {
        var writer = SVGWriter()
        writer.open(screen: list.screen, width: width, height: height)
        writer.background(list)
        writer.items(list)
        writer.append("</svg>\n")
        return writer.text
    }

    static func animation(_ trace: Trace, lists: [DisplayList], width: Int, height: Int) -> String {
        guard let first = lists.first, let t0 = trace.frames.first?.t, let tn = trace.frames.last?.t else { return "" }
        var writer = SVGWriter(capacity: lists.count * 2048)
        writer.open(screen: first.screen, width: width, height: height)
        writer.background(first)
        let frameLength = 1 / Double(max(trace.fps, 1))
        let duration = tn - t0 + frameLength
        for (i, list) in lists.enumerated() {
            if lists.count == 1 {
                writer.append("<g>")
            } else {
                let start = (trace.frames[i].t - t0) / duration
                let end = i + 1 < lists.count ? (trace.frames[i + 1].t - t0) / duration : 1
                writer.append("<g visibility=\"hidden\"><animate attributeName=\"visibility\" calcMode=\"discrete\" repeatCount=\"indefinite\" dur=\"")
                writer.number(duration, decimals: 4)
                if i == 0 {
                    writer.append("s\" values=\"visible;hidden\" keyTimes=\"0;")
                    writer.number(end, decimals: 6)
                } else if i == lists.count - 1 {
                    writer.append("s\" values=\"hidden;visible\" keyTimes=\"0;")
                    writer.number(start, decimals: 6)
                } else {
                    writer.append("s\" values=\"hidden;visible;hidden\" keyTimes=\"0;")
                    writer.number(start, decimals: 6)
                    writer.append(";")
                    writer.number(end, decimals: 6)
                }
                writer.append("\"/>")
            }
            writer.items(list)
            writer.append("</g>\n")
        }
        writer.append("</svg>\n")
        return writer.text
    }
}
