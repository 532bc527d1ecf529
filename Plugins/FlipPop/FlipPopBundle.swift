import StagehandSDK

// flip-pop declared once, and the two C symbols of libFlipPop.so: the entry the host
// looks up, and the factory the declaration names.

extension FlipPop {
    static let declaration = EffectDeclaration(
        name: "flip-pop", kind: .pop, factory: "flip_pop_create",
        description: "Pop: flip from the left about the vertical axis over 0.25 s (the slide pop's duration), the from-view turning away to 90° in the first half (ease-in) and the to-view turning in from -90° in the second (ease-out; both linear when driven), perspective m34 = -1/500.",
        family: "iOS 7 recipes", source: "iOS 7 custom pop tutorial", author: "Stagehand", license: "MIT",
        parameters: Parameter("duration", default: 0.25, in: 0.01...10),
                    Parameter("m34", default: -0.002, in: -0.01...0),
        make: { FlipPop(duration: $0, m34: $1) })
}

@_cdecl("stagehand_bundle_entry")
public func stagehandBundleEntry() -> UnsafeRawPointer {
    StagehandBundle.entry(name: "FlipPop", version: "1.0.0", effects: [FlipPop.declaration])
}

@_cdecl("flip_pop_create")
public func flipPopCreate(_ duration: Double, _ m34: Double) -> UnsafeRawPointer? {
    FlipPop.declaration.export(duration, m34)
}
