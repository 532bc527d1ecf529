import StagehandSDK

// The effects of libBouncePresent.so, each declared once, and the C symbols the host
// looks up: the bundle's entry and one factory per effect.

extension BouncePresent {
    static let declaration = EffectDeclaration(
        name: "bounce-present", kind: .present, factory: "bounce_present_create",
        description: "Present: the modal slides up from below the screen on a spring that overshoots a little and settles.",
        family: "iOS 7 recipes", source: "WWDC 2013 session 218", author: "Stagehand", license: "MIT",
        parameters: Parameter("duration", default: 0.8, in: 0.01...10).described("Seconds the spring runs for."),
                    Parameter("damping", default: 0.6, in: 0.01...1).described("UIKit's damping ratio: 1 settles without overshoot."),
                    Parameter("velocity", default: 0.0, in: -100...100),
        make: { BouncePresent(duration: $0, damping: $1, velocity: $2) })
}

extension NormalDismiss {
    static let declaration = EffectDeclaration(
        name: "normal-dismiss", kind: .dismiss, factory: "normal_dismiss_create",
        description: "Dismiss: the modal slides straight down off the screen, ease-in.",
        family: "iOS 7 recipes", source: "WWDC 2013 session 218", author: "Stagehand", license: "MIT",
        parameters: Parameter("duration", default: 0.3, in: 0.01...10),
        make: { NormalDismiss(duration: $0) })
}

extension SwipeDismiss {
    static let declaration = EffectDeclaration(
        name: "swipe-dismiss", kind: .dismiss, interactive: true, factory: "swipe_dismiss_create",
        description: "Interactive dismiss: a downward pan drags the modal down, finishing past half of 400 points.",
        family: "iOS 7 recipes", source: "WWDC 2013 session 218", author: "Stagehand", license: "MIT",
        parameters: Parameter("duration", default: 0.3, in: 0.01...10),
                    Parameter("distance", default: 400.0, in: 1...10_000),
                    Parameter("threshold", default: 0.5, in: 0...1),
        make: { SwipeDismiss(duration: $0, distance: $1, threshold: $2) })
}

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(name: "BouncePresent", version: "1.0.0",
                          effects: [BouncePresent.declaration, NormalDismiss.declaration, SwipeDismiss.declaration])
}

@_cdecl("bounce_present_create")
public func bouncePresentCreate(_ duration: Double, _ damping: Double, _ velocity: Double) -> UnsafeRawPointer? {
    BouncePresent.declaration.export(duration, damping, velocity)
}

@_cdecl("normal_dismiss_create")
public func normalDismissCreate(_ duration: Double) -> UnsafeRawPointer? {
    NormalDismiss.declaration.export(duration)
}

@_cdecl("swipe_dismiss_create")
public func swipeDismissCreate(_ duration: Double, _ distance: Double, _ threshold: Double) -> UnsafeRawPointer? {
    SwipeDismiss.declaration.export(duration, distance, threshold)
}
