import StagehandSDK

/// Hero's timing functions (Material Design's): every default animation uses
/// `standard`; those that bring a view in over the old one use `deceleration`.
enum HeroCurve {
    static let standard = TimingCurve(controlPoints: 0.4, 0, 0.2, 1)
    static let deceleration = TimingCurve(controlPoints: 0, 0, 0.2, 1)
}
