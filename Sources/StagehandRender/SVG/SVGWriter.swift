import StagehandCore

/// Writes display lists as SVG elements: polygons for 3D faces, transformed rounded
/// rectangles for affine views, `<text>` in DejaVu Sans Bold for titles — the same
/// shapes and numbers cairo is given, so a browser draws what the PNG shows.
///
/// Built by appending to one string, with numbers written by hand to two decimals
/// (String(format:) would dominate the time): a whole run's HTML is made in a few
/// milliseconds.
struct SVGWriter {
    private(set) var text = ""

    init(capacity: Int = 1 << 16) {
        text.reserveCapacity(capacity)
    }

    mutating func append(_ s: String) {
        text += s
    }

    /// The opening tag of a document showing `screen` points in `width`×`height` pixels
    /// (SVG's default "xMidYMid meet" centres it as the canvas does), with the title
    /// font set once for every `<text>` inside.
    mutating func open(screen: Size, width: Int, height: Int, attributes: String = "") {
        text += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 "
        number(screen.width)
        text += " "
        number(screen.height)
        text += "\" font-family=\"\(FontMetrics.family)\" font-weight=\"bold\"\(attributes)>"
    }

    mutating func background(_ list: DisplayList) {
        text += "<rect width=\"100%\" height=\"100%\" fill=\"\(list.background.hex)\"/>"
    }

    /// Clip paths written so far: each gets the next number as its id (`c1`, `c2`, ...),
    /// unique in the document however many frames it holds.
    private var clipCount = 0

    /// The items of one frame (not its background). An item inside masks or clipping
    /// bounds is drawn in one `<g clip-path>` per outline, each outline a `<clipPath>`
    /// written just before it.
    mutating func items(_ list: DisplayList) {
        for item in list.items {
            switch item.group {
            case .begin(let alpha, let additive)?:
                // A plus-lighter view is a group added to its isolated parent's layer.
                text += additive ? "<g style=\"mix-blend-mode:plus-lighter\" opacity=\"" : "<g style=\"isolation:isolate\" opacity=\""
                number(alpha, decimals: 4)
                text += "\">"
                continue
            case .end?:
                text += "</g>"
                continue
            case nil:
                break
            }
            for clip in item.clips {
                clipCount += 1
                text += "<clipPath id=\"c\(clipCount)\">"
                shape(clip)
                text += "/></clipPath><g clip-path=\"url(#c\(clipCount))\">"
            }
            for fill in item.fills { self.fill(fill) }
            if let label = item.label { self.label(label) }
            for _ in item.clips { text += "</g>" }
        }
    }

    private mutating func fill(_ fill: Fill) {
        shape(fill.shape)
        paint(fill.color)
        text += "/>"
    }

    /// The outline's element, left open for its paint (or closed as a clip path's).
    private mutating func shape(_ shape: Shape) {
        switch shape {
        case .polygon(let points):
            text += "<polygon points=\""
            for (i, p) in points.enumerated() {
                if i > 0 { text += " " }
                number(p.x)
                text += ","
                number(p.y)
            }
            text += "\""
        case .roundedRect(let rect, let radius, let placement):
            text += "<rect"
            if rect.origin.x != 0 { attribute("x", rect.origin.x) }
            if rect.origin.y != 0 { attribute("y", rect.origin.y) }
            attribute("width", rect.width)
            attribute("height", rect.height)
            let r = min(radius, rect.width / 2, rect.height / 2)
            if r > 0 { attribute("rx", r) }
            transform(placement)
        }
    }

    private mutating func label(_ label: Label) {
        text += "<text"
        transform(label.placement)
        attribute("x", label.centerX)
        attribute("y", label.baseline)
        attribute("font-size", label.fontSize)
        if !label.bold { text += " font-weight=\"normal\"" }
        text += " text-anchor=\"middle\""
        paint(label.color)
        text += ">"
        escaped(label.text)
        text += "</text>"
    }

    private mutating func paint(_ color: RGBA) {
        text += " fill=\""
        text += color.hex
        text += "\""
        if color.alpha < 0.9995 { attribute("fill-opacity", color.alpha, decimals: 3) }
    }

    private mutating func transform(_ t: Transform2D) {
        if t.a == 1, t.b == 0, t.c == 0, t.d == 1 {
            if t.tx == 0, t.ty == 0 { return }
            text += " transform=\"translate("
            number(t.tx)
            text += " "
            number(t.ty)
            text += ")\""
            return
        }
        text += " transform=\"matrix("
        for (i, v) in [t.a, t.b, t.c, t.d].enumerated() {
            if i > 0 { text += " " }
            number(v, decimals: 5)
        }
        text += " "
        number(t.tx)
        text += " "
        number(t.ty)
        text += ")\""
    }

    private mutating func attribute(_ name: String, _ value: Double, decimals: Int = 2) {
        text += " "
        text += name
        text += "=\""
        number(value, decimals: decimals)
        text += "\""
    }

    /// `value` with at most `decimals` decimals, trailing zeros dropped.
    mutating func number(_ value: Double, decimals: Int = 2) {
        guard value.isFinite else {
            text += "0"
            return
        }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else {
            // No decimals left to write; beyond Int's range (9.2e18) the conversion would
            // trap, and nothing that far away is on any picture, so it is written as 9e18.
            if value < 0 { text += "-" }
            text += String(Int(min(abs(value), 9e18).rounded()))
            return
        }
        var fraction = Int(scaled.truncatingRemainder(dividingBy: scale))
        let whole = Int((scaled - Double(fraction)) / scale)
        if value < 0, scaled != 0 { text += "-" }
        text += String(whole)
        guard fraction != 0 else { return }
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        text += "."
        let s = String(fraction)
        for _ in 0..<(digits - s.count) { text += "0" }
        text += s
    }

    /// Text content for XML (titles are the user's).
    mutating func escaped(_ s: String) {
        for c in s {
            switch c {
            case "&": text += "&amp;"
            case "<": text += "&lt;"
            case ">": text += "&gt;"
            case "\"": text += "&quot;"
            default: text.append(c)
            }
        }
    }
}
