import Foundation
import StagehandCore
import StagehandTrace

/// One still per effect in a grid, each named below its picture: the collection at a
/// glance (`stagehand preview --all --contact-sheet FILE.png`).
///
/// Cells are `cellWidth` pixels wide, as tall as the screen's aspect asks, in `columns`
/// columns on a light grey page; the last row may be short. Each still is drawn from its
/// display list straight into its cell, so the sheet costs one drawing per effect.
public struct ContactSheet: Sendable {
    public struct Cell: Sendable {
        public var name: String
        public var frame: Trace.Frame
        public var screen: Size

        public init(name: String, frame: Trace.Frame, screen: Size) {
            self.name = name
            self.frame = frame
            self.screen = screen
        }
    }

    public var columns: Int
    public var cellWidth: Int
    /// Around and between the cells, in pixels.
    public static let gap = 16
    /// The names' line under each picture.
    public static let captionHeight = 24
    public static let captionSize = 13.0
    static let page = RGBA(bytes: 242, 242, 247)
    static let ink = RGBA(bytes: 28, 28, 30)

    public init(columns: Int = 6, cellWidth: Int = 117) {
        self.columns = max(1, columns)
        self.cellWidth = max(8, cellWidth)
    }

    /// The pixels of one picture for a `screen`, and the sheet's size for `count` cells.
    public func pictureSize(screen: Size) -> (width: Int, height: Int) {
        let h = Int((Double(cellWidth) * screen.height / max(screen.width, 1e-9)).rounded())
        return (cellWidth, max(1, h))
    }

    public func size(count: Int, screen: Size) -> (width: Int, height: Int) {
        let picture = pictureSize(screen: screen)
        let rows = max(1, (count + columns - 1) / columns)
        let used = min(max(count, 1), columns)
        return (Self.gap + used * (picture.width + Self.gap),
                Self.gap + rows * (picture.height + Self.captionHeight + Self.gap))
    }

    /// Where cell `index` goes: its picture's rectangle, in pixels.
    public func pictureRect(_ index: Int, screen: Size) -> Rect {
        let picture = pictureSize(screen: screen)
        let column = index % columns, row = index / columns
        return Rect(x: Double(Self.gap + column * (picture.width + Self.gap)),
                    y: Double(Self.gap + row * (picture.height + Self.captionHeight + Self.gap)),
                    width: Double(picture.width), height: Double(picture.height))
    }

    /// The sheet as a PNG. The pictures all take the first cell's screen proportions.
    public func png(_ cells: [Cell]) throws(RenderError) -> Data {
        let screen = cells.first?.screen ?? Size(width: 390, height: 844)
        let (width, height) = size(count: cells.count, screen: screen)
        guard width <= Renderer.maximumSide, height <= Renderer.maximumSide else {
            throw RenderError("a contact sheet of \(cells.count) pictures would be \(width)×\(height) pixels; at most \(Renderer.maximumSide) a side")
        }
        let canvas = try Canvas(width: width, height: height, screen: Size(width: Double(width), height: Double(height)))
        let metrics = try FontMetrics.shared()
        canvas.clear(Self.page)
        for (i, cell) in cells.enumerated() {
            let rect = pictureRect(i, screen: screen)
            canvas.draw(DisplayList(frame: cell.frame, screen: cell.screen, metrics: metrics), into: rect)
            let advance = metrics.advance(cell.name)
            let size = advance > 0 ? min(Self.captionSize, rect.width / advance) : Self.captionSize
            let baseline = rect.maxY + Double(Self.captionHeight) / 2 + (metrics.ascent - metrics.descent) / 2 * size
            canvas.caption(Label(text: cell.name, fontSize: size, color: Self.ink, centerX: rect.midX, baseline: baseline,
                                 placement: .identity))
        }
        return try PNGEncoder.encode(canvas)
    }
}
