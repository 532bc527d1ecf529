/// The colours of the pictures. A screen's colour comes from its title through a stable
/// hash, so the same title is the same colour in every frame, every run and every format,
/// and a snapshot (which carries the title of the view it copies) looks like that view.
enum Palette {
    /// What shows where nothing is drawn: black, as behind UIKit's window (and behind the
    /// faces of a cube or a flip).
    static let background = RGBA(0, 0, 0)
    /// iOS 7's translucent bar colour, opaque here.
    static let navigationBar = RGBA(bytes: 247, 247, 247)
    /// The bar's bottom hairline.
    static let hairline = RGBA(0, 0, 0, 0.3)
    static let barTitle = RGBA(bytes: 17, 17, 17)
    /// UIKit's dimming views are black at 40 %.
    static let dimming = RGBA(0, 0, 0, 0.4)
    static let darkText = RGBA(bytes: 28, 28, 30)
    static let lightText = RGBA(1, 1, 1)

    /// The card colour of a screen titled `title`: FNV-1a (stable across runs, unlike
    /// Swift's seeded `Hasher`), mixed by SplitMix64's finaliser so that titles differing
    /// in one letter land far apart, picks a hue; saturation and lightness stay in a band
    /// that is neither garish nor muddy, and vary a little so neighbouring hues differ.
    static func card(for title: String) -> RGBA {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in title.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
        hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        let hue = Double(hash % 360)
        let saturation = 0.45 + Double((hash >> 20) % 20) / 100
        let lightness = 0.52 + Double((hash >> 40) % 12) / 100
        return hsl(hue, saturation, lightness)
    }

    /// White or dark text, whichever contrasts more with `fill`.
    static func text(on fill: RGBA) -> RGBA {
        // Contrast with white is 1.05 / (L + 0.05), with dark text (L ≈ 0.012) (L + 0.05) / 0.062.
        let l = fill.luminance
        return 1.05 / (l + 0.05) >= (l + 0.05) / 0.062 ? lightText : darkText
    }

    /// HSL (hue in degrees, the others in 0...1) to RGB.
    static func hsl(_ hue: Double, _ saturation: Double, _ lightness: Double) -> RGBA {
        let c = (1 - abs(2 * lightness - 1)) * saturation
        let h = hue / 60
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch h {
        case ..<1: (r, g, b) = (c, x, 0)
        case ..<2: (r, g, b) = (x, c, 0)
        case ..<3: (r, g, b) = (0, c, x)
        case ..<4: (r, g, b) = (0, x, c)
        case ..<5: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        let m = lightness - c / 2
        return RGBA(r + m, g + m, b + m)
    }
}
