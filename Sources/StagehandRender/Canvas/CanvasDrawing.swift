import StagehandCore
import StagehandTrace
@_spi(Shared) import StagehandShared

/// One frame's display list as compact JSON, for a browser to paint on a 2D canvas: the
/// same shapes, colours, clipping and numbers cairo and the SVG writer are given, so a
/// live page shows what `stagehand play --out` renders.
///
///     {"bg":"#000000","items":[
///       {"p":[x0,y0,x1,y1,…],"c":"#rrggbb","a":0.5},                 a polygon (3D face)
///       {"r":[x,y,w,h,radius],"m":[a,b,c,d,tx,ty],"c":"#rrggbb"},     a rounded rectangle placed by m
///       {"t":"Title","s":28,"x":cx,"y":baseline,"m":[…],"c":"#rrggbb"} a title, bold DejaVu Sans, centred on x
///       {"k":[{"p":[…]},{"r":[…],"m":[…]}]}                           the clip for the items after it
///       {"g":"begin","a":0.5,"o":"lighter"}, …, {"g":"end"}           a group (see below)
///     ]}
///
/// Items are back to front, in screen points; `a` (opacity) is left out when 1. A `k`
/// item replaces the clip in force: the items after it are drawn inside every shape it
/// lists (their intersection; an empty polygon shows nothing), until the next `k`
/// (`{"k":[]}`: no clipping). Items start unclipped, and a `k` is sent only where the
/// clip changes, so the subviews of one clipping view share one.
///
/// A `g` item opens or closes a group: the items between are drawn on a transparent
/// layer of their own, which the closing item puts on what lay below with opacity `a`,
/// added (`"o":"lighter"`, the canvas's `globalCompositeOperation = 'lighter'`: a
/// plus-lighter view) or over (`"o":"over"`: the isolated parent of plus-lighter views).
/// Groups nest; each starts and ends with no clip in force (a `k` follows when its first
/// item is clipped), as cairo and SVG clip the group's items, not the group.
extension Renderer {
    public func canvasDrawing(frame: Trace.Frame) throws(RenderError) -> String {
        let list = try displayLists([frame])[0]
        var w = SVGWriter(capacity: 2048)
        w.append("{\"bg\":\"\(list.background.hex)\",\"items\":[")
        var first = true
        func separator(_ w: inout SVGWriter) {
            if !first { w.append(",") }
            first = false
        }
        var clipInForce = "[]"
        for item in list.items {
            if let mark = item.group {
                separator(&w)
                switch mark {
                case .begin(let alpha, let additive):
                    w.append("{\"g\":\"begin\",\"a\":")
                    w.number(alpha, decimals: 3)
                    w.append(additive ? ",\"o\":\"lighter\"}" : ",\"o\":\"over\"}")
                case .end:
                    w.append("{\"g\":\"end\"}")
                }
                clipInForce = "[]"
                continue
            }
            // Most items clip nothing: no text is made for them.
            let clip = item.clips.isEmpty ? "[]" : clipText(item.clips)
            if clip != clipInForce {
                separator(&w)
                w.append("{\"k\":" + clip + "}")
                clipInForce = clip
            }
            for fill in item.fills {
                separator(&w)
                outline(fill.shape, into: &w)
                paint(fill.color, into: &w)
            }
            if let label = item.label {
                separator(&w)
                w.append("{\"t\":")
                w.append(Self.jsonString(label.text))
                w.append(",\"s\":")
                w.number(label.fontSize)
                w.append(",\"x\":")
                w.number(label.centerX)
                w.append(",\"y\":")
                w.number(label.baseline)
                w.append(",")
                matrix(label.placement, into: &w)
                paint(label.color, into: &w)
            }
        }
        w.append("]}")
        return w.text
    }

    /// The shapes of a `k` item: `[{"p":[…]},{"r":[…],"m":[…]}]`.
    private func clipText(_ shapes: [Shape]) -> String {
        var w = SVGWriter(capacity: 128)
        w.append("[")
        for (i, shape) in shapes.enumerated() {
            if i > 0 { w.append(",") }
            outline(shape, into: &w)
            w.append("}")
        }
        w.append("]")
        return w.text
    }

    /// A shape's fields, object left open: `{"p":[…]` or `{"r":[…],"m":[…]`.
    private func outline(_ shape: Shape, into w: inout SVGWriter) {
        switch shape {
        case .polygon(let points):
            w.append("{\"p\":[")
            for (i, p) in points.enumerated() {
                if i > 0 { w.append(",") }
                w.number(p.x)
                w.append(",")
                w.number(p.y)
            }
            w.append("]")
        case .roundedRect(let rect, let radius, let placement):
            w.append("{\"r\":[")
            w.number(rect.origin.x)
            w.append(",")
            w.number(rect.origin.y)
            w.append(",")
            w.number(rect.width)
            w.append(",")
            w.number(rect.height)
            w.append(",")
            w.number(max(0, min(radius, rect.width / 2, rect.height / 2)))
            w.append("],")
            matrix(placement, into: &w)
        }
    }

    private func matrix(_ t: Transform2D, into w: inout SVGWriter) {
        w.append("\"m\":[")
        for (i, v) in [t.a, t.b, t.c, t.d].enumerated() {
            if i > 0 { w.append(",") }
            w.number(v, decimals: 5)
        }
        w.append(",")
        w.number(t.tx)
        w.append(",")
        w.number(t.ty)
        w.append("]")
    }

    private func paint(_ color: RGBA, into w: inout SVGWriter) {
        w.append(",\"c\":\"\(color.hex)\"")
        if color.alpha < 0.9995 {
            w.append(",\"a\":")
            w.number(color.alpha, decimals: 3)
        }
        w.append("}")
    }

    /// A JSON string literal (titles are the user's), safe inside the page's script.
    static func jsonString(_ text: String) -> String {
        jsonStringLiteral(text, inScript: true)
    }
}
