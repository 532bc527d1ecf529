import StagehandCore

/// A finger on the screen as the pictures show it: a translucent disc the size of a
/// fingertip, pale with a darker rim, as the iOS simulator's "show touches" draws one,
/// so a run driven by touches shows where it was touched. Drawn above every view, at
/// the frame's `touches`; a picture made with `--hide-touches` has none (the trace keeps
/// them).
enum TouchDot {
    /// The disc's diameter in screen points: about a fingertip's contact.
    static let diameter = 40.0
    /// The width of the darker rim.
    static let rim = 3.0
    static let rimColor = RGBA(0.25, 0.25, 0.25, 0.4)
    static let coreColor = RGBA(0.92, 0.92, 0.92, 0.6)

    /// One item per finger at `touches` (`[x, y]` each; anything else is skipped).
    static func items(at touches: [[Double]]) -> [DisplayItem] {
        touches.compactMap { touch in
            guard touch.count == 2, touch.allSatisfy(\.isFinite) else { return nil }
            let placement = Transform2D(translationX: touch[0], y: touch[1])
            func disc(_ d: Double, _ color: RGBA) -> Fill {
                Fill(shape: .roundedRect(Rect(x: -d / 2, y: -d / 2, width: d, height: d), radius: d / 2, placement: placement),
                     color: color)
            }
            return DisplayItem(fills: [disc(diameter, rimColor), disc(diameter - 2 * rim, coreColor)], label: nil)
        }
    }
}
