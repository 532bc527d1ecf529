import StagehandSDK

// The two C symbols of libFullScreenPop.so: the entry the host looks up, and the factory
// the manifest names. Everything else is the SDK's.

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(BundleManifest(name: "FullScreenPop", version: "1.0.0", effects: [
        EffectManifest(
            name: "full-screen-pop", kind: .interaction, interactive: true, factory: "full_screen_pop_create",
            parameters: [
                .double("maxStartX", default: 0, min: FullScreenPop.maxStartXs.lowerBound, max: FullScreenPop.maxStartXs.upperBound),
            ],
            description: "Interactive pop from a rightward pan anywhere on the screen (or within maxStartX points of the left edge when maxStartX > 0), driving the navigation controller's own pop handler: progress = translation.x / width, finishing on release when progress + velocity.x / width × 0.2 (the position 0.2 s ahead) passes 0.5; never on the root, during a transition, or over a controller flagged fullScreenPopDisabled.",
            author: "Stagehand", license: "MIT"),
    ]))
}

/// `sh_effect *full_screen_pop_create(double maxStartX)`
@_cdecl("full_screen_pop_create")
public func fullScreenPopCreate(maxStartX: Double) -> UnsafeRawPointer? {
    StagehandBundle.export(FullScreenPop(maxStartX: maxStartX))
}
