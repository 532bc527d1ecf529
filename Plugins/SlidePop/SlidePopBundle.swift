import StagehandSDK

// The two C symbols of libSlidePop.so: the entry the host looks up, and the factory the
// manifest names. Everything else is the SDK's.

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(BundleManifest(name: "SlidePop", version: "1.0.0", effects: [
        EffectManifest(
            name: "slide-pop", kind: .pop, interactive: true, factory: "slide_pop_create",
            parameters: [
                .double("duration", default: 0.25, min: SlidePop.durations.lowerBound, max: SlidePop.durations.upperBound),
                .double("threshold", default: 0.5, min: SlidePop.thresholds.lowerBound, max: SlidePop.thresholds.upperBound),
            ],
            description: "Pop: the top view slides right over the one below, 0.25 s; a pan drives it, finishing past half the width (a system-cancelled pan counts as a release).",
            author: "Stagehand", license: "MIT"),
    ]))
}

/// `sh_effect *slide_pop_create(double duration, double threshold)`
@_cdecl("slide_pop_create")
public func slidePopCreate(duration: Double, threshold: Double) -> UnsafeRawPointer? {
    StagehandBundle.export(SlidePop(duration: duration, threshold: threshold))
}
