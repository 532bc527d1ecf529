import StagehandTrace

/// The page `stagehand preview --all` writes beside the GIFs: one card per effect with
/// its picture, name, family and the library it recreates (the manifest's `family` and
/// `source`; "—" when the manifest has none), kind, parameters (default and bounds) and
/// description. Plain HTML
/// and CSS, no script and no network, so it opens from the folder as it is.
public struct GalleryPage {
    public var title: String
    private var cards: [String] = []

    public init(title: String) {
        self.title = title
    }

    /// Adds `effect`, shown by the picture `image` (a path relative to the page), or as
    /// missing when it could not be rendered.
    public mutating func add(_ effect: EffectInfo, image: String?) {
        var html = "<figure class=\"card\">"
        if let image {
            html += "<img src=\"\(escape(image))\" alt=\"\(escape(effect.name))\" loading=\"lazy\">"
        } else {
            html += "<div class=\"missing\">not rendered</div>"
        }
        html += "<figcaption><h2>\(escape(effect.name))</h2>"
        html += "<p class=\"family\">\(escape(Self.shown(effect.family))) · from \(escape(Self.shown(effect.origin)))</p>"
        html += "<p class=\"kind\">\(effect.kind.rawValue)"
        if effect.interactive { html += " · interactive" }
        html += "</p>"
        if !effect.parameters.isEmpty {
            html += "<table>"
            for p in effect.parameters {
                var bounds = ""
                switch (p.minimum, p.maximum) {
                case let (min?, max?): bounds = "\(min) … \(max)"
                case let (min?, nil): bounds = "≥ \(min)"
                case let (nil, max?): bounds = "≤ \(max)"
                case (nil, nil): bounds = ""
                }
                html += "<tr><td>\(escape(p.name))</td><td>\(escape(p.defaultValue.description))</td><td>\(p.type.rawValue)</td><td>\(escape(bounds))</td></tr>"
            }
            html += "</table>"
        }
        html += "<p>\(escape(effect.description))</p></figcaption></figure>\n"
        cards.append(html)
    }

    /// A manifest field as the page shows it: "—" when absent or empty.
    static func shown(_ field: String?) -> String {
        guard let field, !field.allSatisfy(\.isWhitespace) else { return "—" }
        return field
    }

    public var html: String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>
        body{margin:0;padding:24px;background:#f2f2f7;color:#1c1c1e;font:14px/1.4 "DejaVu Sans",sans-serif}
        h1{font-size:22px;margin:0 0 20px}
        main{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:20px}
        .card{margin:0;background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 1px 4px rgba(0,0,0,.12)}
        .card img{display:block;width:100%;height:auto;background:#000}
        .missing{aspect-ratio:390/844;display:flex;align-items:center;justify-content:center;background:#ddd;color:#666}
        figcaption{padding:12px 14px}
        h2{font-size:16px;margin:0}
        .family{margin:2px 0 0;color:#3a3a3c}
        .kind{margin:2px 0 8px;color:#6e6e73}
        table{border-collapse:collapse;font-size:12px;margin-bottom:8px}
        td{padding:1px 8px 1px 0;color:#3a3a3c;white-space:nowrap}
        </style></head><body>
        <h1>\(escape(title))</h1>
        <main>
        \(cards.joined())</main>
        </body></html>

        """
    }

    private func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
