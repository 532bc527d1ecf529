import StagehandSDK

// The two C symbols of libFlipPop.so: the entry the host looks up, and the factory the
// manifest names.

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(BundleManifest(name: "FlipPop", version: "1.0.0", effects: [
        EffectManifest(
            name: "flip-pop", kind: .pop, interactive: false, factory: "flip_pop_create",
            parameters: [
                .double("duration", default: 0.25, min: FlipPop.durations.lowerBound, max: FlipPop.durations.upperBound),
                .double("m34", default: -0.002, min: FlipPop.perspectives.lowerBound, max: FlipPop.perspectives.upperBound),
            ],
            description: "Pop: flip from the left about the vertical axis over 0.25 s (the slide pop's duration), the from-view turning away to 90° in the first half (ease-in) and the to-view turning in from -90° in the second (ease-out; both linear when driven), perspective m34 = -1/500.",
            author: "Stagehand", license: "MIT"),
    ]))
}

/// `sh_effect *flip_pop_create(double duration, double m34)`
@_cdecl("flip_pop_create")
public func flipPopCreate(duration: Double, m34: Double) -> UnsafeRawPointer? {
    StagehandBundle.export(FlipPop(duration: duration, m34: m34))
}
