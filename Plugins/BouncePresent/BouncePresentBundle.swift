import StagehandSDK

// The C symbols of libBouncePresent.so: the entry the host looks up, and the three
// factories the manifest names.

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(BundleManifest(name: "BouncePresent", version: "1.0.0", effects: [
        EffectManifest(
            name: "bounce-present", kind: .present, interactive: false, factory: "bounce_present_create",
            parameters: [
                .double("duration", default: 0.8, min: ModalSlide.durations.lowerBound, max: ModalSlide.durations.upperBound),
                .double("damping", default: 0.6, min: ModalSlide.dampings.lowerBound, max: ModalSlide.dampings.upperBound),
                .double("velocity", default: 0, min: ModalSlide.velocities.lowerBound, max: ModalSlide.velocities.upperBound),
            ],
            description: "Present: the modal slides up from below the screen on a spring that overshoots a little and settles.",
            author: "Stagehand", license: "MIT"),
        EffectManifest(
            name: "normal-dismiss", kind: .dismiss, interactive: false, factory: "normal_dismiss_create",
            parameters: [
                .double("duration", default: 0.3, min: ModalSlide.durations.lowerBound, max: ModalSlide.durations.upperBound),
            ],
            description: "Dismiss: the modal slides straight down off the screen, ease-in.",
            author: "Stagehand", license: "MIT"),
        EffectManifest(
            name: "swipe-dismiss", kind: .dismiss, interactive: true, factory: "swipe_dismiss_create",
            parameters: [
                .double("duration", default: 0.3, min: ModalSlide.durations.lowerBound, max: ModalSlide.durations.upperBound),
                .double("distance", default: 400, min: ModalSlide.distances.lowerBound, max: ModalSlide.distances.upperBound),
                .double("threshold", default: 0.5, min: ModalSlide.thresholds.lowerBound, max: ModalSlide.thresholds.upperBound),
            ],
            description: "Interactive dismiss: a downward pan drags the modal down, finishing past half of 400 points.",
            author: "Stagehand", license: "MIT"),
    ]))
}

/// `sh_effect *bounce_present_create(double duration, double damping, double velocity)`
@_cdecl("bounce_present_create")
public func bouncePresentCreate(duration: Double, damping: Double, velocity: Double) -> UnsafeRawPointer? {
    StagehandBundle.export(BouncePresent(duration: duration, damping: damping, velocity: velocity))
}

/// `sh_effect *normal_dismiss_create(double duration)`
@_cdecl("normal_dismiss_create")
public func normalDismissCreate(duration: Double) -> UnsafeRawPointer? {
    StagehandBundle.export(NormalDismiss(duration: duration))
}

/// `sh_effect *swipe_dismiss_create(double duration, double distance, double threshold)`
@_cdecl("swipe_dismiss_create")
public func swipeDismissCreate(duration: Double, distance: Double, threshold: Double) -> UnsafeRawPointer? {
    StagehandBundle.export(SwipeDismiss(duration: duration, distance: distance, threshold: threshold))
}
