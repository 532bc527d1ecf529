import StagehandSDK

// The three C symbols of libParallax.so: the entry the host looks up, and the two
// factories the manifest names. Everything else is the SDK's.

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(BundleManifest(name: "Parallax", version: "1.0.0", effects: [
        EffectManifest(
            name: "parallax-push", kind: .push, interactive: false, factory: "parallax_push_create",
            parameters: [
                .double("duration", default: 0.6, min: Parallax.durations.lowerBound, max: Parallax.durations.upperBound),
                .double("damping", default: 1.0, min: Parallax.dampings.lowerBound, max: Parallax.dampings.upperBound),
                .double("offset", default: 0.3, min: Parallax.offsets.lowerBound, max: Parallax.offsets.upperBound),
            ],
            description: "Push: the whole navigation view, bar and page together, slides in from the right over a snapshot of the old screen placed beneath it, which drifts 30 % of the width left; spring, damping 1, 0.6 s. The snapshot is kept for parallax-pop.",
            author: "Stagehand", license: "MIT"),
        EffectManifest(
            name: "parallax-pop", kind: .pop, interactive: true, factory: "parallax_pop_create",
            parameters: [
                .double("duration", default: 0.6, min: Parallax.durations.lowerBound, max: Parallax.durations.upperBound),
                .double("damping", default: 1.0, min: Parallax.dampings.lowerBound, max: Parallax.dampings.upperBound),
                .double("offset", default: 0.3, min: Parallax.offsets.lowerBound, max: Parallax.offsets.upperBound),
                .double("threshold", default: 0.25, min: Parallax.thresholds.lowerBound, max: Parallax.thresholds.upperBound),
                .string("gesture", default: Parallax.Gesture.anywhere.rawValue),
            ],
            description: "Pop: the top page slides off to the right while the page below, shown by its push-time snapshot, comes back from 30 % of the width left, the navigation bar hidden until the end; spring, damping 1, 0.6 s. A pan anywhere on the page (gesture \"anywhere\"; \"edge\": only from the left edge) drives it linearly and finishes past a quarter of the width; a system-cancelled pan counts as a release.",
            author: "Stagehand", license: "MIT"),
    ]))
}

/// `sh_effect *parallax_push_create(double duration, double damping, double offset)`
@_cdecl("parallax_push_create")
public func parallaxPushCreate(duration: Double, damping: Double, offset: Double) -> UnsafeRawPointer? {
    StagehandBundle.export(Parallax(direction: .push, duration: duration, damping: damping, offset: offset,
                                    threshold: Parallax.thresholds.lowerBound))
}

/// `sh_effect *parallax_pop_create(double duration, double damping, double offset, double threshold,
/// const char *gesture)`: `gesture` is "anywhere" or "edge"; anything else makes no effect.
@_cdecl("parallax_pop_create")
public func parallaxPopCreate(duration: Double, damping: Double, offset: Double, threshold: Double,
                              gesture: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
    let name = gesture.map { String(cString: $0) } ?? ""
    guard let kind = Parallax.Gesture(rawValue: name) else {
        let expected = Parallax.Gesture.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
        Host.log("parallax-pop: parameter gesture: expected \(expected), got \"\(name)\"")
        return nil
    }
    return StagehandBundle.export(Parallax(direction: .pop, duration: duration, damping: damping, offset: offset,
                                           threshold: threshold, gesture: kind))
}
