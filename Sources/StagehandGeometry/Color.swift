/// A straight (not premultiplied) sRGB colour, each component in 0...1 (UIColor's
/// red/green/blue/alpha initialiser).
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A grey (UIColor(white:alpha:)).
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)

    /// The same colour with another alpha (UIColor.withAlphaComponent).
    public func withAlphaComponent(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
