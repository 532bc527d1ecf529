import StagehandSDK

// The C symbols of libPushStylePresent.so: the entry the host looks up, and the two
// factories the manifest names.

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(BundleManifest(name: "PushStylePresent", version: "1.0.0", effects: [
        EffectManifest(
            name: "push-style-present", kind: .present, interactive: false, factory: "push_style_present_create",
            parameters: [
                .double("duration", default: 0.3, min: PushStyleMotion.durations.lowerBound, max: PushStyleMotion.durations.upperBound),
                .double("offset", default: 1.0, min: PushStyleMotion.offsets.lowerBound, max: PushStyleMotion.offsets.upperBound),
            ],
            description: "Present as if pushed: over 0.3 s the presented view slides in from the right while the presenter travels the full width off to the left (offset 1; 0.3 gives UIKit's push parallax).",
            author: "Stagehand", license: "MIT"),
        EffectManifest(
            name: "pop-style-dismiss", kind: .dismiss, interactive: true, factory: "pop_style_dismiss_create",
            parameters: [
                .double("duration", default: 0.3, min: PushStyleMotion.durations.lowerBound, max: PushStyleMotion.durations.upperBound),
                .double("offset", default: 1.0, min: PushStyleMotion.offsets.lowerBound, max: PushStyleMotion.offsets.upperBound),
                .double("threshold", default: 0.5, min: PushStyleMotion.thresholds.lowerBound, max: PushStyleMotion.thresholds.upperBound),
            ],
            description: "Dismiss as if popped: the presenter comes back from the full width on the left (offset 1) while the presented view slides off to the right, 0.3 s; a left-edge pan drives it once the presented navigation controller's own pop gesture has failed, finishing past half the width (a system-cancelled pan counts as a release).",
            author: "Stagehand", license: "MIT"),
    ]))
}

/// `sh_effect *push_style_present_create(double duration, double offset)`
@_cdecl("push_style_present_create")
public func pushStylePresentCreate(duration: Double, offset: Double) -> UnsafeRawPointer? {
    StagehandBundle.export(PushStylePresent(duration: duration, offset: offset))
}

/// `sh_effect *pop_style_dismiss_create(double duration, double offset, double threshold)`
@_cdecl("pop_style_dismiss_create")
public func popStyleDismissCreate(duration: Double, offset: Double, threshold: Double) -> UnsafeRawPointer? {
    StagehandBundle.export(PopStyleDismiss(duration: duration, offset: offset, threshold: threshold))
}
