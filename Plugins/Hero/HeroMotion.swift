import StagehandSDK

/// A Hero transition worked out for one screen: each view's pose at the start and at
/// the end, which view is on top, and the curve both follow.
struct HeroMotion: Equatable {
    var fromStart = HeroPose.identity
    var fromEnd = HeroPose.identity
    var toStart = HeroPose.identity
    var toEnd = HeroPose.identity
    /// Hero's `insertToViewFirst` negated: whether the incoming view is above the
    /// outgoing one.
    var toOnTop = true
    var curve = HeroCurve.standard
}
