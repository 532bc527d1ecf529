import StagehandSDK

// slide-pop declared once, and the two C symbols of libSlidePop.so: the entry the host
// looks up, and the factory the declaration names. Everything else is the SDK's.

extension SlidePop {
    static let declaration = EffectDeclaration(
        name: "slide-pop", kind: .pop, interactive: true, factory: "slide_pop_create",
        description: "Pop: the top view slides right over the one below, 0.25 s; a pan drives it, finishing past half the width (a system-cancelled pan counts as a release).",
        family: "iOS 7 recipes", source: "iOS 7 custom pop tutorial", author: "Stagehand", license: "MIT",
        parameters: Parameter("duration", default: 0.25, in: 0.01...10),
                    Parameter("threshold", default: 0.5, in: 0...1),
        make: { SlidePop(duration: $0, threshold: $1) })
}

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(name: "SlidePop", version: "1.0.0", effects: [SlidePop.declaration])
}

@_cdecl("slide_pop_create")
public func slidePopCreate(_ duration: Double, _ threshold: Double) -> UnsafeRawPointer? {
    SlidePop.declaration.export(duration, threshold)
}
