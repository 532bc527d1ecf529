import StagehandSDK

// full-screen-pop declared once, and the two C symbols of libFullScreenPop.so: the entry
// the host looks up, and the factory the declaration names. Everything else is the SDK's.

extension FullScreenPop {
    static let declaration = EffectDeclaration(
        name: "full-screen-pop", kind: .interaction, interactive: true, factory: "full_screen_pop_create",
        description: "Interactive pop from a rightward pan anywhere on the screen (or within maxStartX points of the left edge when maxStartX > 0), driving the navigation controller's own pop handler: progress = translation.x / width, finishing on release when progress + velocity.x / width × 0.2 (the position 0.2 s ahead) passes 0.5; never on the root, during a transition, or over a controller flagged fullScreenPopDisabled.",
        family: "iOS 7 recipes", source: "full screen pop gesture recipe", author: "Stagehand", license: "MIT",
        parameters: Parameter("maxStartX", default: 0.0, in: 0...8192),
        make: { FullScreenPop(maxStartX: $0) })
}

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(name: "FullScreenPop", version: "1.0.0", effects: [FullScreenPop.declaration])
}

@_cdecl("full_screen_pop_create")
public func fullScreenPopCreate(_ maxStartX: Double) -> UnsafeRawPointer? {
    FullScreenPop.declaration.export(maxStartX)
}
