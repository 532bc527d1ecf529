import Foundation

/// A straight (not premultiplied) colour with components in 0...1: what the display list
/// carries, so cairo and SVG are given the very same numbers.
struct RGBA: Hashable, Sendable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double

    init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From 0...255 components, as colours are usually written down.
    init(bytes red: Int, _ green: Int, _ blue: Int, _ alpha: Double = 1) {
        self.init(Double(red) / 255, Double(green) / 255, Double(blue) / 255, alpha)
    }

    /// The same colour, `opacity` times as opaque: a view's colour under its opacity
    /// (its alpha times its ancestors').
    func fading(_ opacity: Double) -> RGBA {
        RGBA(red, green, blue, alpha * opacity)
    }

    var isVisible: Bool { alpha > 0.001 }

    /// WCAG's relative luminance: decides whether a title reads better white or dark.
    var luminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// `#rrggbb` for SVG's `fill` (the alpha goes into `fill-opacity`). A component out of
    /// 0...1 is clamped, and one that is not a number at all (which no trace the host
    /// writes holds) reads as 0 rather than trapping in the conversion to a byte.
    var hex: String {
        func byte(_ c: Double) -> Int { Int(((c >= 1 ? 1 : (c > 0 ? c : 0)) * 255).rounded()) }
        let digits = Array("0123456789abcdef")
        var out = "#"
        for c in [red, green, blue] {
            let b = byte(c)
            out.append(digits[b >> 4])
            out.append(digits[b & 15])
        }
        return out
    }
}
