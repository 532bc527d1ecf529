import StagehandCore

/// Building a screen's content as real subviews of its controller's view, so the
/// hierarchy, snapshots, transforms and the trace carry it like any other view.
extension ScreenContent {
    /// iOS's colours, as the content uses them.
    enum Ink {
        static let bar = Color(red: 247 / 255, green: 247 / 255, blue: 247 / 255)
        static let barTitle = Color(red: 17 / 255, green: 17 / 255, blue: 17 / 255)
        static let hairline = Color(red: 0, green: 0, blue: 0, alpha: 0.3)
        static let tint = Color(red: 0, green: 122 / 255, blue: 1)
        static let group = Color(red: 1, green: 1, blue: 1)
        static let label = Color(red: 28 / 255, green: 28 / 255, blue: 30 / 255)
        static let secondary = Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255)
        static let separator = Color(red: 198 / 255, green: 198 / 255, blue: 200 / 255)
        static let disclosure = Color(red: 199 / 255, green: 199 / 255, blue: 204 / 255)
        /// Icon colours, one per row in turn (red, orange, green, teal, indigo, pink).
        static let icons = [Color(red: 1, green: 59 / 255, blue: 48 / 255), Color(red: 1, green: 149 / 255, blue: 0),
                            Color(red: 52 / 255, green: 199 / 255, blue: 89 / 255), Color(red: 48 / 255, green: 176 / 255, blue: 199 / 255),
                            Color(red: 88 / 255, green: 86 / 255, blue: 214 / 255), Color(red: 1, green: 45 / 255, blue: 85 / 255)]
        /// Skies for pictures, one picked by the screen's title.
        static let skies = [Color(red: 0.42, green: 0.66, blue: 0.90), Color(red: 0.96, green: 0.64, blue: 0.38),
                            Color(red: 0.55, green: 0.78, blue: 0.62), Color(red: 0.70, green: 0.58, blue: 0.86)]
    }

    /// Margins and sizes, in points, as iOS lays out grouped lists.
    static let margin = 16.0
    static let barHeight = 44.0
    static let rowHeight = 52.0
    static let fieldHeight = 44.0
    static let lineHeight = 24.0
    static let buttonHeight = 50.0
    static let groupRadius = 12.0

    /// Adds the content to `view` (a controller's root view titled `title`), laid out in
    /// its bounds; a block that does not fit above the bottom margin is left out (a list
    /// keeps the rows that fit).
    public func install(in view: View, title: String) {
        guard !isEmpty else { return }
        let width = view.bounds.width, height = view.bounds.height
        let inner = width - 2 * Self.margin
        guard inner > 40 else { return }
        var y = 0.0
        let bottom = height - Self.margin

        if header, Self.barHeight <= height {
            let strip = Self.make(.panel, Rect(x: 0, y: 0, width: width, height: Self.barHeight), color: Ink.bar)
            strip.name = "header"
            tag(strip, .header)
            strip.addSubview(Self.make(.separator, Rect(x: 0, y: Self.barHeight - 0.5, width: width, height: 0.5), color: Ink.hairline))
            strip.addSubview(tag(Self.make(.title, Rect(x: width * 0.25, y: 11, width: width * 0.5, height: 22), color: Ink.barTitle,
                                           label: title), .title))
            if let back {
                strip.addSubview(Self.make(.chevron, Rect(x: 8, y: 12, width: 12, height: 20), color: Ink.tint, label: "back"))
                strip.addSubview(Self.make(.text, Rect(x: 24, y: 12, width: max(0, width * 0.25 - 28), height: 20), color: Ink.tint,
                                           label: back))
            }
            view.addSubview(strip)
            y = Self.barHeight
        }
        y += Self.margin

        if image {
            let h = min(220, inner * 0.6)
            if y + h <= bottom {
                let picture = Self.make(.image, Rect(x: Self.margin, y: y, width: inner, height: h), color: Self.sky(for: title))
                picture.cornerRadius = Self.groupRadius
                tag(picture, .image)
                view.addSubview(picture)
                y += h + Self.margin
            }
        }

        let fitting = min(rows.count, max(0, Int((bottom - y) / Self.rowHeight)))
        if fitting > 0 {
            let group = Self.group(Rect(x: Self.margin, y: y, width: inner, height: Double(fitting) * Self.rowHeight))
            for (i, row) in rows.prefix(fitting).enumerated() {
                let top = Double(i) * Self.rowHeight
                let icon = Self.make(.panel, Rect(x: 12, y: top + 12, width: 28, height: 28), color: Ink.icons[i % Ink.icons.count])
                icon.cornerRadius = 7
                group.addSubview(tag(icon, .row(i + 1)))
                group.addSubview(tag(Self.make(.text, Rect(x: 52, y: top + 16, width: max(0, inner - 84), height: 20), color: Ink.label,
                                               label: row), .rowText(i + 1)))
                group.addSubview(Self.make(.chevron, Rect(x: inner - 22, y: top + 19, width: 8, height: 14), color: Ink.disclosure,
                                           label: "disclosure"))
                if i < fitting - 1 {
                    group.addSubview(Self.make(.separator, Rect(x: 52, y: top + Self.rowHeight - 0.5, width: inner - 52, height: 0.5),
                                               color: Ink.separator))
                }
            }
            view.addSubview(tag(group, .list))
            y += group.bounds.height + Self.margin
        }

        if !fields.isEmpty, y + Double(fields.count) * Self.fieldHeight <= bottom {
            let group = Self.group(Rect(x: Self.margin, y: y, width: inner, height: Double(fields.count) * Self.fieldHeight))
            for (i, field) in fields.enumerated() {
                let top = Double(i) * Self.fieldHeight
                group.addSubview(tag(Self.make(.text, Rect(x: 16, y: top + 12, width: inner - 32, height: 20), color: Ink.secondary,
                                               label: field), .field(i + 1)))
                if i < fields.count - 1 {
                    group.addSubview(Self.make(.separator, Rect(x: 16, y: top + Self.fieldHeight - 0.5, width: inner - 16, height: 0.5),
                                               color: Ink.separator))
                }
            }
            view.addSubview(tag(group, .form))
            y += group.bounds.height + Self.margin
        }

        let note = 20 + Double(text.count) * Self.lineHeight
        if !text.isEmpty, y + note <= bottom {
            let group = Self.group(Rect(x: Self.margin, y: y, width: inner, height: note))
            for (i, line) in text.enumerated() {
                group.addSubview(tag(Self.make(.text, Rect(x: 16, y: 12 + Double(i) * Self.lineHeight, width: inner - 32, height: 19),
                                               color: Ink.label, label: line), .line(i + 1)))
            }
            view.addSubview(tag(group, .body))
            y += note + Self.margin
        }

        if let button, y + Self.buttonHeight <= bottom {
            let b = Self.make(.button, Rect(x: Self.margin, y: y, width: inner, height: Self.buttonHeight), color: Ink.tint, label: button)
            b.cornerRadius = Self.groupRadius
            view.addSubview(tag(b, .button))
        }
    }

    /// Gives `view` the match identifier the scenario set for `element`, if any.
    @discardableResult
    func tag(_ view: View, _ element: MatchElement) -> View {
        if let id = matches[element] { view.matchID = id }
        return view
    }

    static func make(_ kind: View.Kind, _ frame: Rect, color: Color, label: String? = nil) -> View {
        let v = View(frame: frame, kind: kind, label: label)
        v.backgroundColor = color
        return v
    }

    static func group(_ frame: Rect) -> View {
        let v = make(.panel, frame, color: Ink.group)
        v.cornerRadius = groupRadius
        return v
    }

    /// A sky colour from the title (FNV-1a: stable across runs), so a screen's picture is
    /// the same in every run and its snapshot matches it.
    static func sky(for title: String) -> Color {
        var hash: UInt32 = 2_166_136_261
        for byte in title.utf8 {
            hash ^= UInt32(byte)
            hash &*= 16_777_619
        }
        return Ink.skies[Int(hash % UInt32(Ink.skies.count))]
    }
}
