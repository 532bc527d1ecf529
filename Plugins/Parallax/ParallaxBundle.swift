import StagehandSDK

// parallax-push and parallax-pop declared once, and the three C symbols of
// libParallax.so: the entry the host looks up, and the two factories the declarations
// name. Everything else is the SDK's.

extension Parallax {
    static let pushDeclaration = EffectDeclaration(
        name: "parallax-push", kind: .push, factory: "parallax_push_create",
        description: "Push: the whole navigation view, bar and page together, slides in from the right over a snapshot of the old screen placed beneath it, which drifts 30 % of the width left; spring, damping 1, 0.6 s. The snapshot is kept for parallax-pop.",
        family: "iOS 7 recipes", source: "KuGou-style push recipe", author: "Stagehand", license: "MIT",
        parameters: Parameter("duration", default: 0.6, in: 0.01...10),
                    Parameter("damping", default: 1.0, in: 0.01...10),
                    Parameter("offset", default: 0.3, in: 0...1),
        make: { Parallax(direction: .push, duration: $0, damping: $1, offset: $2, threshold: 0) })

    static let popDeclaration = EffectDeclaration(
        name: "parallax-pop", kind: .pop, interactive: true, factory: "parallax_pop_create",
        description: "Pop: the top page slides off to the right while the page below, shown by its push-time snapshot, comes back from 30 % of the width left, the navigation bar hidden until the end; spring, damping 1, 0.6 s. A pan anywhere on the page (gesture \"anywhere\"; \"edge\": only from the left edge) drives it linearly and finishes past a quarter of the width; a system-cancelled pan counts as a release.",
        family: "iOS 7 recipes", source: "KuGou-style push recipe", author: "Stagehand", license: "MIT",
        parameters: Parameter("duration", default: 0.6, in: 0.01...10),
                    Parameter("damping", default: 1.0, in: 0.01...10),
                    Parameter("offset", default: 0.3, in: 0...1),
                    Parameter("threshold", default: 0.25, in: 0...1),
                    Parameter("gesture", default: Gesture.anywhere.rawValue, choices: Gesture.allCases.map(\.rawValue)),
        make: { duration, damping, offset, threshold, gesture in
            // One of the choices: the declaration refused any other value.
            Gesture(rawValue: gesture).map {
                Parallax(direction: .pop, duration: duration, damping: damping, offset: offset, threshold: threshold, gesture: $0)
            }
        })
}

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(name: "Parallax", version: "1.0.0", effects: [Parallax.pushDeclaration, Parallax.popDeclaration])
}

@_cdecl("parallax_push_create")
public func parallaxPushCreate(_ duration: Double, _ damping: Double, _ offset: Double) -> UnsafeRawPointer? {
    Parallax.pushDeclaration.export(duration, damping, offset)
}

/// `gesture` is "anywhere" or "edge"; anything else makes no effect.
@_cdecl("parallax_pop_create")
public func parallaxPopCreate(_ duration: Double, _ damping: Double, _ offset: Double, _ threshold: Double,
                              _ gesture: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
    Parallax.popDeclaration.export(duration, damping, offset, threshold, gesture)
}
