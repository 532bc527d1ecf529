/// UIView.AnimationOptions: the subset that changes what Stagehand computes.
public struct AnimationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Start from what is on screen when a property is already animating; without it
    /// the new animation starts from the in-flight animation's target (iOS 7's rule).
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)

    // The curve is a 2-bit field at bit 16, as UIKit's.
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    // Transitions for ViewController.transition(from:to:...) (a 3-bit field at bit 20).
    public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)

    var curve: TimingCurve {
        switch (rawValue >> 16) & 3 {
        case 1: return .easeIn
        case 2: return .easeOut
        case 3: return .linear
        default: return .easeInOut
        }
    }

    var transitionStyle: UInt { (rawValue >> 20) & 7 }
}
