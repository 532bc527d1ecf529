import StagehandABI

/// UIView.AnimationOptions: the members ABI 1.0 carries.
///
/// The curve is a two-bit field at bit 16, as UIKit's, so `[]` means `.curveEaseInOut`
/// (UIKit's default) and curve members are not meant to be combined with each other.
public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Start from what is on screen when a property is already animating, rather than
    /// from the running animation's target.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)

    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    /// The curve field as the header's `sh_curve` (the numbering is UIKit's, so it maps
    /// one to one).
    var curve: sh_curve {
        sh_curve(rawValue: UInt32((rawValue >> 16) & 3))
    }

    var flags: UInt32 {
        contains(.beginFromCurrentState) ? UInt32(SH_ANIMATION_BEGIN_FROM_CURRENT_STATE) : 0
    }
}
