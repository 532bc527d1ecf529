import Foundation
import StagehandCore
import StagehandTrace

/// Turns a run (a `Trace`) into pictures: PNG frames, an animated GIF, SVG (one frame or
/// the animated run), and a self-contained HTML player.
///
/// Every format draws the same display list per frame (see `DisplayList`): screens as
/// cards coloured from their titles, navigation bars as light bars, 3D faces as their
/// exact projected quads. The picture is `width`×`height` pixels; the screen is scaled
/// uniformly to fit and centred.
///
///     let renderer = Renderer(trace: trace)
///     let gif = try renderer.gif(trace: trace, timing: GIFTiming(framesPerSecond: 60))
public struct Renderer: Sendable {
    /// The largest side of a picture, in pixels.
    public static let maximumSide = 8192

    /// The screen in points, as the trace records it.
    public let screen: Size
    public let width: Int
    public let height: Int

    /// A renderer for `screen` points at `width`×`height` pixels (by default one pixel
    /// per point).
    public init(screen: Size, width: Int? = nil, height: Int? = nil) {
        self.screen = screen
        self.width = width ?? max(1, Int(screen.width.rounded()))
        self.height = height ?? max(1, Int(screen.height.rounded()))
    }

    /// A renderer for the trace's screen.
    public init(trace: Trace, width: Int? = nil, height: Int? = nil) {
        let size = trace.screen.count == 2 ? Size(width: trace.screen[0], height: trace.screen[1]) : Size(width: 390, height: 844)
        self.init(screen: size, width: width, height: height)
    }

    /// The display lists of `frames`. Titles are measured with cairo, so every format
    /// needs it, SVG and HTML included: loading it fails here, with the reason.
    func displayLists(_ frames: [Trace.Frame]) throws(RenderError) -> [DisplayList] {
        let metrics = try FontMetrics.shared()
        return frames.map { DisplayList(frame: $0, screen: screen, metrics: metrics) }
    }

    // MARK: PNG

    /// One frame as a PNG.
    public func png(frame: Trace.Frame) throws(RenderError) -> Data {
        let canvas = try Canvas(width: width, height: height, screen: screen)
        canvas.draw(try displayLists([frame])[0])
        return try PNGEncoder.encode(canvas)
    }

    /// Every frame of the run as a PNG, in order (painted and encoded in parallel).
    public func pngs(trace: Trace) throws(RenderError) -> [Data] {
        let painter = try FramePainter(width: width, height: height, screen: screen) { canvas in
            Result { () throws(RenderError) in try PNGEncoder.encode(canvas) }
        }
        for frame in trace.frames { _ = painter.paint(frame) }
        let results = painter.finish().results
        return try results.map { (result) throws(RenderError) in try result.get() }
    }

    // MARK: GIF

    /// The run as an animated GIF that loops forever, resampled to `timing` (a GIF
    /// cannot show every frame rate: see `GIFTiming`).
    public func gif(trace: Trace, timing: GIFTiming) throws(RenderError) -> Data {
        let stream = try GIFStream(renderer: self, timing: timing)
        for frame in trace.frames { stream.add(frame) }
        return try stream.finish()
    }

    // MARK: SVG and HTML

    /// One frame as an SVG document.
    public func svg(frame: Trace.Frame) throws(RenderError) -> String {
        SVGDocument.frame(try displayLists([frame])[0], width: width, height: height)
    }

    /// The whole run as an animated SVG (SMIL) that loops forever at the run's speed.
    public func svg(trace: Trace) throws(RenderError) -> String {
        SVGDocument.animation(trace, lists: try displayLists(trace.frames), width: width, height: height)
    }

    /// The whole run as one self-contained HTML page: the frames, a play/pause button and
    /// a scrubber; `#frame=N` in the address selects a frame (see `HTMLPlayer`).
    public func html(trace: Trace, title: String) throws(RenderError) -> String {
        HTMLPlayer.page(trace, lists: try displayLists(trace.frames), width: width, height: height, title: title)
    }
}
